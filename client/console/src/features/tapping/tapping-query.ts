import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api-client';

/** A page of tapping records; the answer nests the page under `data`. */
export function tappingPageQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['tapping', 'page', page],
    queryFn: async () => (await api.tappingList({ page })).data,
    placeholderData: keepPreviousData,
  });
}

export function tappingDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['tapping', 'detail', id],
    queryFn: async () => (await api.tappingDetail(id)).data,
  });
}
