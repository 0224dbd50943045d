import { z } from 'zod';
import { optionalIdParam, optionalTextParam, pageParam } from '../../lib/search-schemas';
import { ROBOT_STATUSES } from './robot-filter';

/** `robot` is the robot whose details are open. */
export const robotSearchSchema = z.object({
  page: pageParam,
  q: optionalTextParam,
  type: optionalTextParam,
  status: z.enum(ROBOT_STATUSES).optional().catch(undefined),
  robot: optionalIdParam,
});
export type RobotSearch = z.output<typeof robotSearchSchema>;
