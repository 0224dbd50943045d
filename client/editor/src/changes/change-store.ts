/**
 * The change items of this studio session and where each one is in its lifecycle (spec §4), the flush flag, and
 * what undo and redo can do. The engine (`change-engine.ts`) is the only writer; panels and the toolbar read.
 */
import { useStore } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import { createStore } from 'zustand/vanilla';
import type { ChangeItem } from '@contracts/change-items.js';
import type { InstantUpdateData } from '@contracts/frame-protocol.js';
import type { ChangeState, HistoryStatus } from '@contracts/studio-api.js';
import { studioCall } from '../api/studio-client.js';
import { subscribeAfterPaint } from '../state/after-next-paint.js';
import { useEditorStore } from '../state/editor-store.js';
import { projectHistory, type HistoryStep, type UndoStacks } from './undo-stacks.js';

/** A change item as the editor shows it: its lifecycle state, the server's error text, what it wrote. */
export type EditorChange = ChangeItem & {
  state: ChangeState;
  /** The server's message (or the engine's) when the change failed. */
  error?: string;
  /** Root-relative files the change wrote. */
  files: string[];
  /** Ids of the elements the change created (the first is the one to select). */
  addedIds: string[];
  /** What the instant update did in each frame, by frame id: undo takes it back frame by frame. */
  instantUpdateDataByFrame: Record<string, InstantUpdateData>;
  createdAt: number;
};

export interface ChangeStoreState {
  /** Every change of this session, oldest first. */
  items: EditorChange[];
  /** Changes are being sent to the server (the frames were told, spec §4 "Flushing flag"). */
  isFlushing: boolean;
  /** The server's counts for this canvas; null until known (or when the server cannot say). */
  history: HistoryStatus | null;
  stacks: UndoStacks;
  /** What the queued changes will do to the history, in queue order. */
  queuedSteps: Array<{ id: string; step: HistoryStep }>;
  canUndo: boolean;
  canRedo: boolean;
  /** Asks the server for the canvas's history counts (after a reload the editor knows no items of its own). */
  refreshHistory(): Promise<void>;
}

const initialState = () => ({
  items: [] as EditorChange[],
  isFlushing: false,
  history: null as HistoryStatus | null,
  stacks: { undo: [], redo: [] } as UndoStacks,
  queuedSteps: [] as Array<{ id: string; step: HistoryStep }>,
  canUndo: false,
  canRedo: false,
});

/** Recomputed on every write, so `canUndo` and `canRedo` never disagree with the stacks and the queue. */
function withAvailability(state: ChangeStoreState): void {
  const projected = projectHistory(state.stacks, state.history, state.queuedSteps.map((entry) => entry.step));
  state.canUndo = projected.canUndo;
  state.canRedo = projected.canRedo;
}

const changeStore = createStore<ChangeStoreState>()(
  immer((_set) => ({
    ...initialState(),
    refreshHistory: async () => {
      const canvasId = useEditorStore.getState().canvasId;
      try {
        const history = await studioCall<HistoryStatus>(`/canvases/${encodeURIComponent(canvasId)}/history`);
        if (useEditorStore.getState().canvasId !== canvasId) return;
        updateChangeStore((state) => {
          state.history = { undoCount: history.undoCount, redoCount: history.redoCount };
        });
      } catch {
        // A server without the route (or unreachable) leaves the editor's own stacks as the only guide.
      }
    },
  })),
);

/**
 * How long after the next paint the change list is drawn: an edit's answer comes while Vite sends the hot update,
 * and drawing the list then held up the frame's fetch of the changed module (the list is the edit's bookkeeping;
 * the edit itself shows in the frame at once).
 */
export const CHANGE_LIST_DRAW_DELAY_MS = 250;

/**
 * Components re-render with the store after the next paint (see `after-next-paint.ts`), at most once per frame
 * however many changes move on meanwhile: the frame's instant update is painted first. The state itself changes
 * at once, and `useChangeStore.subscribe` and `getState` are the store's own, synchronous.
 */
const forRendering = { ...changeStore, subscribe: subscribeAfterPaint(changeStore) };
const forTheList = { ...changeStore, subscribe: subscribeAfterPaint(changeStore, CHANGE_LIST_DRAW_DELAY_MS) };

/** The store as the change list reads it: drawn `CHANGE_LIST_DRAW_DELAY_MS` after the next paint. */
export function useChangeListStore<T>(selector: (state: ChangeStoreState) => T): T {
  return useStore(forTheList, selector);
}

/** The change items, the flush flag and undo/redo availability (zustand; read with selectors). */
export const useChangeStore = Object.assign(<T>(selector: (state: ChangeStoreState) => T): T => useStore(forRendering, selector), changeStore);

/** The engine's one way to write the store. */
export function updateChangeStore(recipe: (state: ChangeStoreState) => void): void {
  useChangeStore.setState((state) => {
    recipe(state);
    withAvailability(state);
  });
}

export function changeById(id: string): EditorChange | undefined {
  return useChangeStore.getState().items.find((item) => item.id === id);
}

/** Back to an empty session (a canvas switch, and tests). */
export function resetChangeStore(): void {
  updateChangeStore((state) => {
    Object.assign(state, initialState());
  });
}
