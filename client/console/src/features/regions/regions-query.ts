import { queryOptions } from '@tanstack/react-query';
import type { Page, Region } from '@contracts/api';
import { emptyPage } from '@contracts/spring-page';
import { api, ApiError } from '../../api/api-client';
import { walkPages, type WalkOptions } from '../../lib/walk-pages';

const REGION_PAGE_SIZE = 6;

/** The robot and region screens' wording for a failed list (docs/console.md#faults-and-retries). */
export const LIST_FAILED = 'Network response was not ok';

/** One page of a country's regions; an unknown country (404) has none (docs/console.md#regions). */
async function regionsOrNone(countryId: number, page: number): Promise<Page<Region>> {
  try {
    return await api.regionsOfCountry({ countryId, page, size: REGION_PAGE_SIZE });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return emptyPage(REGION_PAGE_SIZE, page);
    throw error;
  }
}

export function regionsPageQueryOptions(countryId: number, page: number) {
  return queryOptions({
    queryKey: ['regions', countryId, 'page', page],
    queryFn: () => regionsOrNone(countryId, page),
  });
}

/** Every region of a country, for the dropdowns (walked page by page). */
export function allRegionsQueryOptions(countryId: number, walk?: Pick<WalkOptions, 'beforeRest'>) {
  return queryOptions({
    queryKey: ['regions', countryId, 'all'],
    queryFn: () => walkPages((page) => regionsOrNone(countryId, page), REGION_PAGE_SIZE, walk),
    staleTime: 5 * 60_000,
  });
}
