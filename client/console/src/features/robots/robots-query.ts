import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api-client';

/** A page of robots; the page size is the server's. */
export function robotsPageQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['robots', 'page', page],
    queryFn: () => api.robotList({ page }),
  });
}

export function robotDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['robots', 'detail', id],
    queryFn: () => api.robotDetail(id),
  });
}
