/**
 * Pan and zoom of the canvas, for the surface's own wheel and pointer, the wheel a frame forwards and the
 * toolbar's zoom controls: one place that moves the view, keeping the point under the pointer fixed.
 */
import type { WheelEventData } from '@contracts/frame-protocol.js';
import { useEditorStore } from '../state/editor-store';
import { clampZoom, fitFrames, frameElement, framePointToClient, panForZoomAround, wheelAction, type Point, type WheelInput } from './canvas-geometry';

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

/** Sets the zoom, keeping the canvas point under `clientPoint` (default: the surface's centre) where it is. */
export function zoomCanvasTo(zoomPerc: number, clientPoint?: Point): void {
  const rect = surfaceRect();
  const anchor = rect ? (clientPoint ? { x: clientPoint.x - rect.left, y: clientPoint.y - rect.top } : { x: rect.width / 2, y: rect.height / 2 }) : { x: 0, y: 0 };
  const to = Math.round(clampZoom(zoomPerc) * 10) / 10;
  useEditorStore.getState().updateCanvas((canvas) => {
    canvas.pan = panForZoomAround(canvas.pan, canvas.zoomPerc, to, anchor);
    canvas.zoomPerc = to;
  });
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
