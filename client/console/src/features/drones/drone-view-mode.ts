/** The drone screen's grid/list choice, kept in local storage for the next visit (docs/console.md#drone-management). */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type DroneViewMode = 'grid' | 'list';

export const DRONE_VIEW_MODE_KEY = 'droneViewMode';

interface DroneViewModeState {
  mode: DroneViewMode;
  setMode: (mode: DroneViewMode) => void;
}

export const useDroneViewMode = create<DroneViewModeState>()(
  persist((set) => ({ mode: 'grid', setMode: (mode) => set({ mode }) }), {
    name: DRONE_VIEW_MODE_KEY,
    storage: createJSONStorage(() => localStorage),
    // A value written by hand or by an older version must not break the screen.
    merge: (persisted, current) => {
      const mode = (persisted as Partial<DroneViewModeState> | undefined)?.mode;
      return mode === 'grid' || mode === 'list' ? { ...current, mode } : current;
    },
  }),
);
