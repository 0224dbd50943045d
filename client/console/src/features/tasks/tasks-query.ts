import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import type { AppliedTaskFilter } from './task-filter';

/** A page of tasks: all of them, or those of one robot or one plan. The answers nest the page under `data`. */
export function tasksPageQueryOptions(filter: AppliedTaskFilter, page: number) {
  return queryOptions({
    queryKey: ['tasks', filter.by, filter.id ?? null, 'page', page],
    queryFn: async () => {
      const answer =
        filter.by === 'robot' && filter.id !== undefined
          ? await api.tasksOfRobot({ robotId: filter.id, page })
          : filter.by === 'plan' && filter.id !== undefined
            ? await api.tasksOfPlan({ planId: filter.id, page })
            : await api.taskAll({ page });
      return answer.data;
    },
    placeholderData: keepPreviousData,
  });
}
