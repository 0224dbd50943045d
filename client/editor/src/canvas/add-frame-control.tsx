/**
 * Adds a frame to the canvas: a console route and a viewport preset; it goes right of the other frames and the
 * view moves to show it.
 */
import { useId, useState } from 'react';
import { VIEWPORT_PRESETS } from '@contracts/studio-api.js';
import { useEditorStore } from '../state/editor-store';
import { fitCanvas } from './canvas-actions';
import { placeForNewFrame } from './canvas-geometry';
import { parseTypedAddress } from './frame-address';
import { newFrameName, nextFrameId, PRESET_LABELS } from './frame-viewport';

type Preset = keyof typeof VIEWPORT_PRESETS;

export function AddFrameControl() {
  const [open, setOpen] = useState(false);
  const [route, setRoute] = useState('/');
  const [preset, setPreset] = useState<Preset>('desktop');
  const [error, setError] = useState<string | null>(null);
  const updateCanvas = useEditorStore((state) => state.updateCanvas);
  const id = useId();

  const add = () => {
    const parsed = parseTypedAddress(route, window.location.origin);
    if ('error' in parsed) return setError(parsed.error);
    const frames = useEditorStore.getState().canvas?.frames ?? [];
    if (frames.length >= 50) return setError('A canvas holds at most 50 frames');
    setError(null);
    updateCanvas((canvas) => {
      const place = placeForNewFrame(canvas.frames);
      canvas.frames.push({
        id: nextFrameId(canvas.frames),
        name: newFrameName(canvas.frames, preset, parsed.route),
        route: parsed.route,
        viewport: { preset, ...VIEWPORT_PRESETS[preset] },
        x: place.x,
        y: place.y,
      });
    });
    setOpen(false);
    requestAnimationFrame(() => fitCanvas());
  };

  return (
    <div className="absolute bottom-4 right-4 z-40 text-xs" onPointerDown={(event) => event.stopPropagation()}>
      {open ? (
        <form
          aria-label="Add frame"
          className="w-64 rounded border border-neutral-700 bg-neutral-900 p-3 shadow-xl"
          onSubmit={(event) => {
            event.preventDefault();
            add();
          }}
        >
          <label htmlFor={`${id}-route`} className="mb-0.5 block text-neutral-400">
            Route
          </label>
          <input id={`${id}-route`} value={route} onChange={(event) => setRoute(event.target.value)} className="mb-2 w-full rounded bg-neutral-800 px-2 py-1 font-mono text-neutral-100" />
          <label htmlFor={`${id}-preset`} className="mb-0.5 block text-neutral-400">
            Viewport
          </label>
          <select id={`${id}-preset`} value={preset} onChange={(event) => setPreset(event.target.value as Preset)} className="mb-2 w-full rounded bg-neutral-800 px-2 py-1 text-neutral-100">
            {(Object.keys(VIEWPORT_PRESETS) as Preset[]).map((name) => (
              <option key={name} value={name}>
                {PRESET_LABELS[name]} ({VIEWPORT_PRESETS[name].width}×{VIEWPORT_PRESETS[name].height})
              </option>
            ))}
          </select>
          {error ? (
            <p role="alert" className="mb-2 text-red-300">
              {error}
            </p>
          ) : null}
          <div className="flex gap-1">
            <button type="submit" className="flex-1 rounded bg-sky-700 px-2 py-1 text-white hover:bg-sky-600">
              Add
            </button>
            <button type="button" onClick={() => setOpen(false)} className="rounded bg-neutral-700 px-2 py-1 hover:bg-neutral-600">
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" onClick={() => setOpen(true)} className="rounded border border-neutral-700 bg-neutral-800 px-3 py-1.5 text-neutral-100 shadow hover:bg-neutral-700">
          <span aria-hidden="true">+ </span>Add frame
        </button>
      )}
    </div>
  );
}
