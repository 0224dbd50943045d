/** Query-option factories of the rubber-tree screens, shared by each route's loader and its component. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api-client';

/** Trees per page (docs/console.md#paging-rules). */
export const TREE_PAGE_SIZE = 6;

export const treeKeys = {
  all: ['rubber-trees'] as const,
  field: (fieldId: number) => [...treeKeys.all, 'field', fieldId] as const,
  page: (fieldId: number, page: number) => [...treeKeys.field(fieldId), 'page', page] as const,
  measurements: (treeId: number) => [...treeKeys.all, 'measurements', treeId] as const,
};

export function treePageQueryOptions(fieldId: number, page: number) {
  return queryOptions({
    queryKey: treeKeys.page(fieldId, page),
    queryFn: () => api.treesOfField({ fieldId, page, size: TREE_PAGE_SIZE }),
  });
}

export function treeMeasurementsQueryOptions(treeId: number) {
  return queryOptions({
    queryKey: treeKeys.measurements(treeId),
    queryFn: () => api.treeMeasurements(treeId),
  });
}
