/**
 * The writer of the change engine: the queue of changes waiting for the server, sent strictly in order and one
 * call at a time; after each answer the ids the change shifted applied to the selection, to the changes still
 * waiting and to the frames, the undo stacks moved and the history counts refreshed; a rejected change's instant
 * preview taken back (`instant-preview.ts`) and the server's message shown. See docs/editor.md#change-lifecycle.
 */
import { remapIdsIn, requestForChange, successNoticeOf, type MutationRequest } from '@contracts/change-items.js';
import type { MutationAnswer } from '@contracts/change-kinds.js';
import type { ChangeRecord, HistoryStepAnswer, MutationWriteAnswer } from '@contracts/studio-api.js';
import { STUDIO_API_PATHS, withCanvasId } from '@contracts/studio-routes.js';
import { isPlaceholderCodebaseId } from '@contracts/dom.js';
import { StudioCallError, type StudioServer } from '../api/studio-client.js';
import type { ElementLookups } from '../frame/element-lookups.js';
import { useEditorStore } from '../state/editor-store.js';
import type { ConnectionGate } from './connection-monitor.js';
import type { WriteOutcome } from './agent-changes.js';
import type { InstantPreview } from './instant-preview.js';
import { answerFromHistory, changeNameOf, writeWhenReachable } from './pending-writes.js';
import { changeById, patchChange, updateChangeStore, type ChangeStore, type EditorChange } from './change-store.js';
import { stepCounts, stepStacks, type HistoryStep } from './undo-stacks.js';

/**
 * How long after a write the server is asked what the write changed for the editor: the frames' element facts
 * (when no new nav tree has brought them) and the history counts. The hot reload comes first: a request then
 * would hold up the server while Vite serves the changed module, and the reloaded tree asks about new ids itself.
 */
export const LOOKUP_REFRESH_DELAY_MS = 1000;

/** A change accepted and not yet answered. */
export interface Pending {
  id: string;
  instant: Promise<void>;
  resolve: (change: EditorChange) => void;
  onServerRejection?: (change: EditorChange) => void;
  onOutcome?: (outcome: WriteOutcome) => void;
  /** The change as submitted, for a change that vanished from the store before it ended. */
  submitted: EditorChange;
}

/** What the writer works with. */
export interface ChangeWriterParts {
  store: ChangeStore;
  preview: InstantPreview;
  lookups: Pick<ElementLookups, 'scheduleRefresh' | 'cancelRefresh'>;
  server: StudioServer;
  connection: ConnectionGate | undefined;
}

const editor = () => useEditorStore.getState();

function record(change: EditorChange): void {
  const entry: ChangeRecord = {
    id: change.id,
    type: change.type,
    humanName: change.humanName.slice(0, 500),
    state: change.state,
    ...(change.error ? { error: change.error.slice(0, 2000) } : {}),
    files: change.files.slice(0, 100),
    at: Date.now(),
    ...(change.by ? { by: change.by } : {}),
    ...(change.historyId ? { historyId: change.historyId.slice(0, 200) } : {}),
  };
  editor().recordChange(entry);
}

/**
 * Whether the change's request says whether its instant update succeeded (ADD_JSX's `hasInstantUpdate`): such a
 * change is sent once its instant update has finished; every other one at once, beside it.
 */
function requestWaitsForInstantUpdate(change: EditorChange): boolean {
  const requestFor = (hasInstantUpdate: boolean) => {
    try {
      return JSON.stringify(requestForChange(change, { canvasId: editor().canvasId, hasInstantUpdate }));
    } catch (error) {
      return `refused: ${(error as Error).message}`;
    }
  };
  return requestFor(true) !== requestFor(false);
}

/**
 * The placeholder id an instant update gave the one element a change created (a wrapping div, a copy, an added
 * element) in each frame, mapped to the id the source now gives it: the selection and later changes then name the
 * real element, even before the hot reload has replaced the placeholder. Only for a single created tree, where
 * the answer's first added id is its root.
 */
export function placeholderIdMap(change: Pick<EditorChange, 'instantUpdateDataByFrame'>, addedIds: readonly string[]): Record<string, string> {
  const map: Record<string, string> = {};
  const root = addedIds[0];
  if (!root) return map;
  for (const data of Object.values(change.instantUpdateDataByFrame)) {
    const placeholders = (data.addedIds ?? []).filter(isPlaceholderCodebaseId);
    if (placeholders.length === 1) map[placeholders[0]!] = root;
  }
  return map;
}

export class ChangeWriter {
  private readonly store: ChangeStore;
  private readonly preview: InstantPreview;
  private readonly lookups: ChangeWriterParts['lookups'];
  private readonly server: StudioServer;
  private readonly connection: ConnectionGate | undefined;
  /** Changes accepted and not yet answered, in order. */
  private queue: Pending[] = [];
  private draining: Promise<void> | null = null;
  private historyRefresh: ReturnType<typeof setTimeout> | null = null;

  constructor(parts: ChangeWriterParts) {
    ({ store: this.store, preview: this.preview, lookups: this.lookups, server: this.server, connection: this.connection } = parts);
  }

  /** Queues a change; the queue is sent in order, one call at a time. */
  enqueue(pending: Pending): void {
    this.queue.push(pending);
    this.draining ??= this.drain();
  }

  /** Stops the writer's timers (a change being sent still ends on its own). */
  dispose(): void {
    this.lookups.cancelRefresh();
    if (this.historyRefresh) clearTimeout(this.historyRefresh);
    this.historyRefresh = null;
  }

  private applyIdMap(map: Record<string, string>): void {
    if (Object.keys(map).length === 0) return;
    editor().remapIds(map);
    // Worked out on the plain items, and only the ones an id of the map names are replaced in the draft.
    const remapped = this.store.getState().items.flatMap((item, index) => {
      const fields = remapIdsIn(item.changeFields, map);
      return JSON.stringify(fields) === JSON.stringify(item.changeFields) ? [] : [{ index, fields }];
    });
    if (remapped.length > 0) {
      updateChangeStore(this.store, (state) => {
        for (const { index, fields } of remapped) state.items[index]!.changeFields = fields as never;
      });
    }
    this.preview.renameIds(map);
  }

  private moveStacks(id: string, step: HistoryStep, wrote: boolean): void {
    updateChangeStore(this.store, (state) => {
      state.queuedSteps = state.queuedSteps.filter((entry) => entry.id !== id);
      if (step.kind === 'write' && !wrote) return;
      state.stacks = stepStacks(state.stacks, step);
      // The counts follow at once; `refreshHistoryAfter` then brings the server's own.
      state.history = stepCounts(state.history, step);
    });
  }

  private finish(id: string, recipe: (change: EditorChange) => void): EditorChange {
    patchChange(this.store, id, (change) => {
      change.consumed = true;
      recipe(change);
    });
    const change = changeById(this.store, id)!;
    record(change);
    return change;
  }

  /** Ends as written a change the queue did not send (the undo of a chosen step), with the step the server moved. */
  written(id: string, answer: HistoryStepAnswer): EditorChange {
    return this.finish(id, (item) => {
      item.state = 'succeeded';
      item.files = answer.changedFiles.map((file) => file.path);
      item.historyId = answer.item.id;
    });
  }

  /** Ends a change as failed, with its message shown. */
  fail(id: string, message: string): EditorChange {
    const change = this.finish(id, (item) => {
      item.state = 'failed';
      item.failed = true;
      item.error = message;
    });
    editor().notify('error', `${change.humanName} failed: ${message}`);
    return change;
  }

  /**
   * The server's history counts after a change: once the hot reload has had its turn when the change wrote files
   * and the editor has counts of its own (they follow each change at once); at once otherwise (a refused change
   * may have found the editor's stacks stale).
   */
  private refreshHistoryAfter(change: EditorChange): void {
    if (this.historyRefresh) clearTimeout(this.historyRefresh);
    this.historyRefresh = null;
    if (change.state !== 'succeeded' || change.files.length === 0 || this.store.getState().history === null) {
      void this.store.getState().refreshHistory();
      return;
    }
    this.historyRefresh = setTimeout(() => {
      this.historyRefresh = null;
      void this.store.getState().refreshHistory();
    }, LOOKUP_REFRESH_DELAY_MS);
  }

  /** Tells whoever submitted the change (an agent waits for it) what the server answered, or what failed it. */
  private tellOutcome(id: string, outcome: WriteOutcome): void {
    this.queue.find((entry) => entry.id === id)?.onOutcome?.(outcome);
  }

  private async answered(id: string, step: HistoryStep, answer: MutationAnswer): Promise<EditorChange> {
    this.tellOutcome(id, { ok: true, answer });
    const created = step.kind === 'write' ? placeholderIdMap(changeById(this.store, id)!, answer.addedIds ?? []) : {};
    const map = { ...created, ...(answer.prevIdToNewIdMap ?? {}) };
    if (answer.changedFiles.length > 0) {
      editor().forgetSourceOf(answer.changedFiles.map((file) => file.path));
      this.lookups.scheduleRefresh(LOOKUP_REFRESH_DELAY_MS);
    }
    this.applyIdMap(map);
    this.moveStacks(id, step, answer.changedFiles.length > 0);
    const historyStep = (answer as MutationWriteAnswer).item;
    const change = this.finish(id, (item) => {
      item.state = 'succeeded';
      if (historyStep) {
        item.historyId = historyStep.id;
        // The server names the step it undid or redid, also one this page never knew.
        if (item.type === 'UNDO' || item.type === 'REDO') item.humanName = `${item.type === 'UNDO' ? 'Undo' : 'Redo'}: ${historyStep.name}`;
      }
      item.files = answer.changedFiles.map((file) => file.path);
      item.addedIds = [...(answer.addedIds ?? [])];
      // Undoing the instant update later maps the server's new ids back first (docs/editor.md#id-remapping).
      if (Object.keys(map).length > 0) for (const data of Object.values(item.instantUpdateDataByFrame)) data.prevIdToNewIdMap = map;
    });
    const notice = successNoticeOf(change);
    if (notice) editor().notify('success', notice);
    // What the server says about the change beyond its files (the undo history is full).
    if (answer.notice) editor().notify('info', answer.notice);
    return change;
  }

  private async rejected(id: string, step: HistoryStep, error: unknown): Promise<EditorChange> {
    this.tellOutcome(id, { ok: false, error });
    const message = error instanceof Error ? error.message : String(error);
    updateChangeStore(this.store, (state) => {
      state.queuedSteps = state.queuedSteps.filter((entry) => entry.id !== id);
      // The server has nothing to undo (or redo), e.g. after it restarted: the editor's stack is stale.
      if (error instanceof StudioCallError && error.code === 'NOTHING_TO_UNDO') {
        if (step.kind === 'undo') state.stacks.undo = [];
        if (step.kind === 'redo') state.stacks.redo = [];
      }
    });
    await this.preview.rollBack(changeById(this.store, id)!);
    this.preview.reloadAfter(changeById(this.store, id)!);
    return this.fail(id, message);
  }

  /**
   * Writes one change: its request, the server's answer, and everything that follows from it. The request leaves
   * while the instant update may still be on its way (unless it carries its outcome); the answer is taken once the
   * instant update has finished, so the lifecycle keeps its order and a refusal has what it must roll back.
   */
  private async send(next: Pending, step: HistoryStep): Promise<EditorChange> {
    const { id, instant, onServerRejection } = next;
    if (requestWaitsForInstantUpdate(changeById(this.store, id)!)) await instant;
    const change = changeById(this.store, id)!;
    let request: MutationRequest | null;
    try {
      request = requestForChange(change, { canvasId: editor().canvasId, hasInstantUpdate: change.instantUpdateSuccessful });
    } catch (error) {
      await instant;
      return this.rejected(id, step, error);
    }
    if (request === null) {
      await instant;
      return this.answered(id, step, { changedFiles: [], prevIdToNewIdMap: {}, addedIds: [] });
    }
    patchChange(this.store, id, (item) => {
      item.consumed = true;
    });
    // The frames hear of the flush before anything the answer brings (their messages keep their order); the
    // request need not wait for their reply.
    const flushing = this.preview.setFlushing(true);
    const canvasId = editor().canvasId;
    // The history keeps the name the editor shows, so that it lists the same steps after a reload or a restart.
    const body = { ...(request.body ?? {}), changeName: changeNameOf(change.humanName) };
    const sent = { type: change.type, humanName: change.humanName, createdAt: Date.now() };
    const known = this.store.getState().history;
    let answer: MutationAnswer;
    try {
      answer = await writeWhenReachable(
        () => this.server.call<MutationAnswer>(`${withCanvasId(STUDIO_API_PATHS.parseAndMutate, canvasId)}/${request.path}`, { method: 'POST', body, by: change.by, agent: change.agent }),
        this.connection,
        () => answerFromHistory(this.server, canvasId, sent, known),
      );
    } catch (error) {
      await Promise.all([instant, flushing]);
      const failed = await this.rejected(id, step, error);
      onServerRejection?.(failed);
      return failed;
    }
    await Promise.all([instant, flushing]);
    return this.answered(id, step, answer);
  }

  /** Sends the queue in order, one call at a time; the frames' flush flag is down again once it is empty. */
  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const next = this.queue[0]!;
        const step = this.store.getState().queuedSteps.find((entry) => entry.id === next.id)?.step ?? { kind: 'none' as const };
        // While the server cannot be reached, changes wait here (shown in the frames, listed as pending).
        await this.connection?.whenOnline();
        let change: EditorChange;
        try {
          change = await this.send(next, step);
        } catch (error) {
          // A fault of the editor itself: the change still ends, and the queue goes on.
          const reason = `The studio failed while writing this change: ${(error as Error).message}`;
          next.onOutcome?.({ ok: false, error: new Error(reason) });
          change = changeById(this.store, next.id) ? this.fail(next.id, reason) : { ...next.submitted, state: 'failed', failed: true, error: reason };
        }
        this.refreshHistoryAfter(change);
        if (this.queue[0] === next) this.queue.shift();
        next.resolve(change);
        // A change submitted meanwhile keeps the loop going, so two drains never run at once.
        if (this.queue.length === 0) await this.preview.setFlushing(false);
      }
    } finally {
      this.draining = null;
    }
  }
}
