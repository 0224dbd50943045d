import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from '../../api/api-client';

/** Countries per page of the country list (docs/console.md#paging-rules). */
export const COUNTRY_PAGE_SIZE = 6;

/** The message of the full-screen error (docs/console.md#faults-and-retries): the HTTP status, or a generic one. */
export function countryListErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return `HTTP error! status: ${error.status}`;
  return 'Đã xảy ra lỗi';
}

/** One page of the country list, from `GET /country/all` (used directly, size 6). */
export function countriesQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['countries', 'page', page, COUNTRY_PAGE_SIZE],
    queryFn: () => api.countryAll({ page, size: COUNTRY_PAGE_SIZE }),
  });
}
