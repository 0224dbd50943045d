import { z } from 'zod';
import { optionalIdParam, pageParam } from '../../lib/search-schemas';
import { TASK_FILTER_MODES } from './task-filter';

export const taskSearchSchema = z.object({
  by: z.enum(TASK_FILTER_MODES).default('all').catch('all'),
  id: optionalIdParam,
  page: pageParam,
});
export type TaskSearch = z.output<typeof taskSearchSchema>;
