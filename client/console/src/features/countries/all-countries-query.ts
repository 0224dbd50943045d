import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { walkPages, type WalkOptions } from '../../lib/walk-pages';

const DROPDOWN_PAGE_SIZE = 6;

/** Every country, for the dropdowns: `/vam/country/all` walked page by page (docs/console.md#place-rules). */
export function allCountriesQueryOptions(walk?: Pick<WalkOptions, 'beforeRest'>) {
  return queryOptions({
    queryKey: ['countries', 'all'],
    queryFn: () =>
      walkPages((page) => api.vamCountryAll({ page, size: DROPDOWN_PAGE_SIZE }), DROPDOWN_PAGE_SIZE, walk),
    staleTime: 5 * 60_000,
  });
}
