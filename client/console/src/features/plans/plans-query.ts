import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { DASHBOARD_PAGE_SIZE } from '../fields/fields-query';

export function plansPageQueryOptions(fieldId: number, page: number) {
  return queryOptions({
    queryKey: ['plans', 'field', fieldId, 'page', page],
    queryFn: () => api.plansOfField({ fieldId, page, size: DASHBOARD_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

export function planDetailQueryOptions(planId: number) {
  return queryOptions({
    queryKey: ['plans', 'detail', planId],
    queryFn: () => api.planDetail({ planId }),
  });
}
