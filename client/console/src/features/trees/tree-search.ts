import { z } from 'zod';
import { pageParam } from '../../lib/search-schemas';

/** `?page=` is zero-based (docs/console.md#paging-rules). */
export const treeListSearchSchema = z.object({ page: pageParam });

/** Where the detail page was opened from: the list passes the tree's real location and field along. */
export interface TreeOrigin {
  fieldId: number;
  location: string;
}

/** Reads the origin the list put in the history entry; anything else (a direct visit) is no origin. */
export function treeOriginOf(state: unknown): TreeOrigin | null {
  const origin = (state as { treeOrigin?: unknown } | null | undefined)?.treeOrigin;
  const parsed = z.object({ fieldId: z.number().int().min(1), location: z.string() }).safeParse(origin);
  return parsed.success ? parsed.data : null;
}

/**
 * Where the tree is, for the detail page's header and its way back: what the list passed along, else the tree's own
 * field and location that the measurements carry (extension fields), else nothing known.
 */
export function treeContext(
  origin: TreeOrigin | null,
  measurements: ReadonlyArray<{ fieldId?: number | undefined; location?: string | undefined }> | undefined,
): { fieldId: number | undefined; location: string | undefined } {
  if (origin) return { fieldId: origin.fieldId, location: origin.location.trim() || undefined };
  const known = measurements?.find((m) => m.fieldId !== undefined);
  return { fieldId: known?.fieldId, location: known?.location?.trim() || undefined };
}

declare module '@tanstack/history' {
  interface HistoryState {
    treeOrigin?: TreeOrigin;
  }
}
