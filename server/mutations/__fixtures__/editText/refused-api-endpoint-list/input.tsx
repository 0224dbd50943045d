import { useQuery } from '@tanstack/react-query';
import { regionsQueryOptions } from './regions-query';

function filterByText<T>(items: T[], text: string, name: (item: T) => string): T[] {
  return items.filter((item) => name(item).includes(text));
}

export function RegionRows({ countryId, search }: { countryId: number; search: string }) {
  const { data } = useQuery(regionsQueryOptions(countryId));
  const shown = data ? filterByText(data.content, search, (region) => region.regionName) : [];
  return (
    <tbody>
      {shown.map((region) => (
        <tr key={region.regionId}>
          <td>{region.regionName}</td>
        </tr>
      ))}
    </tbody>
  );
}
