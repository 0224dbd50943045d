/**
 * Where the selection's handles are drawn (docs/editor.md#handles), in the page's client coordinates: resizing on
 * the right edge (width), the bottom edge (height) and the corner (both); a padding handle inside each side, in the
 * middle of its padding; a margin handle outside each side, in the middle of its margin; a gap handle between a
 * flex or grid container's first two children. A handle with nothing to show (no padding) sits a few pixels from
 * its edge, so it can still be taken. Sizes are divided by the zoom: the same on screen at any zoom.
 */
import type { HandleId, HandleProperty, Side } from './handle-drag-machine.js';
import { SIDES } from './handle-drag-machine.js';
import type { Rect } from './distance-guides.js';

/** The element's box as the handles read it, in CSS pixels. */
export interface HandleMetrics {
  rect: Rect;
  padding: Record<Side, number>;
  margin: Record<Side, number>;
  border: Record<Side, number>;
  /** Whether width and height apply (not an inline box). */
  sizable: boolean;
  /** Between a flex or grid container's first two laid-out children: their boxes, and the axis they follow. */
  gap: { axis: 'x' | 'y'; before: Rect; after: Rect } | null;
}

export type HandleKind = 'size' | 'padding' | 'margin' | 'gap';

export interface HandleBox {
  id: HandleId;
  kind: HandleKind;
  /** The handle's centre. */
  x: number;
  y: number;
  /** Its size on the page (CSS pixels at this zoom). */
  width: number;
  height: number;
  cursor: string;
}

/** The handles' size on screen, in screen pixels. */
export const HANDLE_SQUARE_PX = 8;
const BAR_LENGTH_PX = 14;
const BAR_THICKNESS_PX = 5;
/** How far from its edge a handle of an empty padding or margin sits, in screen pixels. */
const EMPTY_BAND_PX = 7;

const axisOf = (side: Side): 'x' | 'y' => (side === 'top' || side === 'bottom' ? 'y' : 'x');

export function handleBoxes(metrics: HandleMetrics, zoom: number): HandleBox[] {
  const z = zoom > 0 ? zoom : 1;
  const { rect, padding, margin, border } = metrics;
  const midX = (rect.left + rect.right) / 2;
  const midY = (rect.top + rect.bottom) / 2;
  const boxes: HandleBox[] = [];
  const bar = (id: HandleId, kind: HandleKind, side: Side, x: number, y: number) => {
    const along = axisOf(side);
    boxes.push({
      id,
      kind,
      x,
      y,
      width: (along === 'y' ? BAR_LENGTH_PX : BAR_THICKNESS_PX) / z,
      height: (along === 'y' ? BAR_THICKNESS_PX : BAR_LENGTH_PX) / z,
      cursor: along === 'y' ? 'ns-resize' : 'ew-resize',
    });
  };
  // The distance from the edge to the middle of a band, or a few pixels for an empty one; inward or outward.
  const band = (size: number) => Math.max(size / 2, EMPTY_BAND_PX / z);
  // A point at a depth into the element from a side's edge (negative: outside), moved along that side.
  const place: Record<Side, (depth: number, along: number) => [number, number]> = {
    top: (depth, along) => [midX + along, rect.top + depth],
    bottom: (depth, along) => [midX + along, rect.bottom - depth],
    left: (depth, along) => [rect.left + depth, midY + along],
    right: (depth, along) => [rect.right - depth, midY + along],
  };
  // Along the side, the padding handle sits a little before its middle and the margin one a little after, so
  // neither covers the resize handle at the middle of the edge.
  const shift = (BAR_LENGTH_PX + 2) / z;
  for (const side of SIDES) {
    const [paddingX, paddingY] = place[side](border[side] + band(padding[side]), -shift);
    bar(`padding-${side}`, 'padding', side, paddingX, paddingY);
    const [marginX, marginY] = place[side](-band(margin[side]), shift);
    bar(`margin-${side}`, 'margin', side, marginX, marginY);
  }
  if (metrics.gap) {
    const { axis, before, after } = metrics.gap;
    const x = axis === 'x' ? (before.right + after.left) / 2 : (Math.max(before.left, after.left) + Math.min(before.right, after.right)) / 2;
    const y = axis === 'y' ? (before.bottom + after.top) / 2 : (Math.max(before.top, after.top) + Math.min(before.bottom, after.bottom)) / 2;
    bar('gap', 'gap', axis === 'x' ? 'left' : 'top', x, y);
  }
  if (metrics.sizable) {
    const square = HANDLE_SQUARE_PX / z;
    boxes.push({ id: 'width', kind: 'size', x: rect.right, y: midY, width: square, height: square, cursor: 'ew-resize' });
    boxes.push({ id: 'height', kind: 'size', x: midX, y: rect.bottom, width: square, height: square, cursor: 'ns-resize' });
    boxes.push({ id: 'size', kind: 'size', x: rect.right, y: rect.bottom, width: square, height: square, cursor: 'nwse-resize' });
  }
  return boxes;
}

const px = (value: string) => Number.parseFloat(value) || 0;
const sidesOf = (style: CSSStyleDeclaration, prefix: 'padding' | 'margin' | 'border', suffix = '') =>
  Object.fromEntries(SIDES.map((side) => [side, px(style.getPropertyValue(`${prefix}-${side}${suffix}`))])) as Record<Side, number>;

/** The first two laid-out children of a flex or grid container, and the axis they follow; null for any other. */
function gapOf(element: Element, style: CSSStyleDeclaration): HandleMetrics['gap'] {
  if (!/flex|grid/.test(style.display)) return null;
  const children = [...element.children].filter((child) => child.getClientRects().length > 0).slice(0, 2);
  if (children.length < 2) return null;
  const [before, after] = children.map((child) => child.getBoundingClientRect()) as [DOMRect, DOMRect];
  // Side by side (a row, or a grid's columns) the gap is along x; one under the other, along y.
  const axis = after.left >= before.right - 0.5 ? 'x' : 'y';
  return { axis, before, after };
}

/** Reads what the handles need of the element as the page lays it out now. */
export function readHandleMetrics(element: Element): HandleMetrics {
  const style = getComputedStyle(element);
  return {
    rect: element.getBoundingClientRect(),
    padding: sidesOf(style, 'padding'),
    margin: sidesOf(style, 'margin'),
    border: sidesOf(style, 'border', '-width'),
    sizable: style.display !== 'inline' && style.display !== 'contents',
    gap: gapOf(element, style),
  };
}

/** The element's values a drag starts from, in CSS pixels: the size as its `box-sizing` counts it, sides, gap. */
export function startValuesOf(element: Element, metrics: HandleMetrics): Partial<Record<HandleProperty, number>> {
  const style = getComputedStyle(element);
  const values: Partial<Record<HandleProperty, number>> = { width: px(style.width), height: px(style.height) };
  for (const side of SIDES) {
    values[`padding-${side}`] = metrics.padding[side];
    values[`margin-${side}`] = metrics.margin[side];
  }
  const gap = metrics.gap?.axis === 'y' ? style.rowGap : style.columnGap;
  values.gap = px(gap);
  return values;
}
