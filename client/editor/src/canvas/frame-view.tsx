/**
 * One frame on the canvas: its title bar (drag handle with the name, back / forward / refresh, the address, a
 * hydration warning, the frame menu) over the console in an `<iframe>` of the frame's viewport size, scaled by
 * the canvas zoom. The title bar keeps its size at any zoom so it stays readable.
 */
import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import type { HydrationStatus } from '@contracts/frame-protocol.js';
import type { CanvasFrame } from '@contracts/studio-api.js';
import { canWriteSource } from '../api/studio-client';
import { useEditorServices } from '../services/editor-services';
import { useEditorStore } from '../state/editor-store';
import { FRAME_ID_ATTRIBUTE, FRAME_TITLE_HEIGHT } from './canvas-geometry';
import { frameSrc } from '@contracts/frame-query.js';
import { displayAddress, parseTypedAddress } from './frame-address';
import { placeFrame, takeEarlyFrame } from '../frame/early-frames';
import { FrameMenu } from './frame-menu';
import { useFrameReloadAfterReconnect } from './frame-reload';
import { servedProject } from '../api/project-words';

/** How long a frame's page may take to start the studio overlay before the frame says it is not editable. */
const OVERLAY_READY_TIMEOUT_MS = 30_000;
const overlayLateText = () =>
  `The studio overlay did not start in this page: it is not a page of ${servedProject().object} served by plantation-studio dev, or it failed to load (see the frame). Refresh to try again.`;

export interface FrameViewProps {
  frame: CanvasFrame;
  zoomPerc: number;
  pan: { x: number; y: number };
  /** Tells the canvas a drag of this frame started or ended (it shields the frames meanwhile). */
  onDragging(dragging: boolean): void;
}

function NavButton({ label, glyph, disabled, onClick }: { label: string; glyph: string; disabled: boolean; onClick(): void }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="flex h-6 w-6 shrink-0 items-center justify-center rounded text-neutral-300 hover:bg-neutral-700 disabled:opacity-40"
    >
      {glyph}
    </button>
  );
}

/** The address field: shows where the frame is, and navigates it to a typed address on Enter. */
function FrameAddress({ frame, shownAddress, onRoute }: { frame: CanvasFrame; shownAddress: string; onRoute(route: string): void }) {
  const notify = useEditorStore((state) => state.notify);
  const [address, setAddress] = useState(shownAddress);
  const [editingAddress, setEditingAddress] = useState(false);
  useEffect(() => {
    if (!editingAddress) setAddress(shownAddress);
  }, [shownAddress, editingAddress]);

  const navigate = () => {
    const parsed = parseTypedAddress(address, window.location.origin);
    if ('error' in parsed) {
      notify('error', parsed.error);
      return;
    }
    setEditingAddress(false);
    onRoute(parsed.route);
  };

  return (
    <form
      className="min-w-0 flex-1"
      onSubmit={(event) => {
        event.preventDefault();
        navigate();
      }}
    >
      <label className="sr-only" htmlFor={`address-${frame.id}`}>
        Address of {frame.name}
      </label>
      <input
        id={`address-${frame.id}`}
        value={address}
        spellCheck={false}
        onFocus={() => setEditingAddress(true)}
        onBlur={() => setEditingAddress(false)}
        onChange={(event) => setAddress(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setAddress(shownAddress);
            event.currentTarget.blur();
          }
        }}
        className="h-6 w-full rounded bg-neutral-900 px-2 font-mono text-[11px] text-neutral-200 outline-none focus:ring-1 focus:ring-sky-500"
      />
    </form>
  );
}

/** The frame's warnings: a hydration or page error, and whether its overlay has started (or is late). */
function FrameStatus({ ready, hydration }: { ready: boolean; hydration: HydrationStatus | null | undefined }) {
  const [overlayLate, setOverlayLate] = useState(false);
  useEffect(() => {
    setOverlayLate(false);
    if (ready || !canWriteSource()) return;
    const timer = setTimeout(() => setOverlayLate(true), OVERLAY_READY_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [ready]);
  return (
    <>
      {hydration && hydration.status !== 'no_error' ? (
        <span
          role="status"
          title={[hydration.errorLabel, hydration.errorDescr, hydration.errorBody].filter(Boolean).join('\n')}
          className="shrink-0 rounded bg-amber-500/20 px-1.5 py-0.5 text-[11px] font-medium text-amber-300"
        >
          {hydration.status === 'error' ? 'Hydration error' : 'Page error'}
        </span>
      ) : null}
      {!ready ? (
        overlayLate ? (
          <span role="alert" title={overlayLateText()} className="shrink-0 rounded bg-red-500/20 px-1.5 py-0.5 text-[11px] font-medium text-red-300">
            Not editable
          </span>
        ) : (
          <span className="shrink-0 px-1 text-[11px] text-neutral-500" title={canWriteSource() ? undefined : 'A built project has no studio overlay: it can be viewed, not edited'}>
            {canWriteSource() ? 'Loading…' : 'View only'}
          </span>
        )
      ) : null}
    </>
  );
}

/** Moving the frame on the canvas by its title bar's handle. */
function useFrameDrag(frame: CanvasFrame, zoom: number, onDragging: (dragging: boolean) => void) {
  const updateFrame = useEditorStore((state) => state.updateFrame);
  return (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const start = { x: event.clientX, y: event.clientY, frameX: frame.x, frameY: frame.y };
    onDragging(true);
    const move = (moveEvent: PointerEvent) => {
      updateFrame(frame.id, (draft) => {
        draft.x = Math.round(start.frameX + (moveEvent.clientX - start.x) / zoom);
        draft.y = Math.round(start.frameY + (moveEvent.clientY - start.y) / zoom);
      });
    };
    const end = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
      onDragging(false);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  };
}

interface FrameTitleBarProps {
  frame: CanvasFrame;
  active: boolean;
  zoom: number;
  iframeRef: RefObject<HTMLIFrameElement | null>;
  onDragging(dragging: boolean): void;
}

function FrameTitleBar({ frame, active, zoom, iframeRef, onDragging }: FrameTitleBarProps) {
  const { frames } = useEditorServices();
  const runtime = useEditorStore((state) => state.frames[frame.id]);
  const notify = useEditorStore((state) => state.notify);
  const updateFrame = useEditorStore((state) => state.updateFrame);
  const startDrag = useFrameDrag(frame, zoom, onDragging);
  const shownAddress = runtime?.href ? displayAddress(runtime.href) : frame.route;

  const call = (name: 'goBack' | 'goForward' | 'refresh') => {
    const channel = frames.channel(frame.id);
    if (!channel) {
      // No overlay to ask (still loading, or a built console): a refresh is still the frame's own to do.
      if (name === 'refresh') iframeRef.current?.contentWindow?.location.reload();
      return;
    }
    channel.call(name, {}).catch((error: unknown) => notify('error', `${frame.name}: ${(error as Error).message}`));
  };

  const goTo = (route: string) => {
    updateFrame(frame.id, (draft) => {
      draft.route = route;
    });
    if (iframeRef.current) iframeRef.current.src = frameSrc(route, frame.id);
  };

  return (
    <div
      className={`flex items-center gap-1 rounded-t border-x border-t px-1 text-xs ${active ? 'border-sky-600 bg-neutral-800' : 'border-neutral-700 bg-neutral-800/80'}`}
      style={{ height: FRAME_TITLE_HEIGHT, minWidth: 320 }}
    >
      <div
        role="button"
        tabIndex={-1}
        aria-label={`Move frame ${frame.name}`}
        title="Drag to move the frame"
        onPointerDown={startDrag}
        className="flex min-w-0 max-w-40 shrink cursor-grab items-center gap-1 truncate px-1 font-medium text-neutral-200 active:cursor-grabbing"
      >
        <span aria-hidden="true" className="text-neutral-500">⠿</span>
        <span className="truncate">{frame.name}</span>
      </div>
      <NavButton label="Back" glyph="←" disabled={!runtime?.ready} onClick={() => call('goBack')} />
      <NavButton label="Forward" glyph="→" disabled={!runtime?.ready} onClick={() => call('goForward')} />
      <NavButton label="Refresh" glyph="↻" disabled={false} onClick={() => call('refresh')} />
      <FrameAddress frame={frame} shownAddress={shownAddress} onRoute={goTo} />
      <FrameStatus ready={runtime?.ready === true} hydration={runtime?.hydration} />
      <FrameMenu frame={frame} />
    </div>
  );
}

export function FrameView({ frame, zoomPerc, pan, onDragging }: FrameViewProps) {
  const iframeRef = useRef<HTMLIFrameElement>(null);
  const { frames } = useEditorServices();
  const active = useEditorStore((state) => state.activeFrameId === frame.id);
  // The first address only: later navigation goes through the frame itself, so a re-render never reloads it.
  const [initialSrc] = useState(() => frameSrc(frame.route, frame.id));
  const zoom = zoomPerc / 100;

  const holderRef = useRef<HTMLDivElement>(null);
  const title = `${servedProject().label}: ${frame.name}`;

  // Made here rather than by React: an `<iframe>` the page started before the editor ran (early-frames.ts) is taken
  // as it is, its console already loading, and React never moves or remakes it.
  useLayoutEffect(() => {
    const iframe = takeEarlyFrame(frame.id, initialSrc) ?? document.createElement('iframe');
    if (!iframe.getAttribute('src')) iframe.src = initialSrc;
    iframe.setAttribute(FRAME_ID_ATTRIBUTE, frame.id);
    iframe.removeAttribute('tabindex');
    iframe.className = 'absolute left-0 top-0 origin-top-left border-0 bg-white';
    placeFrame(holderRef.current!, iframe);
    iframeRef.current = iframe;
    return () => {
      iframe.remove();
      iframeRef.current = null;
    };
  }, [frame.id, initialSrc]);
  useLayoutEffect(() => {
    const iframe = iframeRef.current!;
    iframe.title = title;
    iframe.style.cssText = `width:${frame.viewport.width}px;height:${frame.viewport.height}px;transform:scale(${zoom})`;
  }, [title, frame.viewport.width, frame.viewport.height, zoom]);

  useEffect(() => frames.connect(frame.id, iframeRef.current!), [frames, frame.id]);
  useFrameReloadAfterReconnect(frame.id, frame.route, iframeRef);

  const width = frame.viewport.width * zoom;
  const height = frame.viewport.height * zoom;

  return (
    <section
      aria-label={`Frame ${frame.name}`}
      data-frame-id={frame.id}
      className="absolute"
      style={{ left: pan.x + frame.x * zoom, top: pan.y + frame.y * zoom - FRAME_TITLE_HEIGHT, width }}
    >
      <FrameTitleBar frame={frame} active={active} zoom={zoom} iframeRef={iframeRef} onDragging={onDragging} />
      <div ref={holderRef} className={`relative overflow-hidden border bg-white ${active ? 'border-sky-600' : 'border-neutral-700'}`} style={{ width, height }} />
    </section>
  );
}
