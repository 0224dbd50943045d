import { continents } from 'countries-list';

export function Continent() {
  return <p>{continents.AS}</p>;
}
