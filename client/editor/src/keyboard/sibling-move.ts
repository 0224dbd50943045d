/**
 * The arrow keys' move: the selection one place earlier or later among its siblings, as the arrows reorder an item of
 * a Figma auto layout, written as the MOVE_JSX a drag to that place writes. At either end a press does nothing (there
 * is no place past the last sibling), and neither does one toward a copy of the same element: a `.map`'s items are
 * written once, so no order between them is the source's to change.
 */
import { parseElementKey, type NavTreeNode } from '@contracts/frame-protocol.js';
import type { DropTarget } from '../frame/drop-position';
import { findNode } from '../state/editor-store';
import { isElement } from './selection-walk';

export type SiblingDirection = 'earlier' | 'later';

/** Where the arrow moves `key` in this tree; null when it has nowhere to go. */
export function siblingMoveTarget(tree: NavTreeNode | null, key: string, direction: SiblingDirection): DropTarget | null {
  const node = findNode(tree, key);
  const parent = node?.parent ? findNode(tree, node.parent) : null;
  if (!node || !isElement(parent)) return null;
  const siblings = parent.children.filter(isElement);
  const at = siblings.findIndex((sibling) => sibling.key === node.key);
  const neighbour = at < 0 ? undefined : siblings[direction === 'earlier' ? at - 1 : at + 1];
  if (!neighbour || parseElementKey(neighbour.key)?.codebaseId === parseElementKey(node.key)?.codebaseId) return null;
  return direction === 'earlier'
    ? { parentKey: parent.key, beforeKey: neighbour.key, afterKey: null }
    : { parentKey: parent.key, beforeKey: null, afterKey: neighbour.key };
}
