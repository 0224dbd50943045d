/**
 * Which layer rows the user opened or closed, per canvas and frame, remembered in local storage so the tree looks
 * the same after a reload of the studio.
 */
import { useCallback, useState } from 'react';
import { useEditorStore } from '../state/editor-store';

/** Choices kept per frame; the oldest go first beyond this. */
const MAX_CHOICES = 2000;

const storageKey = (canvasId: string, frameId: string) => `plantation-studio:layers:${canvasId}:${frameId}`;

function load(key: string): Record<string, boolean> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, boolean>) : {};
  } catch {
    return {};
  }
}

function save(key: string, choices: Record<string, boolean>): void {
  try {
    localStorage.setItem(key, JSON.stringify(choices));
  } catch {
    // Storage full or refused: the choices still hold for this page.
  }
}

export function useLayerExpansion(frameId: string): {
  choices: Record<string, boolean>;
  setOpen(key: string, open: boolean): void;
  openAll(keys: readonly string[]): void;
} {
  const canvasId = useEditorStore((state) => state.canvasId);
  const key = storageKey(canvasId, frameId);
  const [state, setState] = useState(() => ({ key, choices: load(key) }));
  const choices = state.key === key ? state.choices : load(key);

  const update = useCallback(
    (patch: Record<string, boolean>) => {
      setState((previous) => {
        const base = previous.key === key ? previous.choices : load(key);
        const merged = { ...base };
        for (const [row, open] of Object.entries(patch)) {
          delete merged[row];
          merged[row] = open;
        }
        const entries = Object.entries(merged);
        const next = entries.length > MAX_CHOICES ? Object.fromEntries(entries.slice(entries.length - MAX_CHOICES)) : merged;
        save(key, next);
        return { key, choices: next };
      });
    },
    [key],
  );

  const setOpen = useCallback((row: string, open: boolean) => update({ [row]: open }), [update]);
  const openAll = useCallback((rows: readonly string[]) => update(Object.fromEntries(rows.map((row) => [row, true]))), [update]);
  return { choices, setOpen, openAll };
}
