/**
 * Pan and zoom of the canvas, for the surface's own wheel and pointer, the wheel a frame forwards and the
 * toolbar's zoom controls: one place that moves the view, keeping the point under the pointer fixed.
 */
import type { WheelEventData } from '@contracts/frame-protocol.js';
import { parseElementKey } from '@contracts/frame-protocol.js';
import { findNode, frameIdOfKey, useEditorStore } from '../state/editor-store';
import {
  clampZoom,
  fitBounds,
  fitFrames,
  frameElement,
  framePointToClient,
  framesBounds,
  nextZoomStep,
  panForZoomAround,
  panKeepingInView,
  wheelAction,
  type Bounds,
  type Point,
  type WheelInput,
} from './canvas-geometry';

/** The attribute of the element frames are drawn in (its rectangle is the visible canvas). */
export const CANVAS_SURFACE_ATTRIBUTE = 'data-canvas-surface';

function surfaceRect(): DOMRect | null {
  return document.querySelector(`[${CANVAS_SURFACE_ATTRIBUTE}]`)?.getBoundingClientRect() ?? null;
}

export function panCanvasBy(dx: number, dy: number): void {
  useEditorStore.getState().updateCanvas((canvas) => {
    canvas.pan = { x: canvas.pan.x + dx, y: canvas.pan.y + dy };
  });
}

/**
 * Sets the zoom, keeping the canvas point under `clientPoint` (default: the surface's centre) where it is, and
 * never leaving the frames off-screen.
 */
export function zoomCanvasTo(zoomPerc: number, clientPoint?: Point): void {
  const rect = surfaceRect();
  const anchor = rect ? (clientPoint ? { x: clientPoint.x - rect.left, y: clientPoint.y - rect.top } : { x: rect.width / 2, y: rect.height / 2 }) : { x: 0, y: 0 };
  const to = Math.round(clampZoom(zoomPerc) * 10) / 10;
  useEditorStore.getState().updateCanvas((canvas) => {
    const pan = panForZoomAround(canvas.pan, canvas.zoomPerc, to, anchor);
    canvas.pan = rect ? panKeepingInView(pan, to, framesBounds(canvas.frames), { width: rect.width, height: rect.height }) : pan;
    canvas.zoomPerc = to;
  });
}

/**
 * The selected element's rectangle in canvas pixels, from its frame's place and the element's box in the page
 * (less the page's scroll, which the frame's own window knows); null when nothing selected is drawn.
 */
export function selectionBounds(): Bounds | null {
  const state = useEditorStore.getState();
  const key = state.selectedKey;
  const frameId = key ? frameIdOfKey(key) : null;
  const frame = frameId ? state.canvas?.frames.find((candidate) => candidate.id === frameId) : null;
  const node = key && frameId ? findNode(state.frames[frameId]?.navTree ?? null, key) : null;
  if (!frame || !node || !parseElementKey(node.key)) return null;
  let scroll = { x: 0, y: 0 };
  try {
    const view = frameElement(frame.id)?.contentWindow;
    if (view) scroll = { x: view.scrollX, y: view.scrollY };
  } catch {
    // A frame of another origin (an error page) keeps its scroll to itself.
  }
  const box = node.pageBoundingBox;
  const left = frame.x + box.pageX - scroll.x;
  const top = frame.y + box.pageY - scroll.y;
  return { left, top, right: left + box.width, bottom: top + box.height };
}

/** The zoom buttons' and keys' step: about the selection when it is on screen, else about the surface's centre. */
export function zoomCanvasStep(direction: 1 | -1): void {
  const canvas = useEditorStore.getState().canvas;
  const rect = surfaceRect();
  if (!canvas || !rect) return;
  const bounds = selectionBounds();
  const zoom = canvas.zoomPerc / 100;
  const centre = bounds ? { x: rect.left + canvas.pan.x + ((bounds.left + bounds.right) / 2) * zoom, y: rect.top + canvas.pan.y + ((bounds.top + bounds.bottom) / 2) * zoom } : null;
  const onScreen = centre && centre.x >= rect.left && centre.x <= rect.right && centre.y >= rect.top && centre.y <= rect.bottom;
  zoomCanvasTo(nextZoomStep(canvas.zoomPerc, direction), onScreen ? centre : undefined);
}

/** Zoom and pan that show the selected element whole, centred (at most 400 %); nothing without a selection. */
export function fitSelection(): boolean {
  const rect = surfaceRect();
  const bounds = selectionBounds();
  if (!rect || !bounds) return false;
  const fit = fitBounds(bounds, { width: rect.width, height: rect.height }, 80);
  useEditorStore.getState().updateCanvas((draft) => {
    draft.zoomPerc = fit.zoomPerc;
    draft.pan = fit.pan;
  });
  return true;
}

/** A wheel turn over the canvas at `clientPoint`: pans, or with Ctrl/⌘ (and pinch) zooms around the pointer. */
export function applyCanvasWheel(input: WheelInput, clientPoint: Point): void {
  const action = wheelAction(input);
  if (action.kind === 'pan') panCanvasBy(action.dx, action.dy);
  else zoomCanvasTo((useEditorStore.getState().canvas?.zoomPerc ?? 100) * action.factor, clientPoint);
}

/**
 * A wheel a frame forwards (its point is in the frame's own pixels). Only Ctrl/⌘ (and pinch) zoom the canvas
 * from inside a frame: a plain wheel there scrolls the console page, which is how a designer reaches what is
 * below its fold, and panning the canvas at the same time would move the page twice.
 */
export function zoomCanvasByWheel(frameId: string, wheel: WheelEventData): void {
  if (!wheel.ctrlKey && !wheel.metaKey) return;
  const iframe = frameElement(frameId);
  if (!iframe) return;
  const zoomPerc = useEditorStore.getState().canvas?.zoomPerc ?? 100;
  applyCanvasWheel(wheel, framePointToClient(iframe.getBoundingClientRect(), zoomPerc, wheel.x, wheel.y));
}

/** Zoom and pan that show every frame. */
export function fitCanvas(): void {
  const rect = surfaceRect();
  const canvas = useEditorStore.getState().canvas;
  if (!rect || !canvas) return;
  const fit = fitFrames(canvas.frames, { width: rect.width, height: rect.height });
  useEditorStore.getState().updateCanvas((draft) => {
    draft.zoomPerc = fit.zoomPerc;
    draft.pan = fit.pan;
  });
}
