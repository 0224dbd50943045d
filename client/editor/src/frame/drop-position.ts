/**
 * Where a dragged element would land: the new parent and the sibling it goes before or after, worked out from the
 * nav tree (its page bounding boxes) and the element under the pointer. Pure, so the rules are tested apart from
 * the frames.
 */
import { STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import type { NavTreeNode, PageBoundingBox } from '@contracts/frame-protocol.js';

export interface DropTarget {
  parentKey: string;
  /** The dragged element goes right before this sibling … */
  beforeKey: string | null;
  /** … or, when there is none past the pointer, right after this one (null for an empty parent). */
  afterKey: string | null;
}

export interface DropContext {
  /** Every node of the frame's tree by key. */
  nodes: ReadonlyMap<string, NavTreeNode>;
  draggedKey: string;
  /** Whether the element can be written into as a parent: it is in the project's source and not a component. */
  canContain(node: NavTreeNode): boolean;
}

/** Tags that never hold element children, so a drop onto them goes next to them. */
const VOID_TAGS = new Set(['img', 'input', 'textarea', 'select', 'br', 'hr', 'video', 'audio', 'canvas', 'iframe', 'svg']);
/** Tags that usually hold text: a drop goes into one only when it already holds elements. */
const TEXT_TAGS = new Set(['button', 'a', 'p', 'span', 'label', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

export function indexNavTree(root: NavTreeNode): Map<string, NavTreeNode> {
  const nodes = new Map<string, NavTreeNode>();
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    nodes.set(node.key, node);
    stack.push(...node.children);
  }
  return nodes;
}

/** Whether `key` is `ancestorKey` or lies inside it. */
export function isSelfOrInside(nodes: ReadonlyMap<string, NavTreeNode>, key: string, ancestorKey: string): boolean {
  let current: string | null = key;
  while (current) {
    if (current === ancestorKey) return true;
    current = nodes.get(current)?.parent ?? null;
  }
  return false;
}

/** The axis the children of a parent are laid out along, from where its first two children are. */
export function layoutAxis(boxes: readonly PageBoundingBox[]): 'row' | 'column' {
  if (boxes.length < 2) return 'column';
  const [first, second] = boxes as [PageBoundingBox, PageBoundingBox];
  const dx = Math.abs(second.pageX + second.width / 2 - (first.pageX + first.width / 2));
  const dy = Math.abs(second.pageY + second.height / 2 - (first.pageY + first.height / 2));
  return dx > dy ? 'row' : 'column';
}

/**
 * Among a parent's children (the dragged one left out): before the first whose centre is past the pointer along
 * the parent's axis, else after the last one.
 */
export function placeAmong(parentKey: string, siblings: readonly NavTreeNode[], point: { pageX: number; pageY: number }): DropTarget {
  if (siblings.length === 0) return { parentKey, beforeKey: null, afterKey: null };
  const axis = layoutAxis(siblings.map((sibling) => sibling.pageBoundingBox));
  const past = siblings.find((sibling) => {
    const box = sibling.pageBoundingBox;
    return axis === 'row' ? box.pageX + box.width / 2 > point.pageX : box.pageY + box.height / 2 > point.pageY;
  });
  return past ? { parentKey, beforeKey: past.key, afterKey: null } : { parentKey, beforeKey: null, afterKey: siblings[siblings.length - 1]!.key };
}

/** Whether an element can hold a dropped element: not a component, not a void tag, not a text tag with no elements. */
export function isContainer(node: NavTreeNode): boolean {
  const tag = node.tagName.toLowerCase();
  if (node.isComponent || VOID_TAGS.has(tag)) return false;
  return !TEXT_TAGS.has(tag) || node.children.length > 0;
}

/**
 * The drop target for the pointer at `point` (page pixels of the frame) over the element `hoveredKey`: into the
 * hovered element when it can hold children, else next to it in its parent; never into the dragged element itself
 * or anything inside it, never into the storyboard or an element without editable source (the nearest ancestor
 * that can hold it is taken instead). Null when there is no such place.
 */
export function dropTargetAt(context: DropContext, hoveredKey: string | null, point: { pageX: number; pageY: number }): DropTarget | null {
  const { nodes, draggedKey } = context;
  if (!hoveredKey || !nodes.has(hoveredKey) || !nodes.has(draggedKey)) return null;
  // Over the dragged element (or inside it): it stays where it would be dropped among its current siblings.
  let candidate: string | null = isSelfOrInside(nodes, hoveredKey, draggedKey) ? (nodes.get(draggedKey)!.parent ?? null) : hoveredKey;
  const hovered = candidate ? nodes.get(candidate) : undefined;
  if (hovered && candidate === hoveredKey && !isContainer(hovered)) candidate = hovered.parent;
  while (candidate) {
    const node = nodes.get(candidate);
    if (!node) return null;
    const writable = node.tempoElement.codebaseId !== STORYBOARD_CODEBASE_ID && context.canContain(node) && isContainer(node);
    if (writable && !isSelfOrInside(nodes, candidate, draggedKey)) {
      const siblings = node.children.filter((child) => child.key !== draggedKey);
      return placeAmong(candidate, siblings, point);
    }
    candidate = node.parent;
  }
  return null;
}

/** Whether dropping there leaves the element where it already is. */
export function isCurrentPosition(nodes: ReadonlyMap<string, NavTreeNode>, draggedKey: string, target: DropTarget): boolean {
  const dragged = nodes.get(draggedKey);
  if (!dragged || dragged.parent !== target.parentKey) return false;
  const siblings = nodes.get(target.parentKey)?.children ?? [];
  const at = siblings.findIndex((child) => child.key === draggedKey);
  const next = siblings[at + 1]?.key ?? null;
  const previous = siblings[at - 1]?.key ?? null;
  if (target.beforeKey !== null) return target.beforeKey === next;
  if (target.afterKey !== null) return target.afterKey === previous;
  return siblings.length === 1;
}

export function sameDropTarget(a: DropTarget | null, b: DropTarget | null): boolean {
  return a === b || (a !== null && b !== null && a.parentKey === b.parentKey && a.beforeKey === b.beforeKey && a.afterKey === b.afterKey);
}
