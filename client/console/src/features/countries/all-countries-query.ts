import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { walkPages } from '../../lib/walk-pages';

const DROPDOWN_PAGE_SIZE = 6;

/** Every country, for the dropdowns: `/vam/country/all` walked page by page (docs/console.md#place-rules). */
export function allCountriesQueryOptions() {
  return queryOptions({
    queryKey: ['countries', 'all'],
    queryFn: ({ signal }) =>
      walkPages((page) => api.vamCountryAll({ page, size: DROPDOWN_PAGE_SIZE }, { signal }), DROPDOWN_PAGE_SIZE),
    staleTime: 5 * 60_000,
  });
}
