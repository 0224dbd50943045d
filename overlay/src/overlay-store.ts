/**
 * The overlay's in-memory state (spec §7 "Storage"): selection, hover, drag, text editing, zoom, AI context,
 * drive mode and what the parent told it. One object for the life of the page; the interaction machines are pure
 * and this holds their current states.
 */
import type { ElementLookup, NavTreeNode } from '@contracts/frame-protocol.js';
import { initialDragState, type DragState } from './drag-machine.js';
import type { FrameQuery } from './frame-context.js';
import { initialHoverState, type HoverState } from './hover-machine.js';
import { initialSelectionState, type SelectionState } from './selection-machine.js';
import { initialTextEditState, type TextEditState } from './text-edit-machine.js';

export interface OverlayStore {
  query: FrameQuery;
  storyboardId: string;
  canvasId: string | null;
  zoomPerc: number;
  aiContext: boolean;
  driveMode: boolean;
  isFlushing: boolean;
  altHeld: boolean;
  modifiers: string[];
  lookups: Map<string, ElementLookup>;
  selection: SelectionState;
  hover: HoverState;
  drag: DragState;
  textEdit: TextEditState;
  /** The key with an 'Edit Dynamic Text' button shown, if any. */
  dynamicTextKey: string | null;
  navTree: NavTreeNode | null;
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
    altHeld: false,
    modifiers: [],
    lookups: new Map(),
    selection: initialSelectionState,
    hover: initialHoverState,
    drag: initialDragState,
    textEdit: initialTextEditState,
    dynamicTextKey: null,
    navTree: null,
  };
}
