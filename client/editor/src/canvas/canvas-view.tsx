/**
 * The canvas: the frames of the console, panned with the wheel (or by dragging the empty canvas), zoomed with
 * Ctrl/⌘+wheel or a pinch around the pointer. While anything is dragged on it, a transparent shield covers the
 * frames so that their documents do not swallow the pointer.
 */
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useEditorServices } from '../services/editor-services';
import { useEditorStore } from '../state/editor-store';
import { AddFrameControl } from './add-frame-control';
import { applyCanvasWheel, CANVAS_SURFACE_ATTRIBUTE, panCanvasBy } from './canvas-actions';
import { settleEarlyFrames } from '../frame/early-frames';
import { FrameView } from './frame-view';
import { servedProject } from '../api/project-words';

/** Pointer travel (px) under which a press on the empty canvas is a click (clears the selection), not a pan. */
const CLICK_SLOP_PX = 4;

export function CanvasView() {
  // Only what the canvas draws: a change recorded in the document (after every edit) must not re-render the frames.
  const frames = useEditorStore((state) => state.canvas?.frames);
  const zoomPerc = useEditorStore((state) => state.canvas?.zoomPerc ?? 100);
  const pan = useEditorStore((state) => state.canvas?.pan);
  const surfaceRef = useRef<HTMLDivElement>(null);
  const [draggingFrames, setDraggingFrames] = useState(0);
  const [panning, setPanning] = useState(false);
  const { frames: bridge } = useEditorServices();

  useEffect(() => bridge.startSync(), [bridge]);
  // After the frames' own effects: each took its early `<iframe>` and messages, if the page started them.
  useEffect(() => {
    if (frames) settleEarlyFrames();
  }, [frames !== undefined]);

  useEffect(() => {
    const surface = surfaceRef.current;
    if (!surface) return;
    // Not passive: Ctrl+wheel (and pinch) would zoom the whole studio page otherwise.
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      applyCanvasWheel(event, { x: event.clientX, y: event.clientY });
    };
    surface.addEventListener('wheel', onWheel, { passive: false });
    return () => surface.removeEventListener('wheel', onWheel);
  }, [frames !== undefined]);

  if (!frames || !pan) return null;

  const startPan = (event: ReactPointerEvent<HTMLDivElement>) => {
    // Only the empty canvas itself (or the middle button anywhere on it) pans.
    if (!(event.button === 1 || (event.button === 0 && event.target === event.currentTarget))) return;
    event.preventDefault();
    const surface = event.currentTarget;
    surface.setPointerCapture(event.pointerId);
    const start = { x: event.clientX, y: event.clientY };
    let last = start;
    let moved = false;
    setPanning(true);
    const move = (moveEvent: PointerEvent) => {
      if (!moved && Math.hypot(moveEvent.clientX - start.x, moveEvent.clientY - start.y) < CLICK_SLOP_PX) return;
      moved = true;
      panCanvasBy(moveEvent.clientX - last.x, moveEvent.clientY - last.y);
      last = { x: moveEvent.clientX, y: moveEvent.clientY };
    };
    const end = () => {
      surface.removeEventListener('pointermove', move);
      surface.removeEventListener('pointerup', end);
      surface.removeEventListener('pointercancel', end);
      setPanning(false);
      if (!moved && event.button === 0) {
        const store = useEditorStore.getState();
        store.setMultiSelected([]);
        store.select(null);
      }
    };
    surface.addEventListener('pointermove', move);
    surface.addEventListener('pointerup', end);
    surface.addEventListener('pointercancel', end);
  };

  const shielded = draggingFrames > 0 || panning;

  return (
    <div
      ref={surfaceRef}
      {...{ [CANVAS_SURFACE_ATTRIBUTE]: '' }}
      aria-label="Canvas"
      role="region"
      onPointerDown={startPan}
      className={`absolute inset-0 overflow-hidden bg-neutral-900 ${panning ? 'cursor-grabbing' : ''}`}
      style={{
        backgroundImage: 'radial-gradient(circle, rgb(64 64 64 / 0.6) 1px, transparent 1px)',
        backgroundSize: `${24 * (zoomPerc / 100)}px ${24 * (zoomPerc / 100)}px`,
        backgroundPosition: `${pan.x}px ${pan.y}px`,
      }}
    >
      {frames.map((frame) => (
        <FrameView key={frame.id} frame={frame} zoomPerc={zoomPerc} pan={pan} onDragging={(dragging) => setDraggingFrames((count) => Math.max(0, count + (dragging ? 1 : -1)))} />
      ))}
      {frames.length === 0 ? (
        <p className="pointer-events-none absolute inset-0 flex items-center justify-center text-neutral-500">This canvas has no frames yet: add one to show {servedProject().object}.</p>
      ) : null}
      {shielded ? <div aria-hidden="true" data-testid="frame-shield" className="absolute inset-0 z-30" /> : null}
      <AddFrameControl />
    </div>
  );
}
