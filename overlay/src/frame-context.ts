/**
 * Whether the page is framed by the studio, and what the frame's address asks for. The studio and the
 * console share one origin, so "framed by the studio" means: the parent is a different window of this same origin
 * showing a `/_studio/` page. A parent of another origin cannot be read at all, which is itself the answer.
 * See docs/editor.md#frame-address.
 */
import { STUDIO_PATH_PREFIX, type StoryboardType } from '@contracts/frame-protocol.js';

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

export interface FrameQuery {
  storyboard: boolean;
  type: StoryboardType;
  framework: string | null;
  debugLog: boolean;
  storyboardId: string;
}

export const DEFAULT_STORYBOARD_ID = 'console';

export function parseFrameQuery(search: string): FrameQuery {
  const params = new URLSearchParams(search);
  const type = params.get('type');
  const storyboardId = params.get('storyboardId');
  return {
    storyboard: params.get('storyboard') === 'true',
    type: type === 'STORY' || type === 'COMPONENT' ? type : 'APPLICATION',
    framework: params.get('framework'),
    debugLog: params.get('debugLog') === 'true',
    storyboardId: storyboardId && /^[A-Za-z0-9_-]+$/.test(storyboardId) ? storyboardId : DEFAULT_STORYBOARD_ID,
  };
}

/** The canvas id of a `/canvas/{canvasId}` path (the studio's or the frame's), used for preview capture. */
export function canvasIdFromPath(pathname: string): string | null {
  const match = /\/canvas\/([A-Za-z0-9_-]+)\/?$/.exec(pathname);
  return match?.[1] ?? null;
}
