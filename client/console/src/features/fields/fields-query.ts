import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { walkPages, type WalkOptions } from '../../lib/walk-pages';

export const DASHBOARD_PAGE_SIZE = 6;

/** One page of fields: of a region when one is chosen, else of every region of the country. */
export function fieldsPageQueryOptions(place: { countryId: number; regionId: number | undefined }, page: number) {
  return queryOptions({
    queryKey: place.regionId ? ['fields', 'region', place.regionId, 'page', page] : ['fields', 'country', place.countryId, 'page', page],
    queryFn: () =>
      place.regionId
        ? api.fieldsOfRegion({ regionId: place.regionId, page, size: DASHBOARD_PAGE_SIZE })
        : api.fieldsOfCountry({ countryId: place.countryId, page, size: DASHBOARD_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

/** Every field of a region, for the plan screen's field dropdown. */
export function allFieldsOfRegionQueryOptions(regionId: number, walk?: Pick<WalkOptions, 'beforeRest'>) {
  return queryOptions({
    queryKey: ['fields', 'region', regionId, 'all'],
    queryFn: () =>
      walkPages(
        (page) => api.fieldsOfRegion({ regionId, page, size: DASHBOARD_PAGE_SIZE }),
        DASHBOARD_PAGE_SIZE,
        walk,
      ),
    staleTime: 5 * 60_000,
  });
}
