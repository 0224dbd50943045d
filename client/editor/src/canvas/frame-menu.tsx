/**
 * A frame's menu: its viewport (a preset or a custom width × height), its name, and deleting it. Its settings are
 * mounted each time it opens, so they start from the frame as it is then, not from what was typed the time before.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { VIEWPORT_LIMITS, VIEWPORT_PRESETS, type CanvasFrame } from '@contracts/studio-api.js';
import { useEditorStore } from '../state/editor-store';
import { applyViewport, customViewport, PRESET_LABELS } from './frame-viewport';

/** The viewport: a preset, or a custom width × height, refused with its reason outside the limits. */
function ViewportSettings({ frame }: { frame: CanvasFrame }) {
  const [width, setWidth] = useState(String(frame.viewport.width));
  const [height, setHeight] = useState(String(frame.viewport.height));
  const [sizeError, setSizeError] = useState<string | null>(null);
  const updateFrame = useEditorStore((state) => state.updateFrame);

  const applyCustom = () => {
    const viewport = customViewport(width, height);
    if ('error' in viewport) return setSizeError(viewport.error);
    setSizeError(null);
    updateFrame(frame.id, (draft) => applyViewport(draft, viewport));
  };

  return (
    <>
      <p className="mb-1 font-medium text-neutral-400">Viewport</p>
      <div className="mb-2 flex gap-1">
        {(Object.keys(VIEWPORT_PRESETS) as (keyof typeof VIEWPORT_PRESETS)[]).map((preset) => (
          <button
            key={preset}
            type="button"
            aria-pressed={frame.viewport.preset === preset}
            onClick={() => updateFrame(frame.id, (draft) => applyViewport(draft, { preset, ...VIEWPORT_PRESETS[preset] }))}
            className="flex-1 rounded border border-neutral-700 px-1 py-1 hover:bg-neutral-800 aria-pressed:border-sky-600 aria-pressed:bg-sky-900/40"
          >
            {PRESET_LABELS[preset]}
          </button>
        ))}
      </div>
      <form
        noValidate
        className="mb-3 flex items-end gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          applyCustom();
        }}
      >
        <label className="flex flex-1 flex-col gap-0.5 text-neutral-400">
          Width
          <input type="number" min={VIEWPORT_LIMITS.min} max={VIEWPORT_LIMITS.max} value={width} onChange={(event) => setWidth(event.target.value)} className="rounded bg-neutral-800 px-1 py-0.5 text-neutral-100" />
        </label>
        <span className="pb-1 text-neutral-500">×</span>
        <label className="flex flex-1 flex-col gap-0.5 text-neutral-400">
          Height
          <input type="number" min={VIEWPORT_LIMITS.min} max={VIEWPORT_LIMITS.max} value={height} onChange={(event) => setHeight(event.target.value)} className="rounded bg-neutral-800 px-1 py-0.5 text-neutral-100" />
        </label>
        <button type="submit" className="rounded bg-neutral-700 px-2 py-1 hover:bg-neutral-600">
          Apply size
        </button>
      </form>
      {sizeError ? (
        <p role="alert" className="-mt-2 mb-2 text-red-300">
          {sizeError}
        </p>
      ) : null}
    </>
  );
}

/** The frame's name and its deletion, which asks once more before it goes. */
function NameAndDelete({ frame }: { frame: CanvasFrame }) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [name, setName] = useState(frame.name);
  const updateFrame = useEditorStore((state) => state.updateFrame);
  const updateCanvas = useEditorStore((state) => state.updateCanvas);
  const dropFrameRuntime = useEditorStore((state) => state.dropFrameRuntime);
  const id = useId();

  const rename = () => {
    const trimmed = name.trim().slice(0, 120);
    if (!trimmed) return setName(frame.name);
    updateFrame(frame.id, (draft) => {
      draft.name = trimmed;
    });
  };

  const remove = () => {
    updateCanvas((canvas) => {
      canvas.frames = canvas.frames.filter((candidate) => candidate.id !== frame.id);
    });
    dropFrameRuntime(frame.id);
  };

  return (
    <>
      <form
        className="mb-3"
        onSubmit={(event) => {
          event.preventDefault();
          rename();
        }}
      >
        <label htmlFor={`${id}-name`} className="mb-0.5 block text-neutral-400">
          Frame name
        </label>
        <div className="flex gap-1">
          <input id={`${id}-name`} value={name} maxLength={120} onChange={(event) => setName(event.target.value)} className="min-w-0 flex-1 rounded bg-neutral-800 px-1 py-0.5 text-neutral-100" />
          <button type="submit" className="rounded bg-neutral-700 px-2 py-1 hover:bg-neutral-600">
            Rename
          </button>
        </div>
      </form>
      {confirmDelete ? (
        <div className="flex gap-1">
          <button type="button" onClick={remove} className="flex-1 rounded bg-red-700 px-2 py-1 text-white hover:bg-red-600">
            Delete {frame.name}
          </button>
          <button type="button" onClick={() => setConfirmDelete(false)} className="rounded bg-neutral-700 px-2 py-1 hover:bg-neutral-600">
            Keep
          </button>
        </div>
      ) : (
        <button type="button" onClick={() => setConfirmDelete(true)} className="w-full rounded border border-red-800 px-2 py-1 text-red-300 hover:bg-red-950">
          Delete frame…
        </button>
      )}
    </>
  );
}

export function FrameMenu({ frame }: { frame: CanvasFrame }) {
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  return (
    <div ref={menuRef} className="relative shrink-0">
      <button
        type="button"
        aria-label={`Frame menu of ${frame.name}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex h-6 w-6 items-center justify-center rounded text-neutral-300 hover:bg-neutral-700"
      >
        ⋯
      </button>
      {open ? (
        <div role="dialog" aria-label={`Frame ${frame.name} settings`} className="absolute right-0 top-7 z-40 w-64 rounded border border-neutral-700 bg-neutral-900 p-3 text-xs shadow-xl">
          <ViewportSettings frame={frame} />
          <NameAndDelete frame={frame} />
        </div>
      ) : null}
    </div>
  );
}
