/**
 * Hands the changes still waiting from one page of a canvas to the next (a reload, a reopened tab): the leaving
 * page keeps them in session storage, the new one sends them once its canvas is open, after asking the server's
 * history whether the one whose request had left was written (then it is listed as written, never as failed, and
 * not sent twice). See `pending-writes.ts`.
 */
import { v4 as uuidv4 } from 'uuid';
import type { ChangeFieldsByType } from '@contracts/change-items.js';
import type { ChangeType } from '@contracts/change-kinds.js';
import type { HistoryCounts, HistoryStatus } from '@contracts/studio-api.js';
import { STUDIO_API_PATHS, withCanvasId } from '@contracts/studio-routes.js';
import type { StudioServer } from '../api/studio-client.js';
import { useEditorStore } from '../state/editor-store.js';
import type { ChangeEngine } from './change-engine.js';
import type { ConnectionGate } from './connection-monitor.js';
import { askBeforeLeavingWhile, saveQueue, showsWritten, takeSavedQueue, waitingChanges, type SavedQueue } from './pending-writes.js';

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Sends what an earlier page left waiting, in its order. */
async function sendSaved(queue: SavedQueue, engine: ChangeEngine, server: Pick<StudioServer, 'call'>, connection?: ConnectionGate): Promise<void> {
  let [first, ...rest] = queue.changes;
  if (first?.sent) {
    await connection?.whenOnline();
    let history: HistoryStatus | HistoryCounts | null = null;
    try {
      history = await server.call<HistoryStatus>(withCanvasId(STUDIO_API_PATHS.history, queue.canvasId));
    } catch {
      // Without the history the change cannot be told written or not: it is sent again rather than left out.
    }
    if (history && showsWritten(first, queue.counts, history)) {
      const files = 'done' in history ? (history.done.at(-1)?.files ?? []) : [];
      const by = first.by ? { by: first.by } : {};
      useEditorStore.getState().recordChange({ id: uuidv4(), type: first.type, humanName: first.humanName.slice(0, 500), state: 'succeeded', files, at: Date.now(), ...by });
      first = undefined;
    }
  }
  for (const change of first ? [first, ...rest] : rest) {
    void engine.submit(change.type as ChangeType, change.changeFields as ChangeFieldsByType[ChangeType], change.by ? { by: change.by } : {});
  }
}

/**
 * For the page's life: keeps the waiting changes when the page goes, and sends those an earlier page of the open
 * canvas left once the canvas is loaded. Returns the stop.
 */
export function handChangesAcrossPages(engine: ChangeEngine, server: Pick<StudioServer, 'call'>, connection?: ConnectionGate): () => void {
  const storage = sessionStore();
  if (!storage) return () => undefined;
  const waiting = () => waitingChanges(engine.store.getState());
  const onPageHide = () => {
    const canvasId = useEditorStore.getState().canvas?.id;
    if (!canvasId) return;
    saveQueue(storage, { canvasId, counts: engine.store.getState().history, changes: waiting() });
  };
  window.addEventListener('pagehide', onPageHide);
  const stopAsking = askBeforeLeavingWhile(() => waiting().length > 0);
  let taken = false;
  const takeOnLoad = (canvasId: string | undefined) => {
    if (taken || !canvasId) return;
    taken = true;
    const queue = takeSavedQueue(storage, canvasId);
    if (queue) void sendSaved(queue, engine, server, connection);
  };
  const unsubscribe = useEditorStore.subscribe((state) => takeOnLoad(state.canvas?.id));
  takeOnLoad(useEditorStore.getState().canvas?.id);
  return () => {
    window.removeEventListener('pagehide', onPageHide);
    stopAsking();
    unsubscribe();
  };
}
