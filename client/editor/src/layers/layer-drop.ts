/**
 * Dropping a layer row onto another: on the top quarter of a row the element goes before it, on the bottom quarter
 * after it, in between into it (at the end) when it can hold elements. Never into itself or what it holds, and
 * never next to a top-level row (its parent is the storyboard, which is not written in any source), never where the
 * HTML content model refuses it (`contracts/content-model.ts`).
 */
import { STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import { isContainer, isSelfOrInside, nestingProblemIn, type DropTarget } from '../frame/drop-position';

export type DropZone = 'before' | 'inside' | 'after';

/** The zone of a row the pointer is over, from its height and the pointer's offset from the row's top. */
export function dropZoneAt(offsetY: number, rowHeight: number, canHold: boolean): DropZone {
  const quarter = rowHeight / 4;
  if (offsetY < quarter) return 'before';
  if (offsetY > rowHeight - quarter) return 'after';
  if (canHold) return 'inside';
  return offsetY < rowHeight / 2 ? 'before' : 'after';
}

/** Whether an element can take dropped elements: it holds elements at all and its source can be written. */
export function canHoldDrop(node: NavTreeNode, hasSource: (node: NavTreeNode) => boolean): boolean {
  return node.tempoElement.codebaseId !== STORYBOARD_CODEBASE_ID && isContainer(node) && hasSource(node);
}

export function layerDropTarget(
  nodes: ReadonlyMap<string, NavTreeNode>,
  draggedKey: string,
  overKey: string,
  zone: DropZone,
  hasSource: (node: NavTreeNode) => boolean,
): DropTarget | null {
  const over = nodes.get(overKey);
  const dragged = nodes.get(draggedKey);
  if (!over || !dragged || isSelfOrInside(nodes, overKey, draggedKey)) return null;
  if (zone === 'inside') {
    if (!canHoldDrop(over, hasSource) || nestingProblemIn(nodes, over.key, dragged) !== null) return null;
    const last = over.children.filter((child) => child.key !== draggedKey).at(-1);
    return { parentKey: over.key, beforeKey: null, afterKey: last?.key ?? null };
  }
  const parent = over.parent ? nodes.get(over.parent) : undefined;
  if (!parent || !canHoldDrop(parent, hasSource) || nestingProblemIn(nodes, parent.key, dragged) !== null) return null;
  return zone === 'before' ? { parentKey: parent.key, beforeKey: over.key, afterKey: null } : { parentKey: parent.key, beforeKey: null, afterKey: over.key };
}
