/**
 * The insertion line a drop shows where the element will land: a line between it and the sibling before it, drawn
 * across the parent's flow (a horizontal line in a column or a block, a vertical one in a row), halfway into the gap
 * between the two. Pure geometry on client rectangles; the outlines draw it.
 */

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** How a parent lays out its children: along a row (flex rows) or down a column (everything else). */
export type Flow = 'row' | 'column';

export function flowOf(style: { display: string; flexDirection: string }): Flow {
  const flex = style.display === 'flex' || style.display === 'inline-flex';
  return flex && style.flexDirection.startsWith('row') ? 'row' : 'column';
}

/** The line's thickness, in CSS pixels at zoom 1. */
export const DROP_LINE_PX = 2;

/**
 * The line before `landed` (the element at the place it will land), `previous` being the sibling before it, if any;
 * `zoom` keeps the line's on-screen thickness.
 */
export function insertionLine(flow: Flow, landed: Box, previous: Box | null, zoom = 1): Box {
  const thickness = DROP_LINE_PX / (zoom > 0 ? zoom : 1);
  if (flow === 'row') {
    const edge = previous ? (previous.left + previous.width + landed.left) / 2 : landed.left;
    return { left: edge - thickness / 2, top: landed.top, width: thickness, height: landed.height };
  }
  const edge = previous ? (previous.top + previous.height + landed.top) / 2 : landed.top;
  return { left: landed.left, top: edge - thickness / 2, width: landed.width, height: thickness };
}

/**
 * The line after `after` (the sibling the element will follow), or at the end of `parent` when it follows none:
 * before the next laid-out sibling when there is one, else along the trailing edge (of `after`, of the parent's
 * last child, or the parent's top when it is empty).
 */
export function lineAfter(flow: Flow, parent: Box, after: Box | null, next: Box | null, zoom = 1): Box {
  if (after && next) return insertionLine(flow, next, after, zoom);
  if (!after) return insertionLine(flow, flow === 'row' ? { ...parent, width: 0 } : { ...parent, height: 0 }, null, zoom);
  const trailing = flow === 'row' ? { left: after.left + after.width, top: after.top, width: 0, height: after.height } : { left: after.left, top: after.top + after.height, width: after.width, height: 0 };
  return insertionLine(flow, trailing, after, zoom);
}
