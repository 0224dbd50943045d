import { z } from 'zod';
import { optionalIdParam, pageParam } from '../../lib/search-schemas';

/** `plan` is the plan whose details are open, so a shared link opens them too. */
export const planSearchSchema = z.object({
  countryId: optionalIdParam,
  regionId: optionalIdParam,
  fieldId: optionalIdParam,
  page: pageParam,
  plan: optionalIdParam,
});
export type PlanSearch = z.output<typeof planSearchSchema>;
