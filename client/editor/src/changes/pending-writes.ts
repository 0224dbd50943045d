/**
 * No change is lost when the server goes away or the page reloads (docs/editor.md#connection):
 *
 * - a write that got no answer waits until the server answers again, asks the history whether it was written
 *   meanwhile (the server may have written it just before it stopped), and is sent again only if not;
 * - when the page goes away with changes still waiting (a reload, a closed tab), they are kept in the tab's session
 *   storage and sent by the next page of the same canvas, after it asked the history whether the one on its way was
 *   written; a change is never reported as failed because the page went away;
 * - while changes wait, the browser asks before the page is closed (`beforeunload`): session storage lives on for a
 *   reloaded or reopened tab, not for a closed one.
 */
import type { ChangeItem } from '@contracts/change-items.js';
import type { MutationAnswer } from '@contracts/change-kinds.js';
import { CHANGE_NAME_LIMIT } from '@contracts/changes.js';
import type { ChangeAuthor, HistoryCounts, HistoryItem, HistoryStatus } from '@contracts/studio-api.js';
import { STUDIO_API_PATHS, withCanvasId } from '@contracts/studio-routes.js';
import { isUnreachable, type StudioServer } from '../api/studio-client.js';
import type { ChangeStoreState } from './change-store.js';
import type { ConnectionGate } from './connection-monitor.js';

let leaving = false;

/** Whether the page is being unloaded: its calls fail then, and that says nothing about the server. */
export function pageIsLeaving(): boolean {
  return leaving;
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (leaving = true));
  window.addEventListener('pageshow', () => (leaving = false));
}

/** Never settles: the page is going away, and the next one takes over what this one was doing. */
const never = <T>() => new Promise<T>(() => undefined);

/**
 * Sends one write; while the server cannot be reached it waits for it, then asks `writtenMeanwhile` whether the
 * write got through before the connection broke (its answer then stands for the server's), else sends it again.
 * Every other failure is the caller's to report.
 */
export async function writeWhenReachable<T>(write: () => Promise<T>, gate: ConnectionGate | undefined, writtenMeanwhile: () => Promise<T | null>): Promise<T> {
  for (;;) {
    if (gate) await gate.whenOnline();
    try {
      return await write();
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      if (pageIsLeaving()) return never<T>();
      if (!gate) throw error;
      gate.reportUnreachable();
      await gate.whenOnline();
      const written = await writtenMeanwhile().catch(() => null);
      if (written) return written;
    }
  }
}

/**
 * What stands for the answer of a write whose connection broke, when the history shows it was written (its id map
 * is lost: the frames reload after a reconnect, with the ids the source gives now); null when it was not.
 */
export async function answerFromHistory(
  server: Pick<StudioServer, 'call'>,
  canvasId: string,
  change: Pick<SavedChange, 'type' | 'humanName' | 'createdAt'>,
  known: HistoryCounts | null,
): Promise<MutationAnswer | null> {
  const history = await server.call<HistoryStatus | HistoryCounts>(withCanvasId(STUDIO_API_PATHS.history, canvasId));
  if (!showsWritten(change, known, history)) return null;
  const files = 'done' in history ? (history.done.at(-1)?.files ?? []) : [];
  return { changedFiles: files.map((path) => ({ path, beforeHash: '', afterHash: '' })), prevIdToNewIdMap: {}, addedIds: [] };
}

/** A change that was waiting when the page went away, as the next page sends it. */
export interface SavedChange {
  type: ChangeItem['type'];
  changeFields: unknown;
  humanName: string;
  /** When it was made (ms since the epoch): a history item of its name written later may be it. */
  createdAt: number;
  /** Its request had left: the server may have written it. */
  sent: boolean;
  /** Who asked for it; absent: the studio. An agent's change stays the agent's when the next page sends it. */
  by?: ChangeAuthor;
}

export interface SavedQueue {
  canvasId: string;
  /** The history's counts as the page last knew them (every answered change counted), null if unknown. */
  counts: HistoryCounts | null;
  changes: SavedChange[];
}

const storageKey = (canvasId: string) => `plantation-studio.pending.${canvasId}`;

/** The changes still waiting in the store, in the order they are to be written. */
export function waitingChanges(state: Pick<ChangeStoreState, 'items' | 'queuedSteps'>): SavedChange[] {
  const byId = new Map(state.items.map((item) => [item.id, item]));
  return state.queuedSteps.flatMap(({ id }) => {
    const item = byId.get(id);
    if (!item || item.state === 'succeeded' || item.state === 'failed') return [];
    return [{ type: item.type, changeFields: item.changeFields, humanName: item.humanName, createdAt: item.createdAt, sent: item.consumed === true, ...(item.by ? { by: item.by } : {}) }];
  });
}

export function saveQueue(storage: Storage, queue: SavedQueue): void {
  if (queue.changes.length === 0) {
    storage.removeItem(storageKey(queue.canvasId));
    return;
  }
  try {
    storage.setItem(storageKey(queue.canvasId), JSON.stringify(queue));
  } catch (error) {
    // Full storage: nothing more can be kept; the browser asked before the page went (`beforeunload`).
    console.error('The waiting changes could not be kept for the next page', error);
  }
}

/** The changes an earlier page of this canvas left waiting (taken: they are the caller's to send now). */
export function takeSavedQueue(storage: Storage, canvasId: string): SavedQueue | null {
  const key = storageKey(canvasId);
  const text = storage.getItem(key);
  storage.removeItem(key);
  if (!text) return null;
  try {
    const queue = JSON.parse(text) as SavedQueue;
    return queue.canvasId === canvasId && Array.isArray(queue.changes) ? queue : null;
  } catch {
    return null;
  }
}

/**
 * Whether the history shows that `change` (whose request had left) was carried out: undo and redo by the counts
 * moving from those the page knew; a write by its name on the newest done item, written after the change was made.
 */
export function showsWritten(change: Pick<SavedChange, 'type' | 'humanName' | 'createdAt'>, known: HistoryCounts | null, history: HistoryStatus | HistoryCounts): boolean {
  if (change.type === 'UNDO') return known !== null && history.undoCount === known.undoCount - 1 && history.redoCount === known.redoCount + 1;
  if (change.type === 'REDO') return known !== null && history.redoCount === known.redoCount - 1 && history.undoCount === known.undoCount + 1;
  const done = 'done' in history ? history.done : null;
  const last: HistoryItem | undefined = done?.at(-1);
  if (last) return last.name === changeNameOf(change.humanName) && Date.parse(last.at) >= change.createdAt && (known === null || history.undoCount > known.undoCount);
  // A server that keeps no items: the counts alone, one more done step than the page knew.
  return known !== null && history.undoCount === known.undoCount + 1 && history.redoCount === 0;
}

/** The name a write request carries: the change's human name as one line of plain text, 1 to 200 characters. */
export function changeNameOf(humanName: string): string {
  // The contract refuses control characters (a name is one line): they become spaces.
  const plain = humanName.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  return (plain || 'Change').slice(0, CHANGE_NAME_LIMIT);
}

/** While changes wait for the server, the browser asks before the page goes. Returns the stop. */
export function askBeforeLeavingWhile(hasWaiting: () => boolean): () => void {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (!hasWaiting()) return;
    event.preventDefault();
    // Older browsers show the prompt only for a returnValue.
    event.returnValue = '';
  };
  window.addEventListener('beforeunload', onBeforeUnload);
  return () => window.removeEventListener('beforeunload', onBeforeUnload);
}
