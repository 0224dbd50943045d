/**
 * Where a dragged element would land: the new parent and the sibling it goes before or after. The parent comes
 * from the nav tree's structure and the element under the pointer; the place among the parent's children comes
 * from the frame's live layout at that pointer move (`LiveDropLayout`), never from the boxes the nav tree was built
 * with: the drag's own temporary move shifts the layout, and boxes from before it disagree with what is under the
 * pointer. Pure, so the rules are tested apart from the frames.
 */
import { nestingProblem, takesAddedElements } from '@contracts/content-model.js';
import { STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import type { LiveDropLayout, NavTreeNode, PageBoundingBox } from '@contracts/frame-protocol.js';

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

export interface DropPoint {
  pageX: number;
  pageY: number;
}

/** A sibling as it is laid out now. */
export interface LiveSibling {
  key: string;
  box: PageBoundingBox;
}

/** What the drag has shown so far: the place, and where the pointer was when the last one was worked out. */
export interface DropFollowState {
  target: DropTarget | null;
  point: DropPoint | null;
}

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

const overlapsVertically = (a: PageBoundingBox, b: PageBoundingBox) => a.pageY < b.pageY + b.height && b.pageY < a.pageY + a.height;
const disjointHorizontally = (a: PageBoundingBox, b: PageBoundingBox) => a.pageX + a.width <= b.pageX || b.pageX + b.width <= a.pageX;

/**
 * The axis a parent's children are laid out along: a row when any two neighbours sit side by side (a wrapping row
 * or a grid has pairs on two lines, and the dragged element left out can put any two on different lines), else a
 * column.
 */
export function layoutAxis(boxes: readonly PageBoundingBox[]): 'row' | 'column' {
  for (let i = 1; i < boxes.length; i++) {
    if (overlapsVertically(boxes[i - 1]!, boxes[i]!) && disjointHorizontally(boxes[i - 1]!, boxes[i]!)) return 'row';
  }
  return 'column';
}

/**
 * For a row, the vertical span of the line each box is on: a box starts a new line when it is wholly below the
 * current one. The first line reaches up and the last one down without end, so a pointer above or below a
 * one-line row is placed by its x alone.
 */
function lineSpans(boxes: readonly PageBoundingBox[]): { top: number; bottom: number }[] {
  const lines: { top: number; bottom: number; members: number[] }[] = [];
  boxes.forEach((box, index) => {
    const line = lines.at(-1);
    if (line && box.pageY < line.bottom) {
      line.bottom = Math.max(line.bottom, box.pageY + box.height);
      line.members.push(index);
    } else lines.push({ top: box.pageY, bottom: box.pageY + box.height, members: [index] });
  });
  if (lines.length) {
    lines[0]!.top = -Infinity;
    lines.at(-1)!.bottom = Infinity;
  }
  const spans: { top: number; bottom: number }[] = [];
  for (const line of lines) for (const index of line.members) spans[index] = { top: line.top, bottom: line.bottom };
  return spans;
}

/**
 * Which siblings the pointer is past, in reading order: in a column, past a box's vertical midpoint; in a row,
 * below the box's line, or on it and past the box's horizontal midpoint.
 */
export function pastSiblings(siblings: readonly LiveSibling[], point: DropPoint): boolean[] {
  const boxes = siblings.map((sibling) => sibling.box);
  if (layoutAxis(boxes) === 'column') return boxes.map((box) => point.pageY > box.pageY + box.height / 2);
  const lines = lineSpans(boxes);
  return boxes.map((box, index) => point.pageY >= lines[index]!.bottom || (point.pageY >= lines[index]!.top && point.pageX > box.pageX + box.width / 2));
}

/** Among a parent's children as laid out now (the dragged one left out): before the first the pointer is not past, else after the last. */
export function placeAmong(parentKey: string, siblings: readonly LiveSibling[], point: DropPoint): DropTarget {
  if (siblings.length === 0) return { parentKey, beforeKey: null, afterKey: null };
  const past = pastSiblings(siblings, point);
  const at = past.findIndex((isPast) => !isPast);
  return at >= 0 ? { parentKey, beforeKey: siblings[at]!.key, afterKey: null } : { parentKey, beforeKey: null, afterKey: siblings.at(-1)!.key };
}

/** Whether an element can hold a dropped element: not a component, not a void tag, not a text tag with no elements. */
export function isContainer(node: NavTreeNode): boolean {
  const tag = node.tagName.toLowerCase();
  if (node.isComponent || !takesAddedElements(tag)) return false;
  return !TEXT_TAGS.has(tag) || node.children.length > 0;
}

/**
 * The tags of a node and its ancestors in the page, nearest first: the DOM's own tags (a component that renders its
 * root element in place is that element's tag), so the content model judges what the browser will hold.
 */
export function selfAndAncestorTags(nodes: ReadonlyMap<string, NavTreeNode>, key: string): string[] {
  const tags: string[] = [];
  for (let node = nodes.get(key); node; node = node.parent ? nodes.get(node.parent) : undefined) tags.push(node.tagName);
  return tags;
}

/** The tags of every element inside a node, any depth. */
export function descendantTags(node: NavTreeNode): string[] {
  const tags: string[] = [];
  const stack = [...node.children];
  while (stack.length) {
    const child = stack.pop()!;
    tags.push(child.tagName);
    stack.push(...child.children);
  }
  return tags;
}

/** Why the element may not go into this parent by the HTML content model (`contracts/content-model.ts`), or null. */
export function nestingProblemIn(nodes: ReadonlyMap<string, NavTreeNode>, parentKey: string, placed: NavTreeNode): string | null {
  return nestingProblem(placed.tagName, selfAndAncestorTags(nodes, parentKey), descendantTags(placed));
}

/**
 * The component use around `hoveredKey` that stands as one cell beside the dragged element: a use in the same parent
 * (a grid of cards), or a use of the same component anywhere. A drop over its markup goes beside it, not inside: that
 * markup is the component's definition, shared by every use (and a component's own use inside it is refused).
 */
export function cellAround(nodes: ReadonlyMap<string, NavTreeNode>, hoveredKey: string, dragged: NavTreeNode): string | null {
  let cell: string | null = null;
  for (let node = nodes.get(hoveredKey); node; node = node.parent ? nodes.get(node.parent) : undefined) {
    if (node.isComponent && node.key !== dragged.key && (node.parent === dragged.parent || (dragged.isComponent && node.name === dragged.name))) cell = node.key;
  }
  return cell;
}

/**
 * The parent a drop over `hoveredKey` goes into: the hovered element when it can hold children and the HTML content
 * model lets the dragged element stand there, else the nearest ancestor that can (over a component cell beside the
 * dragged element, `cellAround`, the cell's parent); never the dragged element or anything inside it, the storyboard, a component or an element
 * without editable source. Null when there is none, or when the pointer is over the dragged element itself (it is
 * shown where it would land, so the place stays as it is).
 */
export function dropParentAt(context: DropContext, hoveredKey: string | null): string | null {
  const { nodes, draggedKey } = context;
  if (!hoveredKey || !nodes.has(hoveredKey) || !nodes.has(draggedKey) || isSelfOrInside(nodes, hoveredKey, draggedKey)) return null;
  const cell = cellAround(nodes, hoveredKey, nodes.get(draggedKey)!);
  const hovered = nodes.get(cell ?? hoveredKey)!;
  let candidate: string | null = !cell && isContainer(hovered) ? hovered.key : hovered.parent;
  while (candidate) {
    const node = nodes.get(candidate);
    if (!node) return null;
    const writable = node.tempoElement.codebaseId !== STORYBOARD_CODEBASE_ID && context.canContain(node) && isContainer(node);
    // A parent the content model refuses (a paragraph for a block, a link for a button) is passed for the next one up.
    if (writable && !isSelfOrInside(nodes, candidate, draggedKey) && nestingProblemIn(nodes, candidate, nodes.get(draggedKey)!) === null) return candidate;
    candidate = node.parent;
  }
  return null;
}

/** A parent's children from the tree, the dragged one left out, with their live boxes; those not laid out (no box) are left out too. */
export function liveSiblings(context: DropContext, parentKey: string, layout: LiveDropLayout): LiveSibling[] {
  const siblings: LiveSibling[] = [];
  for (const child of context.nodes.get(parentKey)?.children ?? []) {
    const box = layout.boxes[child.key];
    if (child.key !== context.draggedKey && box) siblings.push({ key: child.key, box });
  }
  return siblings;
}

/**
 * The place to show for a pointer move, given what was shown before (hysteresis): the drag's temporary move
 * changes the layout under the pointer, so a place worked out from one layout can disagree with the next one.
 * The place changes only
 * - into another parent, when the pointer moved over it;
 * - within the same parent, when between its last position and this one the pointer crossed the midpoint of a
 *   sibling's live box (both positions judged in this layout).
 * Over the dragged element itself, over nothing droppable, or with the pointer where it was, the place stays.
 */
export function followDrop(context: DropContext, previous: DropFollowState, hoveredKey: string | null, layout: LiveDropLayout): DropTarget | null {
  const point = { pageX: layout.pageX, pageY: layout.pageY };
  const stay = previous.target;
  if (previous.point && previous.point.pageX === point.pageX && previous.point.pageY === point.pageY && stay) return stay;
  const parentKey = dropParentAt(context, hoveredKey);
  if (!parentKey) return stay;
  const siblings = liveSiblings(context, parentKey, layout);
  if (stay && stay.parentKey === parentKey && previous.point) {
    const before = pastSiblings(siblings, previous.point);
    const now = pastSiblings(siblings, point);
    if (before.every((isPast, index) => isPast === now[index])) return stay;
  }
  return placeAmong(parentKey, siblings, point);
}

/** Whether dropping there leaves the element where it already is (in the source, as the nav tree has it). */
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
