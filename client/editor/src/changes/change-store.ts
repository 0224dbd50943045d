/**
 * The change items of this studio session and where each one is in its lifecycle, the flush flag, and
 * what undo and redo can do. The change engine (`change-engine.ts`) makes the store and is its only writer;
 * panels and the toolbar read it through the engine's views. See docs/editor.md#change-lifecycle.
 */
import { immer } from 'zustand/middleware/immer';
import { createStore } from 'zustand/vanilla';
import type { ChangeItem } from '@contracts/change-items.js';
import type { InstantUpdateData } from '@contracts/frame-protocol.js';
import type { ChangeState, HistoryCounts, HistoryItem, HistoryStatus } from '@contracts/studio-api.js';
import { STUDIO_API_PATHS, withCanvasId } from '@contracts/studio-routes.js';
import type { StudioServer } from '../api/studio-client.js';
import { subscribeAfterPaint } from '../state/after-next-paint.js';
import { useEditorStore } from '../state/editor-store.js';
import { projectHistory, type HistoryStep, type PersonsHistory, type UndoStacks } from './undo-stacks.js';

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
  /** The step of the server's history the change wrote, undid or redid (its answer's `item`). */
  historyId?: string;
};

/** The server's history steps as last asked: what was done and undone before this page (or since), oldest first. */
export interface HistorySteps {
  done: HistoryItem[];
  undone: HistoryItem[];
}

export interface ChangeStoreState {
  /** Every change of this session, oldest first. */
  items: EditorChange[];
  /** Changes are being sent to the server (the frames were told: docs/editor.md#flush). */
  isFlushing: boolean;
  /** The server's counts for this canvas; null until known (or when the server cannot say). */
  history: HistoryCounts | null;
  /** The server's steps with their names and states, as of the last `refreshHistory` (null: not known). */
  steps: HistorySteps | null;
  stacks: UndoStacks;
  /** What the queued changes will do to the history, in queue order. */
  queuedSteps: Array<{ id: string; step: HistoryStep }>;
  canUndo: boolean;
  canRedo: boolean;
  /** Asks the server for the canvas's history counts (after a reload the editor knows no items of its own). */
  refreshHistory(): Promise<void>;
}

/** Recomputed on every write, so `canUndo` and `canRedo` never disagree with the stacks and the queue. */
function withAvailability(state: ChangeStoreState): void {
  const projected = projectHistory(state.stacks, state.history, state.queuedSteps.map((entry) => entry.step), personsHistory(state));
  state.canUndo = projected.canUndo;
  state.canRedo = projected.canRedo;
}

/** Whose each change is, for the person's Undo and Redo; the items are read only when the stacks or the steps ask. */
function personsHistory(state: ChangeStoreState): PersonsHistory {
  let byId: Map<string, EditorChange> | undefined;
  let stacked: Set<string> | undefined;
  const items = () => (byId ??= new Map(state.items.map((item) => [item.id, item])));
  // Why the stacks as they are, not as the queue will leave them: a queued step moves a change, it does not drop it.
  const stackedSteps = () => new Set([...state.stacks.undo, ...state.stacks.redo].flatMap((id) => items().get(id)?.historyId ?? []));
  return {
    isPersons: (changeId) => items().get(changeId)?.by !== 'agent',
    madeHere: (historyId) => (stacked ??= stackedSteps()).has(historyId),
    steps: state.steps,
  };
}

/** A new, empty session's store (zustand, vanilla: read it with `useStore` and a selector). */
export function createChangeStore(server: Pick<StudioServer, 'call'>) {
  const store = createStore<ChangeStoreState>()(
    immer(() => ({
      items: [],
      isFlushing: false,
      history: null,
      steps: null,
      stacks: { undo: [], redo: [] },
      queuedSteps: [],
      canUndo: false,
      canRedo: false,
      refreshHistory: async () => {
        const canvasId = useEditorStore.getState().canvasId;
        try {
          const history = await server.call<HistoryStatus>(withCanvasId(STUDIO_API_PATHS.history, canvasId));
          if (useEditorStore.getState().canvasId !== canvasId) return;
          updateChangeStore(store, (state) => {
            state.history = { undoCount: history.undoCount, redoCount: history.redoCount };
            // A server that keeps no steps answers the counts alone.
            state.steps = Array.isArray(history.done) && Array.isArray(history.undone) ? { done: history.done, undone: history.undone } : null;
          });
        } catch {
          // A server without the route (or unreachable) leaves the editor's own stacks as the only guide.
        }
      },
    })),
  );
  return store;
}

export type ChangeStore = ReturnType<typeof createChangeStore>;

/** The engine's one way to write its store. */
export function updateChangeStore(store: ChangeStore, recipe: (state: ChangeStoreState) => void): void {
  store.setState((state) => {
    recipe(state);
    withAvailability(state);
  });
}

export function changeById(store: ChangeStore, id: string): EditorChange | undefined {
  return store.getState().items.find((item) => item.id === id);
}

/** Changes one change of the store in place. */
export function patchChange(store: ChangeStore, id: string, recipe: (change: EditorChange) => void): void {
  // Found in the plain state, not the draft: walking the draft's list would make a proxy of every item.
  const index = store.getState().items.findIndex((item) => item.id === id);
  if (index < 0) return;
  updateChangeStore(store, (state) => {
    recipe(state.items[index] as EditorChange);
  });
}

/**
 * How long after the next paint the change list is drawn: an edit's answer comes while Vite sends the hot update,
 * and drawing the list then held up the frame's fetch of the changed module (the list is the edit's bookkeeping;
 * the edit itself shows in the frame at once).
 */
export const CHANGE_LIST_DRAW_DELAY_MS = 250;

/** The store as components read it: its state and its `subscribe`, whose listeners may hear of changes late. */
export interface ChangeStoreView {
  getState(): ChangeStoreState;
  getInitialState(): ChangeStoreState;
  subscribe(listener: (state: ChangeStoreState, previous: ChangeStoreState) => void): () => void;
}

/**
 * Components re-render with the store after the next paint (see `after-next-paint.ts`), at most once per frame
 * however many changes move on meanwhile: the frame's instant update is painted first. The state itself changes
 * at once, and the store's own `subscribe` and `getState` stay synchronous. The change list waits
 * `CHANGE_LIST_DRAW_DELAY_MS` more.
 */
export function changeStoreViews(store: ChangeStore): { rendered: ChangeStoreView; listed: ChangeStoreView } {
  return {
    rendered: { ...store, subscribe: subscribeAfterPaint(store) },
    listed: { ...store, subscribe: subscribeAfterPaint(store, CHANGE_LIST_DRAW_DELAY_MS) },
  };
}
