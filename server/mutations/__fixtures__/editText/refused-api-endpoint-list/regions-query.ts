import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

export function regionsQueryOptions(countryId: number) {
  return queryOptions({ queryKey: ['regions', countryId], queryFn: () => api.regionsOfCountry({ countryId }) });
}
