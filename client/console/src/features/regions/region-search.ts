import { z } from 'zod';
import { optionalTextParam, pageParam } from '../../lib/search-schemas';

/** The region screen's view in the URL: zero-based page and the search over that page. */
export const regionSearchSchema = z.object({ page: pageParam, q: optionalTextParam });
