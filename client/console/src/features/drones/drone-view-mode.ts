/**
 * The drone screen's grid/list choice, kept in local storage under `droneViewMode` for the next visit
 * (docs/console.md#drone-management). The stored value is the plain word, `grid` or `list`, as the console has
 * always written it; the JSON envelope an earlier version wrote is still read.
 */
import { create } from 'zustand';
import { persist, type PersistStorage } from 'zustand/middleware';

export type DroneViewMode = 'grid' | 'list';

export const DRONE_VIEW_MODE_KEY = 'droneViewMode';

interface DroneViewModeState {
  mode: DroneViewMode;
  setMode: (mode: DroneViewMode) => void;
}

function isViewMode(value: unknown): value is DroneViewMode {
  return value === 'grid' || value === 'list';
}

/** The mode a stored value names: `list`, `"list"` or `{"state":{"mode":"list"}}`; null for anything else. */
export function readStoredViewMode(stored: string | null): DroneViewMode | null {
  if (stored === null) return null;
  const plain = stored.trim();
  if (isViewMode(plain)) return plain;
  try {
    const parsed: unknown = JSON.parse(plain);
    if (isViewMode(parsed)) return parsed;
    const mode = (parsed as { state?: { mode?: unknown } } | null)?.state?.mode;
    return isViewMode(mode) ? mode : null;
  } catch {
    // A value written by hand or by another app must not break the screen.
    return null;
  }
}

const plainWordStorage: PersistStorage<Pick<DroneViewModeState, 'mode'>> = {
  getItem: (name) => {
    const mode = readStoredViewMode(localStorage.getItem(name));
    return mode ? { state: { mode } } : null;
  },
  setItem: (name, value) => localStorage.setItem(name, value.state.mode),
  removeItem: (name) => localStorage.removeItem(name),
};

export const useDroneViewMode = create<DroneViewModeState>()(
  persist((set) => ({ mode: 'grid', setMode: (mode) => set({ mode }) }), {
    name: DRONE_VIEW_MODE_KEY,
    storage: plainWordStorage,
    partialize: (state) => ({ mode: state.mode }),
  }),
);
