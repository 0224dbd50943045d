/**
 * What the parent told the overlay and the frame's address asked for: ids, zoom, AI context, drive mode, the
 * editor's flush, and the source facts of the elements. One object for the life of the page; the interactions keep
 * their own state (`*-interaction.ts`) and the nav tree its keeper.
 */
import type { ElementLookup } from '@contracts/frame-protocol.js';
import type { FrameQuery } from './frame-context.js';

export interface OverlayStore {
  query: FrameQuery;
  storyboardId: string;
  canvasId: string | null;
  zoomPerc: number;
  aiContext: boolean;
  driveMode: boolean;
  isFlushing: boolean;
  lookups: Map<string, ElementLookup>;
}

export function createOverlayStore(query: FrameQuery, canvasId: string | null): OverlayStore {
  return {
    query,
    storyboardId: query.storyboardId,
    canvasId,
    zoomPerc: 1,
    aiContext: false,
    driveMode: false,
    isFlushing: false,
    lookups: new Map(),
  };
}
