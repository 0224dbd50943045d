/**
 * Selection: none, one element, the storyboard, or several siblings. A click selects the nearest
 * element with a codebase id, Ctrl/Cmd-click the exact element under the pointer, and Shift-click adds a sibling
 * to the multi-selection or removes one already in it; Shift-click on a non-sibling changes nothing.
 * See docs/editor.md#selection.
 */
import { unreachable } from './unreachable.js';

export type SelectionState =
  | { kind: 'none' }
  | { kind: 'element'; key: string }
  | { kind: 'storyboard'; key: string }
  | { kind: 'multi'; keys: readonly string[] };

export interface ClickTarget {
  /** The nearest ancestor-or-self with a codebase id. */
  nearestKey: string | null;
  /** The exact element under the pointer, when it has a key. */
  exactKey: string | null;
  /** Whether the clicked key is the storyboard's root. */
  isStoryboard: boolean;
}

export type SelectionEvent =
  | { type: 'CLICK'; target: ClickTarget; ctrlOrMeta: boolean; shift: boolean; areSiblings: (a: string, b: string) => boolean }
  | { type: 'SET'; key: string | null; isStoryboard?: boolean }
  | { type: 'SET_MULTI'; keys: readonly string[] }
  | { type: 'CLEAR' };

export const initialSelectionState: SelectionState = { kind: 'none' };

export function selectedKeys(state: SelectionState): readonly string[] {
  switch (state.kind) {
    case 'none':
      return [];
    case 'element':
    case 'storyboard':
      return [state.key];
    case 'multi':
      return state.keys;
  }
}

/** The one selected key (the first of a multi-selection), or null. */
export function primaryKey(state: SelectionState): string | null {
  return selectedKeys(state)[0] ?? null;
}

function single(key: string | null, isStoryboard: boolean): SelectionState {
  if (key === null) return { kind: 'none' };
  return isStoryboard ? { kind: 'storyboard', key } : { kind: 'element', key };
}

function fromKeys(keys: readonly string[]): SelectionState {
  if (keys.length === 0) return { kind: 'none' };
  if (keys.length === 1) return { kind: 'element', key: keys[0]! };
  return { kind: 'multi', keys };
}

export function selectionTransition(state: SelectionState, event: SelectionEvent): SelectionState {
  switch (event.type) {
    case 'CLEAR':
      return { kind: 'none' };
    case 'SET':
      return single(event.key, event.isStoryboard ?? false);
    case 'SET_MULTI':
      return fromKeys([...new Set(event.keys)]);
    case 'CLICK': {
      const key = event.ctrlOrMeta ? (event.target.exactKey ?? event.target.nearestKey) : event.target.nearestKey;
      if (key === null) return state;
      if (!event.shift || event.target.isStoryboard || state.kind === 'none' || state.kind === 'storyboard') {
        return single(key, event.target.isStoryboard);
      }
      const current = selectedKeys(state);
      if (current.includes(key)) return fromKeys(current.filter((selected) => selected !== key));
      if (!current.every((selected) => event.areSiblings(selected, key))) return state;
      return fromKeys([...current, key]);
    }
    default:
      return unreachable(event, 'selection event');
  }
}
