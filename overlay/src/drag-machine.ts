/**
 * Drag (docs/editor.md#drag): a left-button pointer down (not on the edit-text button) arms a drag; moving farther
 * than 20 px ÷ zoom starts it, unless AI context selection is on; starting requests the pointer lock and releases
 * it at once; pointer up ends it; a move with no button pressed cancels it.
 */
import { unreachable } from './unreachable.js';

export const DRAG_THRESHOLD_PX = 20;

export interface Point {
  x: number;
  y: number;
}

export type DragState =
  | { kind: 'idle' }
  | { kind: 'armed'; key: string; start: Point; offset: Point }
  | { kind: 'dragging'; key: string; start: Point; offset: Point; last: Point };

export type DragEffect = 'requestPointerLock' | 'releasePointerLock' | 'dragStart' | 'dragEnd' | 'dragCancel';

export type DragEvent =
  | { type: 'POINTER_DOWN'; button: number; onEditTextButton: boolean; key: string | null; point: Point; offset: Point }
  | { type: 'POINTER_MOVE'; point: Point; buttons: number; zoom: number; aiContext: boolean }
  /** `copy`: Alt was held at the release, so the drop writes a copy and the element stays (Figma's Alt-drag). */
  | { type: 'POINTER_UP'; point: Point; copy?: boolean }
  | { type: 'START'; key: string; point: Point }
  | { type: 'CANCEL' };

export interface DragStep {
  state: DragState;
  effects: DragEffect[];
}

export const initialDragState: DragState = { kind: 'idle' };

/** The distance a pointer must travel to start a drag at this zoom (1 = 100 %). */
export function dragThreshold(zoom: number): number {
  return DRAG_THRESHOLD_PX / (zoom > 0 ? zoom : 1);
}

const idle = (effects: DragEffect[] = []): DragStep => ({ state: { kind: 'idle' }, effects });

export function dragTransition(state: DragState, event: DragEvent): DragStep {
  switch (event.type) {
    case 'POINTER_DOWN':
      if (event.button !== 0 || event.onEditTextButton || event.key === null) {
        return state.kind === 'dragging' ? { state, effects: [] } : idle();
      }
      if (state.kind === 'dragging') return { state, effects: [] };
      return { state: { kind: 'armed', key: event.key, start: event.point, offset: event.offset }, effects: [] };
    case 'POINTER_MOVE': {
      if (state.kind === 'idle') return { state, effects: [] };
      if (event.buttons === 0) return idle(state.kind === 'dragging' ? ['dragCancel'] : []);
      if (state.kind === 'dragging') return { state: { ...state, last: event.point }, effects: [] };
      const distance = Math.hypot(event.point.x - state.start.x, event.point.y - state.start.y);
      if (distance <= dragThreshold(event.zoom) || event.aiContext) return { state, effects: [] };
      return {
        state: { kind: 'dragging', key: state.key, start: state.start, offset: state.offset, last: event.point },
        effects: ['requestPointerLock', 'releasePointerLock', 'dragStart'],
      };
    }
    case 'POINTER_UP':
      return idle(state.kind === 'dragging' ? ['dragEnd'] : []);
    case 'START':
      if (state.kind === 'dragging') return { state, effects: [] };
      return {
        state: { kind: 'dragging', key: event.key, start: event.point, offset: { x: 0, y: 0 }, last: event.point },
        effects: ['requestPointerLock', 'releasePointerLock', 'dragStart'],
      };
    case 'CANCEL':
      return idle(state.kind === 'dragging' ? ['dragCancel'] : []);
    default:
      return unreachable(event, 'drag event');
  }
}
