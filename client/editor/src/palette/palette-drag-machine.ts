/**
 * Dragging a palette item onto a frame, as a small state machine. Pointer events, not HTML5 drag and drop: a
 * native drag cannot carry its data into the frame's document. A press becomes a drag past a small threshold; the
 * drop target is found while moving (asynchronously, from the frame) and a release over a target drops there. A
 * press released without moving is a click, which the palette handles as "add into the selection".
 */

export interface DropTarget {
  frameId: string;
  /** The element under the pointer, and the one the item goes into (the same, or its parent). */
  elementKey: string;
  destinationKey: string;
  /** What the drop would do, for the person dragging ("Into section", "After Button"). */
  description: string;
}

export type DragState<Item> =
  | { kind: 'idle' }
  | { kind: 'pressed'; item: Item; startX: number; startY: number }
  | { kind: 'dragging'; item: Item; x: number; y: number; target: DropTarget | null; problem: string | null };

export type DragEvent<Item> =
  | { type: 'POINTER_DOWN'; item: Item; x: number; y: number }
  | { type: 'POINTER_MOVE'; x: number; y: number }
  | { type: 'TARGET'; target: DropTarget | null; problem: string | null }
  | { type: 'POINTER_UP' }
  | { type: 'CANCEL' };

export type DragOutcome<Item> = { kind: 'none' } | { kind: 'drop'; item: Item; target: DropTarget } | { kind: 'dropped-nowhere'; problem: string | null };

/** Pixels the pointer moves before a press becomes a drag (a click wobbles a little). */
export const DRAG_THRESHOLD = 4;

export function dragStep<Item>(state: DragState<Item>, event: DragEvent<Item>): { state: DragState<Item>; outcome: DragOutcome<Item> } {
  const none = { kind: 'none' } as const;
  switch (event.type) {
    case 'POINTER_DOWN':
      return { state: { kind: 'pressed', item: event.item, startX: event.x, startY: event.y }, outcome: none };
    case 'POINTER_MOVE':
      if (state.kind === 'pressed') {
        if (Math.hypot(event.x - state.startX, event.y - state.startY) < DRAG_THRESHOLD) return { state, outcome: none };
        return { state: { kind: 'dragging', item: state.item, x: event.x, y: event.y, target: null, problem: null }, outcome: none };
      }
      if (state.kind === 'dragging') return { state: { ...state, x: event.x, y: event.y }, outcome: none };
      return { state, outcome: none };
    case 'TARGET':
      if (state.kind !== 'dragging') return { state, outcome: none };
      return { state: { ...state, target: event.target, problem: event.problem }, outcome: none };
    case 'POINTER_UP':
      if (state.kind === 'dragging') {
        return {
          state: { kind: 'idle' },
          outcome: state.target ? { kind: 'drop', item: state.item, target: state.target } : { kind: 'dropped-nowhere', problem: state.problem },
        };
      }
      return { state: { kind: 'idle' }, outcome: none };
    case 'CANCEL':
      return { state: { kind: 'idle' }, outcome: none };
  }
}
