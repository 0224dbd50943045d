/**
 * Whether the page is framed by the studio, and what the frame's address asks for. The studio and the
 * console share one origin, so "framed by the studio" means: the parent is a different window of this same origin
 * showing a `/_studio/` page. A parent of another origin cannot be read at all, which is itself the answer.
 * See docs/editor.md#frame-address.
 */
import { frameQueryOf, type FrameQuery } from '@contracts/frame-query.js';
import { STUDIO_PATH_PREFIX } from '@contracts/studio-routes.js';

export type { FrameQuery };
/** The canvas id of the studio page framing this one (`/_studio/canvas/{canvasId}`), used for preview capture. */
export { canvasIdOfStudioPath as canvasIdFromPath } from '@contracts/studio-routes.js';

export interface ParentFacts {
  /** Whether the page has a parent window other than itself. */
  framed: boolean;
  /** The parent's origin and path when readable (same origin); null when reading it threw. */
  parentOrigin: string | null;
  parentPathname: string | null;
}

export function isFramedByStudio(ownOrigin: string, parent: ParentFacts): boolean {
  return (
    parent.framed &&
    parent.parentOrigin !== null &&
    parent.parentOrigin === ownOrigin &&
    parent.parentPathname !== null &&
    parent.parentPathname.startsWith(STUDIO_PATH_PREFIX)
  );
}

/** What this page's address asks of the overlay (the rules are the contract's, shared with the editor). */
export function parseFrameQuery(search: string): FrameQuery {
  return frameQueryOf(new URLSearchParams(search));
}
