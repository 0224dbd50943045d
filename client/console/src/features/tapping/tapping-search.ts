import { z } from 'zod';
import { optionalIdParam, pageParam } from '../../lib/search-schemas';

/** `tapping` is the record whose details are open. */
export const tappingSearchSchema = z.object({ page: pageParam, tapping: optionalIdParam });
export type TappingSearch = z.output<typeof tappingSearchSchema>;
