/**
 * Keeping the frames' selection and hover in step with the editor's, without echoes: the editor remembers what
 * each frame last said (or was told) it shows, and tells a frame only what differs. One selection spans the
 * canvas, so selecting in one frame clears the others.
 */
import { nearestPlace } from '@contracts/element-places.js';
import { parseElementKey, type NavTreeNode } from '@contracts/frame-protocol.js';
import { findNode, frameIdOfKey } from '../state/editor-store';

export interface FrameMirror {
  /** The keys the frame shows selected (the first is the primary one). */
  selection: readonly string[];
  hover: string | null;
}

export const emptyMirror = (): FrameMirror => ({ selection: [], hover: null });

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
