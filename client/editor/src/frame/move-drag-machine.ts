/**
 * Moving an element by dragging it in a frame, as the editor follows it: the frame says a drag started, then where
 * the pointer is; the editor shows where the element would land (the frame moves it there for the time of the
 * drag) and, when the drag ends somewhere new, writes the move. Escape or the frame's cancel drops it.
 */
import { sameDropTarget, type DropTarget } from './drop-position';

export type MoveDragState =
  | { kind: 'idle' }
  | {
      kind: 'dragging';
      frameId: string;
      elementKey: string;
      target: DropTarget | null;
      /** The target is where the element already is: dropping there changes nothing. */
      targetIsCurrent: boolean;
    };

export type MoveDragEvent =
  | { type: 'DRAG_START'; frameId: string; elementKey: string }
  | { type: 'TARGET'; frameId: string; target: DropTarget | null; isCurrent: boolean }
  | { type: 'DRAG_END'; frameId: string }
  /** The frame cancelled the drag (it has put everything back itself). */
  | { type: 'FRAME_CANCEL'; frameId: string }
  /** The editor cancels (Escape): the frame is told to. */
  | { type: 'CANCEL' };

export type MoveDragEffect =
  | { type: 'showTarget'; frameId: string; elementKey: string; target: DropTarget }
  | { type: 'submitMove'; frameId: string; elementKey: string; target: DropTarget }
  | { type: 'cancelInFrame'; frameId: string };

export interface MoveDragStep {
  state: MoveDragState;
  effects: MoveDragEffect[];
}

export const initialMoveDragState: MoveDragState = { kind: 'idle' };

const IDLE: MoveDragState = { kind: 'idle' };

export function moveDragTransition(state: MoveDragState, event: MoveDragEvent): MoveDragStep {
  switch (event.type) {
    case 'DRAG_START':
      // A new drag replaces one that never ended (its frame reloaded in between).
      return { state: { kind: 'dragging', frameId: event.frameId, elementKey: event.elementKey, target: null, targetIsCurrent: true }, effects: [] };
    case 'TARGET': {
      if (state.kind !== 'dragging' || state.frameId !== event.frameId) return { state, effects: [] };
      // Nowhere to drop under the pointer: the last place shown stays the answer.
      if (event.target === null || sameDropTarget(state.target, event.target)) return { state, effects: [] };
      return {
        state: { ...state, target: event.target, targetIsCurrent: event.isCurrent },
        effects: [{ type: 'showTarget', frameId: state.frameId, elementKey: state.elementKey, target: event.target }],
      };
    }
    case 'DRAG_END':
      if (state.kind !== 'dragging' || state.frameId !== event.frameId) return { state, effects: [] };
      if (!state.target || state.targetIsCurrent) return { state: IDLE, effects: [] };
      return { state: IDLE, effects: [{ type: 'submitMove', frameId: state.frameId, elementKey: state.elementKey, target: state.target }] };
    case 'FRAME_CANCEL':
      if (state.kind !== 'dragging' || state.frameId !== event.frameId) return { state, effects: [] };
      return { state: IDLE, effects: [] };
    case 'CANCEL':
      if (state.kind !== 'dragging') return { state, effects: [] };
      return { state: IDLE, effects: [{ type: 'cancelInFrame', frameId: state.frameId }] };
  }
}
