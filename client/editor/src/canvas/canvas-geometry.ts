/**
 * The canvas's coordinate systems: screen (client) pixels, canvas pixels (zoom 100 %, where frames are placed) and
 * each frame's own CSS pixels. The surface draws canvas point `c` at `pan + c × zoom`, so zooming around a point
 * keeps the canvas point under it fixed.
 */
import { ZOOM_LIMITS } from '@contracts/studio-api.js';
import { useEditorStore } from '../state/editor-store';

export interface Point {
  x: number;
  y: number;
}

/** What placing and fitting need of a frame: where it is and how big its viewport is. */
export interface FrameBox {
  x: number;
  y: number;
  viewport: { width: number; height: number };
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The attribute each frame's `<iframe>` carries its frame id in, for hit tests from the outside. */
export const FRAME_ID_ATTRIBUTE = 'data-studio-frame-id';

/** Height of a frame's title bar above its viewport, in screen pixels (it does not scale with the zoom). */
export const FRAME_TITLE_HEIGHT = 34;

export function clampZoom(zoomPerc: number): number {
  return Math.min(ZOOM_LIMITS.max, Math.max(ZOOM_LIMITS.min, zoomPerc));
}

/** The pan that keeps the canvas point under `anchor` (surface pixels) where it is while the zoom changes. */
export function panForZoomAround(pan: Point, fromZoomPerc: number, toZoomPerc: number, anchor: Point): Point {
  const from = fromZoomPerc / 100;
  const to = toZoomPerc / 100;
  return {
    x: anchor.x - ((anchor.x - pan.x) / from) * to,
    y: anchor.y - ((anchor.y - pan.y) / from) * to,
  };
}

export interface WheelInput {
  deltaX: number;
  deltaY: number;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

export type WheelAction = { kind: 'pan'; dx: number; dy: number } | { kind: 'zoom'; factor: number };

/**
 * What a wheel turn does to the canvas: with Ctrl/⌘ (which is also how browsers report a trackpad pinch) it
 * zooms, smoothly in proportion to the delta; otherwise it pans, Shift turning a vertical wheel into a sideways pan.
 */
export function wheelAction(input: WheelInput): WheelAction {
  if (input.ctrlKey || input.metaKey) {
    const delta = Math.max(-100, Math.min(100, input.deltaY));
    // One mouse-wheel notch (100) zooms by about a quarter; a pinch sends many small deltas.
    return { kind: 'zoom', factor: Math.exp(-delta * 0.0025) };
  }
  if (input.shiftKey && input.deltaX === 0) return { kind: 'pan', dx: -input.deltaY, dy: 0 };
  return { kind: 'pan', dx: -input.deltaX, dy: -input.deltaY };
}

/** The zoom steps of the toolbar's zoom in / zoom out. */
const ZOOM_STEPS = [10, 25, 33, 50, 67, 75, 100, 125, 150, 200, 300, 400];

export function nextZoomStep(zoomPerc: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((step) => step > zoomPerc + 0.5) ?? ZOOM_LIMITS.max;
  return [...ZOOM_STEPS].reverse().find((step) => step < zoomPerc - 0.5) ?? ZOOM_LIMITS.min;
}

/** A rectangle of the canvas (canvas pixels), by its edges. */
export interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The rectangle that holds every frame's viewport; null for no frames. */
export function framesBounds(frames: readonly FrameBox[]): Bounds | null {
  if (frames.length === 0) return null;
  return {
    left: Math.min(...frames.map((frame) => frame.x)),
    top: Math.min(...frames.map((frame) => frame.y)),
    right: Math.max(...frames.map((frame) => frame.x + frame.viewport.width)),
    bottom: Math.max(...frames.map((frame) => frame.y + frame.viewport.height)),
  };
}

/**
 * Zoom and pan that show a rectangle of the canvas whole and centred inside a surface of `size`, with a margin and
 * room for a title bar above it; never past the zoom limits, nor past `maxZoomPerc`.
 */
export function fitBounds(bounds: Bounds, size: { width: number; height: number }, margin = 40, maxZoomPerc: number = ZOOM_LIMITS.max): { zoomPerc: number; pan: Point } {
  const { left, top, right, bottom } = bounds;
  const availableWidth = Math.max(1, size.width - 2 * margin);
  const availableHeight = Math.max(1, size.height - 2 * margin - FRAME_TITLE_HEIGHT);
  const fitting = Math.min(availableWidth / Math.max(1, right - left), availableHeight / Math.max(1, bottom - top)) * 100;
  const zoomPerc = Math.floor(clampZoom(Math.min(maxZoomPerc, fitting)));
  const zoom = zoomPerc / 100;
  return {
    zoomPerc,
    pan: {
      x: (size.width - (right - left) * zoom) / 2 - left * zoom,
      y: FRAME_TITLE_HEIGHT + (size.height - FRAME_TITLE_HEIGHT - (bottom - top) * zoom) / 2 - top * zoom,
    },
  };
}

/** Zoom and pan that show every frame (with its title bar) inside a surface of `size`, with a margin. */
export function fitFrames(frames: readonly FrameBox[], size: { width: number; height: number }, margin = 40): { zoomPerc: number; pan: Point } {
  const bounds = framesBounds(frames);
  if (!bounds || size.width <= 0 || size.height <= 0) return { zoomPerc: 100, pan: { x: margin, y: margin + FRAME_TITLE_HEIGHT } };
  return fitBounds(bounds, size, margin);
}

/**
 * The pan nearest to `pan` that keeps the frames on the surface: at least `visible` screen pixels of their rectangle
 * (all of it when smaller) stay inside the surface on each axis, so that no zoom leaves the designer looking at
 * empty canvas with the frames off-screen.
 */
export function panKeepingInView(pan: Point, zoomPerc: number, bounds: Bounds | null, size: { width: number; height: number }, visible = 80): Point {
  if (!bounds) return pan;
  const zoom = zoomPerc / 100;
  const axis = (offset: number, low: number, high: number, extent: number) => {
    const need = Math.min(visible, (high - low) * zoom, extent);
    return Math.min(Math.max(offset, need - high * zoom), extent - need - low * zoom);
  };
  return { x: axis(pan.x, bounds.left, bounds.right, size.width), y: axis(pan.y, bounds.top, bounds.bottom, size.height) };
}

/** Where a new frame goes: right of the rightmost frame, top-aligned with the topmost one. */
export function placeForNewFrame(frames: readonly FrameBox[], gap = 80): Point {
  if (frames.length === 0) return { x: 0, y: 0 };
  return {
    x: Math.max(...frames.map((frame) => frame.x + frame.viewport.width)) + gap,
    y: Math.min(...frames.map((frame) => frame.y)),
  };
}

/**
 * The frame under a screen point and the point in that frame's own CSS pixels, from the frames' on-screen
 * rectangles (already scaled by the zoom). The last one listed wins, as it is drawn on top.
 */
export function pointInFrames(frames: readonly { frameId: string; rect: Rect }[], zoomPerc: number, clientX: number, clientY: number): { frameId: string; x: number; y: number } | null {
  const zoom = zoomPerc / 100;
  for (let index = frames.length - 1; index >= 0; index--) {
    const { frameId, rect } = frames[index]!;
    if (clientX >= rect.left && clientX < rect.left + rect.width && clientY >= rect.top && clientY < rect.top + rect.height) {
      return { frameId, x: (clientX - rect.left) / zoom, y: (clientY - rect.top) / zoom };
    }
  }
  return null;
}

/** The inverse of `pointInFrames`: where a point of a frame's own pixels is on screen. */
export function framePointToClient(rect: Pick<Rect, 'left' | 'top'>, zoomPerc: number, x: number, y: number): Point {
  return { x: rect.left + (x * zoomPerc) / 100, y: rect.top + (y * zoomPerc) / 100 };
}

/** The frame's `<iframe>` element on the canvas, if it is drawn. */
export function frameElement(frameId: string): HTMLIFrameElement | null {
  return document.querySelector<HTMLIFrameElement>(`iframe[${FRAME_ID_ATTRIBUTE}="${CSS.escape(frameId)}"]`);
}

/** The frame under a screen point, with the point in that frame's own CSS pixels (for drops from the palette). */
export function frameAtPoint(clientX: number, clientY: number): { frameId: string; x: number; y: number } | null {
  const zoomPerc = useEditorStore.getState().canvas?.zoomPerc ?? 100;
  const frames = [...document.querySelectorAll<HTMLIFrameElement>(`iframe[${FRAME_ID_ATTRIBUTE}]`)].map((iframe) => ({
    frameId: iframe.getAttribute(FRAME_ID_ATTRIBUTE)!,
    rect: iframe.getBoundingClientRect(),
  }));
  return pointInFrames(frames, zoomPerc, clientX, clientY);
}
