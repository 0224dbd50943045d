/**
 * Moving the selection through the element tree from the keyboard, the way Figma does: into the first child, out
 * to the parent, on to the next or previous sibling (wrapping around at either end). Elements of the frame's tree
 * only: the storyboard's root is never selected.
 */
import { parseElementKey, type NavTreeNode } from '@contracts/frame-protocol.js';
import { STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import { findNode, frameIdOfKey, useEditorStore } from '../state/editor-store';

export type SelectionStep = 'firstChild' | 'parent' | 'nextSibling' | 'previousSibling';

export const isElement = (node: NavTreeNode | null | undefined): node is NavTreeNode => !!node && parseElementKey(node.key)?.codebaseId !== STORYBOARD_CODEBASE_ID;

/** The key a step from `key` lands on in this tree; null when there is nowhere to go. */
export function stepFrom(tree: NavTreeNode | null, key: string, step: SelectionStep): string | null {
  const node = findNode(tree, key);
  if (!node) return null;
  if (step === 'firstChild') return node.children.find(isElement)?.key ?? null;
  const parent = node.parent ? findNode(tree, node.parent) : null;
  if (step === 'parent') return isElement(parent) ? parent.key : null;
  const siblings = (parent?.children ?? []).filter(isElement);
  const at = siblings.findIndex((sibling) => sibling.key === node.key);
  if (at < 0 || siblings.length < 2) return null;
  const next = step === 'nextSibling' ? (at + 1) % siblings.length : (at - 1 + siblings.length) % siblings.length;
  return siblings[next]!.key;
}

/** Moves the selection one step; answers whether there was a selection to move (a step to nowhere keeps it). */
export function stepSelection(step: SelectionStep): boolean {
  const store = useEditorStore.getState();
  const key = store.selectedKey;
  const frameId = key ? frameIdOfKey(key) : null;
  if (!key || !frameId) return false;
  const next = stepFrom(store.frames[frameId]?.navTree ?? null, key, step);
  if (next) {
    store.setMultiSelected([]);
    store.select(next);
  }
  return true;
}
