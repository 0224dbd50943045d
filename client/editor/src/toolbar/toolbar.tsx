/**
 * The studio's toolbar: undo and redo (file-level), drive mode, AI context mode with its copyable context, the
 * canvas zoom, the active frame's viewport, capture of the selection, and whether this studio can write at all.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { VIEWPORT_PRESETS, type ViewportPreset } from '@contracts/studio-api.js';
import { STUDIO_API_PATHS } from '@contracts/studio-routes.js';
import { canWriteSource, studioCall } from '../api/studio-client';
import { fitCanvas, zoomCanvasStep, zoomCanvasTo } from '../canvas/canvas-actions';
import { applyViewport, PRESET_LABELS } from '../canvas/frame-viewport';
import { useChangeStore, useEditorServices } from '../services/editor-services';
import { useEditorStore } from '../state/editor-store';
import { AiContextDialog } from './ai-context-dialog';
import { CaptureResult, startCapture } from './capture-result';
import { KeysPanel } from './keys-panel';
import { servedProject } from '../api/project-words';

function ToolButton({ label, pressed, disabled, onClick, children, title }: { label: string; pressed?: boolean; disabled?: boolean; onClick(): void; children: ReactNode; title?: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      title={title ?? label}
      disabled={disabled}
      onClick={onClick}
      className="flex h-7 min-w-7 items-center justify-center gap-1 rounded px-1.5 text-neutral-200 hover:bg-neutral-800 disabled:cursor-not-allowed disabled:opacity-40 aria-pressed:bg-sky-800/70 aria-pressed:text-white"
    >
      {children}
    </button>
  );
}

const Separator = () => <span aria-hidden="true" className="mx-1 h-5 w-px bg-neutral-800" />;

function useStudioEditable(): boolean | null {
  const [editable, setEditable] = useState<boolean | null>(null);
  useEffect(() => {
    if (!canWriteSource()) {
      setEditable(false);
      return;
    }
    studioCall<{ editable?: boolean }>(STUDIO_API_PATHS.health)
      .then((health) => setEditable(health.editable !== false))
      .catch(() => setEditable(null));
  }, []);
  return editable;
}

/** Why the studio writes nothing, when the server serves the console read-only (the installed package's own). */
function useReadOnlyReason(): string | undefined {
  const [reason, setReason] = useState<string>();
  useEffect(() => {
    studioCall<{ readOnly?: string }>(STUDIO_API_PATHS.health)
      .then((health) => setReason(health.readOnly))
      .catch(() => undefined);
  }, []);
  return reason;
}

function ZoomControls() {
  const zoomPerc = useEditorStore((state) => state.canvas?.zoomPerc ?? 100);
  const [typed, setTyped] = useState<string | null>(null);
  const commit = () => {
    if (typed === null) return;
    const value = Number(typed.replace('%', '').trim());
    if (Number.isFinite(value) && value > 0) zoomCanvasTo(value);
    setTyped(null);
  };
  return (
    <div className="flex items-center gap-0.5" role="group" aria-label="Zoom">
      <ToolButton label="Zoom out" title="Zoom out (⌘/Ctrl+-), about the selection or the middle of the view" onClick={() => zoomCanvasStep(-1)}>
        −
      </ToolButton>
      <label className="sr-only" htmlFor="zoom-percent">
        Zoom percent
      </label>
      <input
        id="zoom-percent"
        value={typed ?? `${Math.round(zoomPerc)}%`}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
          if (event.key === 'Escape') setTyped(null);
        }}
        className="h-7 w-14 rounded bg-neutral-900 text-center tabular-nums text-neutral-200 outline-none focus:ring-1 focus:ring-sky-500"
      />
      <ToolButton label="Zoom in" title="Zoom in (⌘/Ctrl+=), about the selection or the middle of the view" onClick={() => zoomCanvasStep(1)}>
        +
      </ToolButton>
      <ToolButton label="Zoom to fit" onClick={fitCanvas}>
        Fit
      </ToolButton>
    </div>
  );
}

function ViewportSelect() {
  const frame = useEditorStore((state) => state.canvas?.frames.find((candidate) => candidate.id === state.activeFrameId) ?? state.canvas?.frames[0] ?? null);
  const updateFrame = useEditorStore((state) => state.updateFrame);
  if (!frame) return null;
  return (
    <>
      <label className="sr-only" htmlFor="viewport-preset">
        Viewport of {frame.name}
      </label>
      <select
        id="viewport-preset"
        value={frame.viewport.preset}
        title={`Viewport of ${frame.name}`}
        onChange={(event) => {
          const preset = event.target.value as Exclude<ViewportPreset, 'custom'>;
          if (preset in VIEWPORT_PRESETS) updateFrame(frame.id, (draft) => applyViewport(draft, { preset, ...VIEWPORT_PRESETS[preset] }));
        }}
        className="h-7 rounded bg-neutral-900 px-1 text-neutral-200"
      >
        {(Object.keys(VIEWPORT_PRESETS) as (keyof typeof VIEWPORT_PRESETS)[]).map((preset) => (
          <option key={preset} value={preset}>
            {PRESET_LABELS[preset]} {VIEWPORT_PRESETS[preset].width}×{VIEWPORT_PRESETS[preset].height}
          </option>
        ))}
        {frame.viewport.preset === 'custom' ? (
          <option value="custom" disabled>
            Custom {frame.viewport.width}×{frame.viewport.height}
          </option>
        ) : null}
      </select>
    </>
  );
}

export function Toolbar() {
  const { changes, frames, connection } = useEditorServices();
  // Undo and redo act on what the server has written: without the server they are off (edits wait instead).
  const online = useStore(connection.store, (state) => state.status === 'online');
  const canUndo = useChangeStore((state) => state.canUndo) && online;
  const canRedo = useChangeStore((state) => state.canRedo) && online;
  const driveMode = useEditorStore((state) => state.driveMode);
  const aiContext = useEditorStore((state) => state.aiContext);
  const hasSelection = useEditorStore((state) => state.selectedKey !== null);
  const capturing = useEditorStore((state) => state.capture?.status === 'pending');
  const canvasName = useEditorStore((state) => state.canvas?.name ?? state.canvasId);
  const editable = useStudioEditable();
  const readOnlyReason = useReadOnlyReason();
  const [aiDialog, setAiDialog] = useState(false);

  return (
    <header role="toolbar" aria-label="Studio toolbar" className="relative flex h-11 shrink-0 items-center gap-1 border-b border-neutral-800 bg-neutral-950 px-2 text-xs">
      <h1 className="mr-2 text-xs font-semibold text-neutral-100">Plantation Studio</h1>
      <span className="mr-2 truncate text-neutral-500" title="Canvas">
        {canvasName}
      </span>
      <Separator />
      <ToolButton label="Undo" title="Undo (⌘Z / Ctrl+Z)" disabled={!canUndo} onClick={() => void changes.undoLast()}>
        ↶ Undo
      </ToolButton>
      <ToolButton label="Redo" title="Redo (⌘⇧Z / Ctrl+Shift+Z)" disabled={!canRedo} onClick={() => void changes.redoLast()}>
        ↷ Redo
      </ToolButton>
      <Separator />
      <ToolButton label="Drive mode" title={`Drive mode: use ${servedProject().object} without editing it`} pressed={driveMode} onClick={() => useEditorStore.getState().setDriveMode(!driveMode)}>
        Drive
      </ToolButton>
      <ToolButton label="AI context mode" title="AI context mode: outlines change colour; gather the selection for an AI assistant" pressed={aiContext} onClick={() => useEditorStore.getState().setAiContext(!aiContext)}>
        AI
      </ToolButton>
      <ToolButton label="Show AI context" title="The selected elements' source and styles, to copy" pressed={aiDialog} onClick={() => setAiDialog(!aiDialog)}>
        Context…
      </ToolButton>
      <Separator />
      <ZoomControls />
      <Separator />
      <ViewportSelect />
      <ToolButton label="Capture" title="Capture the selected element as a thumbnail" disabled={!hasSelection || capturing} onClick={() => startCapture(frames)}>
        Capture
      </ToolButton>
      <div className="ml-auto flex items-center gap-2">
        {editable === false ? (
          <span role="status" className="rounded bg-amber-500/20 px-2 py-0.5 font-medium text-amber-300">
            {readOnlyReason ?? 'Read-only: static build'}
          </span>
        ) : null}
      </div>
      <ToolButton label="Keyboard shortcuts" title="Keyboard shortcuts (?)" onClick={() => useEditorStore.getState().setKeysPanelOpen(true)}>
        Keys
      </ToolButton>
      {aiDialog ? <AiContextDialog onClose={() => setAiDialog(false)} /> : null}
      <KeysPanel />
      <CaptureResult />
    </header>
  );
}
