import { useQuery } from '@tanstack/react-query';
import { regionsQueryOptions } from './regions-query';

export function RegionName({ countryId }: { countryId: number }) {
  const { data } = useQuery(regionsQueryOptions(countryId));
  return <h2>{data?.name}</h2>;
}
