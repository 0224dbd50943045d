/**
 * Moving an element by dragging it in a frame, as the editor follows it: the frame says a drag started, then where
 * the pointer is; the editor shows where the element would land (the frame moves it there for the time of the
 * drag) and, when the drag ends somewhere new, writes the move. Escape or the frame's cancel drops it.
 *
 *   idle ──DRAG_START──▶ dragging ──TARGET (a new place: showTarget)──▶ dragging
 *   dragging ──DRAG_END──▶ idle (submitMove, unless nowhere or where it was)
 *   dragging ──DRAG_END with Alt──▶ idle (submitCopy: at the place shown, or right after itself where it was)
 *   dragging ──FRAME_CANCEL──▶ idle        dragging ──CANCEL──▶ idle (cancelInFrame)
 */
import { sameDropTarget, type DropFollowState, type DropPoint, type DropTarget } from './drop-position';

export type MoveDragState =
  | { kind: 'idle' }
  | {
      kind: 'dragging';
      frameId: string;
      elementKey: string;
      target: DropTarget | null;
      /** The target is where the element already is: dropping there changes nothing. */
      targetIsCurrent: boolean;
      /** Where the pointer was at the last move followed (page pixels of the frame): the next place is judged against it. */
      point: DropPoint | null;
    };

export type MoveDragEvent =
  | { type: 'DRAG_START'; frameId: string; elementKey: string }
  /** A pointer move followed at `point`: the place to show there (null: none, the last one stays). */
  | { type: 'TARGET'; frameId: string; target: DropTarget | null; isCurrent: boolean; point: DropPoint }
  | { type: 'DRAG_END'; frameId: string; copy?: boolean }
  /** The frame cancelled the drag (it has put everything back itself). */
  | { type: 'FRAME_CANCEL'; frameId: string }
  /** The editor cancels (Escape): the frame is told to. */
  | { type: 'CANCEL' };

export type MoveDragEffect =
  | { type: 'showTarget'; frameId: string; elementKey: string; target: DropTarget }
  | { type: 'submitMove'; frameId: string; elementKey: string; target: DropTarget }
  /** A copy at `target`; with none (dropped where it is), a duplicate right after the element. */
  | { type: 'submitCopy'; frameId: string; elementKey: string; target: DropTarget | null }
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
      return { state: { kind: 'dragging', frameId: event.frameId, elementKey: event.elementKey, target: null, targetIsCurrent: true, point: null }, effects: [] };
    case 'TARGET': {
      if (state.kind !== 'dragging' || state.frameId !== event.frameId) return { state, effects: [] };
      // Nowhere to drop under the pointer: the last place shown stays the answer.
      if (event.target === null || sameDropTarget(state.target, event.target)) return { state: { ...state, point: event.point }, effects: [] };
      return {
        state: { ...state, target: event.target, targetIsCurrent: event.isCurrent, point: event.point },
        effects: [{ type: 'showTarget', frameId: state.frameId, elementKey: state.elementKey, target: event.target }],
      };
    }
    case 'DRAG_END':
      if (state.kind !== 'dragging' || state.frameId !== event.frameId) return { state, effects: [] };
      if (event.copy) {
        const target = state.target && !state.targetIsCurrent ? state.target : null;
        return { state: IDLE, effects: [{ type: 'submitCopy', frameId: state.frameId, elementKey: state.elementKey, target }] };
      }
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

/** What the drag has shown so far, for working out the next place (none while idle or in another frame). */
export function dropFollowState(state: MoveDragState, frameId: string): DropFollowState | null {
  return state.kind === 'dragging' && state.frameId === frameId ? { target: state.target, point: state.point } : null;
}
