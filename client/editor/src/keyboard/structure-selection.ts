/**
 * Where the selection goes after the structural edits the keys and the inspector make: a delete leaves it on a
 * neighbour at once (the next sibling that stays, else the previous one, else the parent, else nothing); a wrap, once
 * written, selects the new wrapper at the wrapped element's place (as a design tool does: Escape from the wrapped
 * element goes to it too). A duplicate, a re-tag and a move keep the element acted on: the ids the answer shifts and
 * each frame's next tree bring its key to its new place (`selectionInTree`).
 */
import { elementKeyOf, parseElementKey } from '@contracts/frame-protocol.js';
import type { EditorChange } from '../changes/change-engine';
import { neighbourAfterRemoval, nodeForKey } from '../frame/selection-sync';
import { frameIdOfKey, useEditorStore } from '../state/editor-store';

/** Moves the selection off the elements about to be deleted, onto their neighbour (or nowhere). */
export function selectNeighbourOf(keys: readonly string[]): void {
  const store = useEditorStore.getState();
  const frameId = keys[0] ? frameIdOfKey(keys[0]) : null;
  const neighbour = frameId ? neighbourAfterRemoval(store.frames[frameId]?.navTree ?? null, keys) : null;
  store.setMultiSelected([]);
  store.select(neighbour);
}

/**
 * Selects the wrapper a written wrap made, unless the selection has moved on meanwhile: `wrappedKey` is the wrapped
 * element's key when the wrap was asked for, which the answer's ids have renamed in the store since.
 */
export function selectWrapperAfter(change: EditorChange, wrappedKey: string): void {
  const wrapperId = change.addedIds[0];
  const wrapped = parseElementKey(wrappedKey);
  const store = useEditorStore.getState();
  const current = store.selectedKey ? parseElementKey(store.selectedKey) : null;
  if (change.state !== 'succeeded' || !wrapperId || !wrapped || !current) return;
  // Still the wrapped element (its id renamed by the answer; at its old place, or inside the wrapper there once a tree
  // showed it): the user has not selected elsewhere.
  const samePlace = current.uniquePath === wrapped.uniquePath || current.uniquePath.startsWith(`${wrapped.uniquePath}-`);
  if (current.storyboardId !== wrapped.storyboardId || !samePlace) return;
  const key = elementKeyOf({ ...wrapped, codebaseId: wrapperId });
  // The wrapper takes the wrapped element's place: the frame's tree has it there once it shows the written wrap.
  const node = nodeForKey(store.frames[wrapped.storyboardId]?.navTree ?? null, key);
  store.setMultiSelected([]);
  store.select(node?.key ?? key);
}
