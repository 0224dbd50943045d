/**
 * Hover: tracked apart from the selection, and suppressed while dragging, while Alt is held, while text
 * is being edited and in drive mode. The pointer's element is remembered while suppressed, so that releasing Alt
 * shows the outline again without waiting for the pointer to move; meanwhile it is the element Alt measures the
 * selection against. See docs/editor.md#hover.
 */
import { unreachable } from './unreachable.js';

export type HoverSuppression = 'drag' | 'alt' | 'editing' | 'drive';

export interface HoverState {
  pointerKey: string | null;
  suppressedBy: readonly HoverSuppression[];
}

export type HoverEvent =
  | { type: 'POINTER_OVER'; key: string | null }
  | { type: 'CLEAR' }
  | { type: 'SUPPRESS'; reason: HoverSuppression }
  | { type: 'RELEASE'; reason: HoverSuppression };

export const initialHoverState: HoverState = { pointerKey: null, suppressedBy: [] };

export function hoverTransition(state: HoverState, event: HoverEvent): HoverState {
  switch (event.type) {
    case 'POINTER_OVER':
      return state.pointerKey === event.key ? state : { ...state, pointerKey: event.key };
    case 'CLEAR':
      return state.pointerKey === null ? state : { ...state, pointerKey: null };
    case 'SUPPRESS':
      return state.suppressedBy.includes(event.reason) ? state : { ...state, suppressedBy: [...state.suppressedBy, event.reason] };
    case 'RELEASE':
      return state.suppressedBy.includes(event.reason)
        ? { ...state, suppressedBy: state.suppressedBy.filter((reason) => reason !== event.reason) }
        : state;
    default:
      return unreachable(event, 'hover event');
  }
}

/**
 * The element Alt measures the selection against (`distance-guides.ts`): the one under the pointer while Alt alone
 * holds the hover back (not while dragging or editing).
 */
export function measuredKey(state: HoverState): string | null {
  return state.suppressedBy.length === 1 && state.suppressedBy[0] === 'alt' ? state.pointerKey : null;
}

/** The key to outline and report as hovered: none while anything suppresses hover. */
export function visibleHoverKey(state: HoverState): string | null {
  return state.suppressedBy.length > 0 ? null : state.pointerKey;
}
