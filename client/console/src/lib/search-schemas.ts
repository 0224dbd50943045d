/**
 * Pieces of the screens' URL search schemas (zod, given to the routes' `validateSearch`). Every param is
 * optional in links and navigations; a malformed value in a shared link falls back to the screen's default
 * instead of breaking the screen. A page past the last one is refused by the screen itself once it knows how
 * many pages there are.
 */
import { z } from 'zod';

/** A zero-based page index. */
export const pageParam = z.number().int().min(0).default(0).catch(0);

/** An optional positive id (a selection or a filter). */
export const optionalIdParam = z.number().int().min(1).optional().catch(undefined);

/** An optional free text. */
export const optionalTextParam = z.string().optional().catch(undefined);
