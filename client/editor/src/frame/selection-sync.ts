/**
 * Keeping the frames' selection and hover in step with the editor's, without echoes: the editor remembers what
 * each frame last said (or was told) it shows, and tells a frame only what differs. One selection spans the
 * canvas, so selecting in one frame clears the others.
 */
import { STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import { nearestPlace } from '@contracts/element-places.js';
import { elementKeyOf, parseElementKey, type NavTreeNode } from '@contracts/frame-protocol.js';
import { findNode, frameIdOfKey } from '../state/editor-store';

export interface FrameMirror {
  /** The keys the frame shows selected (the first is the primary one). */
  selection: readonly string[];
  hover: string | null;
  /** The keys it outlines for a selection made in another frame. */
  twins: readonly string[];
}

export const emptyMirror = (): FrameMirror => ({ selection: [], hover: null, twins: [] });

/** The editor's selection as a list, the primary key first. */
export function selectionKeys(selectedKey: string | null, multiSelectedKeys: readonly string[]): string[] {
  if (multiSelectedKeys.length > 1) {
    return selectedKey && multiSelectedKeys.includes(selectedKey) ? [selectedKey, ...multiSelectedKeys.filter((key) => key !== selectedKey)] : [...multiSelectedKeys];
  }
  return selectedKey ? [selectedKey] : [];
}

export type SelectionCall = { name: 'setSelectedElement'; elementKey: string | null } | { name: 'setMultiselectedElementKeys'; elementKeys: string[] };

/** What to tell `frameId` so that it shows its part of the editor's selection; null when it already does. */
export function selectionCallFor(frameId: string, keys: readonly string[], mirror: FrameMirror): SelectionCall | null {
  const own = keys.filter((key) => frameIdOfKey(key) === frameId);
  const same = own.length === mirror.selection.length && own.every((key) => mirror.selection.includes(key)) && own[0] === mirror.selection[0];
  if (same) return null;
  if (own.length > 1) return { name: 'setMultiselectedElementKeys', elementKeys: own };
  return { name: 'setSelectedElement', elementKey: own[0] ?? null };
}

/** What to tell `frameId` about the hover; undefined when it already shows it. */
export function hoverCallFor(frameId: string, hoveredKey: string | null, mirror: FrameMirror): string | null | undefined {
  const own = hoveredKey && frameIdOfKey(hoveredKey) === frameId ? hoveredKey : null;
  return own === mirror.hover ? undefined : own;
}

/**
 * A frame reported its selection: what the editor's selection becomes. A frame that now selects nothing clears
 * the editor's selection only when that selection was in this frame (it was told to clear because another frame
 * took it, or the user clicked away in it).
 */
export function selectionAfterReport(
  frameId: string,
  reported: { primary: string | null; keys: readonly string[] },
  current: { selectedKey: string | null; multiSelectedKeys: readonly string[] },
): { selectedKey: string | null; multiSelectedKeys: string[] } | null {
  if (reported.primary === null) {
    const currentKeys = selectionKeys(current.selectedKey, current.multiSelectedKeys);
    if (currentKeys.length === 0 || currentKeys.some((key) => frameIdOfKey(key) !== frameId)) return null;
    return { selectedKey: null, multiSelectedKeys: [] };
  }
  return { selectedKey: reported.primary, multiSelectedKeys: reported.keys.length > 1 ? [...reported.keys] : [] };
}

/**
 * The node a key names in a frame's tree. A key's place can be a step behind the tree: a structural edit (a wrap, a
 * move, a copy added before it) moves its element, and the key is renamed before the tree that shows the new place
 * arrives. Then the node with the key's codebase id nearest the key's place stands for it (in a `.map`, the copy the
 * user acted on, not the first), so that what acts on the selection (Escape, the layers) never loses it.
 */
export function nodeForKey(tree: NavTreeNode | null, key: string): NavTreeNode | null {
  const exact = findNode(tree, key);
  if (exact || !tree) return exact;
  const wanted = parseElementKey(key);
  if (!wanted) return null;
  const candidates: NavTreeNode[] = [];
  const stack: NavTreeNode[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.tempoElement.codebaseId === wanted.codebaseId) candidates.push(node);
    for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!);
  }
  return candidates[nearestPlace(candidates.map((node) => node.tempoElement.uniquePath), wanted.uniquePath)] ?? null;
}

/**
 * The selection as a frame's new tree names it: each key of that frame the tree does not have, replaced by the key
 * of the node that stands for it (`nodeForKey`), so the layers highlight it and the frame outlines that very
 * element. Null when nothing changes (keys the tree has, keys of other frames, ids the tree does not show yet).
 */
export function selectionInTree(
  frameId: string,
  tree: NavTreeNode,
  current: { selectedKey: string | null; multiSelectedKeys: readonly string[] },
): { selectedKey: string | null; multiSelectedKeys: string[] } | null {
  let changed = false;
  const follow = (key: string): string => {
    if (frameIdOfKey(key) !== frameId) return key;
    const node = nodeForKey(tree, key);
    if (!node || node.key === key) return key;
    changed = true;
    return node.key;
  };
  const selectedKey = current.selectedKey ? follow(current.selectedKey) : null;
  const multiSelectedKeys = current.multiSelectedKeys.map(follow);
  return changed ? { selectedKey, multiSelectedKeys: [...new Set(multiSelectedKeys)] } : null;
}

/**
 * The keys of `frameId`'s tree that show the same elements as the selection made in another frame (another route
 * or viewport of the canvas): for each selected key, the node with its codebase id nearest its place. The frame
 * outlines them as selected too.
 */
export function twinKeysIn(frameId: string, tree: NavTreeNode | null, keys: readonly string[]): string[] {
  const twins: string[] = [];
  for (const key of keys) {
    const parts = parseElementKey(key);
    if (!parts || parts.storyboardId === frameId || parts.codebaseId === STORYBOARD_CODEBASE_ID) continue;
    const node = nodeForKey(tree, elementKeyOf({ ...parts, storyboardId: frameId }));
    if (node) twins.push(node.key);
  }
  return [...new Set(twins)];
}

/**
 * Where the selection goes when its elements are deleted: the next sibling that stays, else the previous one, else
 * the parent (never the storyboard), else nowhere. The sibling's key is its place before the delete; the ids the
 * answer shifts and the next tree bring it to its place after.
 */
export function neighbourAfterRemoval(tree: NavTreeNode | null, removedKeys: readonly string[]): string | null {
  const primary = removedKeys[0];
  const node = primary ? nodeForKey(tree, primary) : null;
  const parent = node?.parent ? findNode(tree, node.parent) : null;
  if (!node || !parent) return null;
  const removed = new Set(removedKeys);
  const siblings = parent.children;
  const at = siblings.findIndex((sibling) => sibling.key === node.key);
  const stays = (sibling: NavTreeNode | undefined) => sibling !== undefined && !removed.has(sibling.key);
  const next = siblings.slice(at + 1).find(stays);
  if (next) return next.key;
  const previous = siblings.slice(0, at).reverse().find(stays);
  if (previous) return previous.key;
  return parent.tempoElement.codebaseId === STORYBOARD_CODEBASE_ID ? null : parent.key;
}
