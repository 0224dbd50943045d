import { useCountry } from './use-country';

export function CountryName() {
  const { data } = useCountry();
  return <h2>{data.countryName}</h2>;
}
