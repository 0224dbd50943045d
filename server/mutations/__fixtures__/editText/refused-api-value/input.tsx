import { useCountry } from './api';

export function CountryName() {
  const { data } = useCountry();
  return <h2>{data.countryName}</h2>;
}
