import { z } from 'zod';
import { optionalIdParam, pageParam } from '../../lib/search-schemas';

export const fieldSearchSchema = z.object({ countryId: optionalIdParam, regionId: optionalIdParam, page: pageParam });
export type FieldSearch = z.output<typeof fieldSearchSchema>;
