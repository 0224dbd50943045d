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

declare module '@tanstack/history' {
  interface HistoryState {
    treeOrigin?: TreeOrigin;
  }
}
