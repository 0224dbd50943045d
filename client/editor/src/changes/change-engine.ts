/**
 * The change engine: every edit of the studio becomes a change item that is shown instantly in every
 * ready frame, then written by the server, strictly in order and one call at a time. After each answer the ids the
 * change shifted are applied to the selection, to the changes still waiting and to the frames; a rejected change's
 * instant update is taken back and the server's message shown. Undo and redo are changes too.
 *
 * Nothing here knows a change kind: the fields, names, requests and instant rules are the contract's
 * (`contracts/change-items.ts`), so a new kind needs no edit here. See docs/editor.md#change-lifecycle.
 */
import { v4 as uuidv4 } from 'uuid';
import {
  createChangeItem,
  reloadFramesOnRejection,
  remapIdsIn,
  requestForChange,
  rollbackOf,
  sendsInstantUpdate,
  successNoticeOf,
  targetOfChange,
  toFrameChangeItem,
  type ChangeFieldsByType,
  type ChangeItem,
  type MutationRequest,
} from '@contracts/change-items.js';
import type { AgentInstantCss } from '@contracts/agent-api.js';
import type { ChangeType, MutationAnswer, MutationKind } from '@contracts/change-kinds.js';
import type { FrameChangeItem, FrameFunctionMap, FrameFunctionName, InstantUpdateData } from '@contracts/frame-protocol.js';
import type { ChangeAuthor, ChangeRecord, HistoryStepAnswer, MutationWriteAnswer } from '@contracts/studio-api.js';
import { STUDIO_API_PATHS, withCanvasId } from '@contracts/studio-routes.js';
import { isPlaceholderCodebaseId } from '@contracts/dom.js';
import { StudioCallError, type StudioServer } from '../api/studio-client.js';
import type { ElementLookups } from '../frame/element-lookups.js';
import type { FrameChannel, FrameRegistry } from '../frame/frame-registry.js';
import { useEditorStore } from '../state/editor-store.js';
import type { ConnectionGate } from './connection-monitor.js';
import { agentChangeOf, settleForAgent, type WriteOutcome } from './agent-changes.js';
import { answerFromHistory, changeNameOf, writeWhenReachable } from './pending-writes.js';
import { changeById, changeStoreViews, createChangeStore, updateChangeStore, type ChangeStore, type ChangeStoreState, type ChangeStoreView, type EditorChange } from './change-store.js';
import { projectHistory, serverStep, stepCounts, stepStacks, type HistoryStep } from './undo-stacks.js';

export type { EditorChange } from './change-store.js';

/** Shown when a studio that cannot write (a static `start`) is asked to change the source. */
export const EDITS_NEED_DEV =
  'This studio cannot change the source: edits are written only by `plantation-studio dev` (this server serves a built console).';

export interface SubmitOptions {
  /** Show the change in the frames before the server writes it (default true; docs/editor.md#flush still applies). */
  instant?: boolean;
  /** The name to show when the change's fields cannot say it (an undo of a step made before a reload). */
  name?: string;
  /** Runs when the server refuses the change (after its instant update was taken back); only if given. */
  onServerRejection?: (change: EditorChange) => void;
  /** Who asks for the change: an agent's change says so in its request and its record. Default: the studio. */
  by?: ChangeAuthor;
  /** Hears the server's answer to the change's write, or what failed it, before the change ends. */
  onOutcome?: (outcome: WriteOutcome) => void;
}

/** What an undo or redo may say of itself: who asks for it, and who hears its answer. */
type HistoryStepOptions = Pick<SubmitOptions, 'by' | 'onOutcome'>;

/**
 * How long a change waits for a frame's answer to one of its calls (its instant update, the flush flag, new ids)
 * before going on without it: a frame that reloads or hangs mid-call never answers, and the queue must not wait
 * for it; its instant update then counts as failed. Shorter than the connection's own bound on every call.
 */
export const CHANGE_WAITS_FOR_FRAME_MS = 5000;

/**
 * How long after a write the server is asked what the write changed for the editor: the frames' element facts
 * (when no new nav tree has brought them) and the history counts. The hot reload comes first: a request then
 * would hold up the server while Vite serves the changed module, and the reloaded tree asks about new ids itself.
 */
export const LOOKUP_REFRESH_DELAY_MS = 1000;

/** What the engine works with, made by the app (or a test). */
export interface ChangeEngineParts {
  frames: FrameRegistry;
  lookups: Pick<ElementLookups, 'scheduleRefresh' | 'cancelRefresh'>;
  server: StudioServer;
  /** Whether the server answers: writes wait for it, undo and redo are refused without it. */
  connection?: ConnectionGate;
}

/** Why an undo or redo is refused while the server cannot be reached (edits wait for it instead). */
export const UNDO_NEEDS_SERVER = 'The studio server is not reachable: undo and redo are paused until it is back.';

interface Pending {
  id: string;
  instant: Promise<void>;
  resolve: (change: EditorChange) => void;
  onServerRejection?: (change: EditorChange) => void;
  onOutcome?: (outcome: WriteOutcome) => void;
  /** The change as submitted, for a change that vanished from the store before it ended. */
  submitted: EditorChange;
}

const editor = () => useEditorStore.getState();

function callFrame<N extends FrameFunctionName>(frame: FrameChannel, name: N, args: FrameFunctionMap[N]['args']): Promise<FrameFunctionMap[N]['answer']> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`frame ${frame.frameId} did not answer ${name} within ${CHANGE_WAITS_FOR_FRAME_MS} ms`)), CHANGE_WAITS_FOR_FRAME_MS);
  });
  return Promise.race([frame.call(name, args), timeout]).finally(() => clearTimeout(timer));
}

/** What the instant update did in the frame, or null when it did not show there. */
async function applyInFrame(changeItem: FrameChangeItem, frame: FrameChannel): Promise<InstantUpdateData | null> {
  try {
    const result = await callFrame(frame, 'applyChangeItemToDocument', { changeItem });
    return result.success ? result.instantUpdateData : null;
  } catch (error) {
    console.error(`Instant update of ${changeItem.type} in frame ${frame.frameId} failed`, error);
    return null;
  }
}

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

/** The target as an undo or redo carries it: what it is, not what it did (that is added per frame). */
function targetSnapshot(change: EditorChange): FrameChangeItem {
  return toFrameChangeItem(change, undefined);
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

/**
 * The change engine of the page: its store of changes, the queue of changes waiting for the server, and the
 * history counts' refresh after a write.
 */
export class ChangeEngine {
  /** The changes, the flush flag and undo/redo availability; the engine is its only writer. */
  readonly store: ChangeStore;
  /** The store as components render it: after the next paint. */
  readonly rendered: ChangeStoreView;
  /** The store as the change list draws it: `CHANGE_LIST_DRAW_DELAY_MS` after the next paint. */
  readonly listed: ChangeStoreView;
  private readonly frames: FrameRegistry;
  private readonly lookups: ChangeEngineParts['lookups'];
  private readonly server: StudioServer;
  private readonly connection: ConnectionGate | undefined;
  /** Changes accepted and not yet answered, in order. */
  private queue: Pending[] = [];
  private draining: Promise<void> | null = null;
  private historyRefresh: ReturnType<typeof setTimeout> | null = null;

  constructor(parts: ChangeEngineParts) {
    this.frames = parts.frames;
    this.lookups = parts.lookups;
    this.server = parts.server;
    this.connection = parts.connection;
    this.store = createChangeStore(parts.server);
    ({ rendered: this.rendered, listed: this.listed } = changeStoreViews(this.store));
  }

  /**
   * Makes a change and has it written: shown at once in every ready frame (unless `instant: false`, or a flush
   * holds it back), then sent to the server after every change before it. Resolves once the change has ended,
   * with its final state ('succeeded', or 'failed' with the error text, which has also been shown as a notice);
   * never rejects.
   */
  submit<T extends ChangeType>(type: T, changeFields: ChangeFieldsByType[T], options: SubmitOptions = {}): Promise<EditorChange> {
    const item = createChangeItem(type, changeFields, uuidv4()) as ChangeItem;
    if (options.name) item.humanName = options.name;
    if (options.by) item.by = options.by;
    const submitted = this.addChange(item);
    if (!this.server.canWriteSource()) return Promise.resolve(this.fail(item.id, EDITS_NEED_DEV));
    if (item.consumed) {
      // Created consumed (UNKNOWN): never sent; the request the contract refuses says why.
      let reason = 'Unsupported operation';
      try {
        requestForChange(item, { canvasId: editor().canvasId, hasInstantUpdate: false });
      } catch (error) {
        reason = (error as Error).message;
      }
      return Promise.resolve(this.fail(item.id, reason));
    }
    const step = this.historyStepOf(item);
    this.update((state) => {
      state.queuedSteps.push({ id: item.id, step });
    });
    const showNow = options.instant !== false && sendsInstantUpdate(toFrameChangeItem(item), this.store.getState().isFlushing);
    const instant = showNow ? this.sendInstantUpdate(item.id) : Promise.resolve();
    return new Promise<EditorChange>((resolve) => {
      this.queue.push({ id: item.id, instant, resolve, onServerRejection: options.onServerRejection, onOutcome: options.onOutcome, submitted });
      this.draining ??= this.drain();
    });
  }

  /**
   * Undoes the last change of the canvas in the files (`activities/undoChangeToFiles`), as an UNDO change of the
   * last change the editor made, whose instant update it takes back; with no such change (after a reload) a plain
   * 'Undo' that the server still carries out. A conflict (the file changed on disk) leaves everything as it was.
   */
  undoLast(options: HistoryStepOptions = {}): Promise<EditorChange> {
    if (this.connection?.isOnline() === false) return Promise.resolve(this.fail(this.addChange(createChangeItem('UNDO', {}, uuidv4()) as ChangeItem).id, UNDO_NEEDS_SERVER));
    const target = this.nextTarget('undo');
    return this.submit('UNDO', target ? { changeToUndo: targetSnapshot(target) } : {}, { ...options, name: target ? undefined : this.serverStepName('undo') });
  }

  /**
   * Redoes the last undone change (`activities/redoChangeToFiles`); shown instantly only for the four types of
   * docs/editor.md#instant-updates.
   */
  redoLast(options: HistoryStepOptions = {}): Promise<EditorChange> {
    if (this.connection?.isOnline() === false) return Promise.resolve(this.fail(this.addChange(createChangeItem('REDO', {}, uuidv4()) as ChangeItem).id, UNDO_NEEDS_SERVER));
    const target = this.nextTarget('redo');
    return this.submit('REDO', target ? { changeToRedo: targetSnapshot(target) } : {}, { ...options, name: target ? undefined : this.serverStepName('redo') });
  }

  /**
   * An agent's change (`apply_change`): the body of a `mutate/{kind}` call made into the change of that kind and
   * submitted as a designer's is (shown at once, queued, written, its ids remapped), marked as the agent's.
   * Resolves with the server's answer once written; rejects with `{code, message, statusCode}` (docs/agents.md).
   */
  applyAgentChange(kind: MutationKind, body: unknown, instantCss?: AgentInstantCss): Promise<MutationWriteAnswer> {
    return settleForAgent((onOutcome) => {
      const change = agentChangeOf(kind, body, instantCss);
      return this.submit(change.type, change.changeFields as never, { name: change.name, by: 'agent', onOutcome });
    });
  }

  /** An agent's undo: the undo ⌘Z makes, marked as the agent's; settles like `applyAgentChange`. */
  agentUndo(): Promise<HistoryStepAnswer> {
    return settleForAgent((onOutcome) => this.undoLast({ by: 'agent', onOutcome }));
  }

  /** An agent's redo: the redo ⇧⌘Z makes, marked as the agent's; settles like `applyAgentChange`. */
  agentRedo(): Promise<HistoryStepAnswer> {
    return settleForAgent((onOutcome) => this.redoLast({ by: 'agent', onOutcome }));
  }

  /**
   * Follows the open canvas: a canvas has a history of its own on the server, whose counts are asked for when it
   * opens, and the stacks of the canvas before it are dropped. Returns the stop.
   */
  followCanvas(): () => void {
    return useEditorStore.subscribe((state, previous) => {
      const canvasId = state.canvas?.id;
      const before = previous.canvas?.id;
      if (!canvasId || canvasId === before) return;
      if (before) {
        this.update((changes) => {
          changes.stacks = { undo: [], redo: [] };
          changes.history = null;
          changes.steps = null;
        });
      }
      void this.store.getState().refreshHistory();
    });
  }

  /** Stops the engine's timers (a change being sent still ends on its own). */
  dispose(): void {
    this.lookups.cancelRefresh();
    if (this.historyRefresh) clearTimeout(this.historyRefresh);
    this.historyRefresh = null;
  }

  private update(recipe: (state: ChangeStoreState) => void): void {
    updateChangeStore(this.store, recipe);
  }

  private byId(id: string): EditorChange | undefined {
    return changeById(this.store, id);
  }

  private patch(id: string, recipe: (change: EditorChange) => void): void {
    // Found in the plain state, not the draft: walking the draft's list would make a proxy of every item.
    const index = this.store.getState().items.findIndex((item) => item.id === id);
    if (index < 0) return;
    this.update((state) => {
      recipe(state.items[index] as EditorChange);
    });
  }

  private addChange(item: ChangeItem): EditorChange {
    const change = { ...item, state: 'pending', files: [], addedIds: [], instantUpdateDataByFrame: {}, createdAt: Date.now() } as EditorChange;
    this.update((state) => {
      state.items.push(change);
    });
    return change;
  }

  private readyFrames(): FrameChannel[] {
    const frames = editor().frames;
    return this.frames.all().filter((channel) => frames[channel.frameId]?.ready === true);
  }

  private historyStepOf(item: ChangeItem): HistoryStep {
    if (item.type === 'UNDO' || item.type === 'REDO') {
      const targetId = targetOfChange(toFrameChangeItem(item))?.id ?? null;
      return { kind: item.type === 'UNDO' ? 'undo' : 'redo', targetId: targetId && this.byId(targetId) ? targetId : null };
    }
    try {
      return requestForChange(item, { canvasId: editor().canvasId, hasInstantUpdate: false }) ? { kind: 'write', id: item.id } : { kind: 'none' };
    } catch {
      return { kind: 'none' };
    }
  }

  /** The change an undo (or redo) pressed now acts on: the top of the stack once the queued changes are written. */
  private nextTarget(which: 'undo' | 'redo'): EditorChange | undefined {
    const state = this.store.getState();
    const projected = projectHistory(state.stacks, state.history, state.queuedSteps.map((entry) => entry.step));
    const id = projected.stacks[which].at(-1);
    return id ? this.byId(id) : undefined;
  }

  /** "Undo: <name>" of the server's step an undo (or redo) acts on, when the editor made no change to name it by. */
  private serverStepName(which: 'undo' | 'redo'): string | undefined {
    const state = this.store.getState();
    const projected = projectHistory(state.stacks, state.history, state.queuedSteps.map((entry) => entry.step));
    const step = serverStep(state.steps, projected.counts, which);
    return step ? `${which === 'undo' ? 'Undo' : 'Redo'}: ${step.name}` : undefined;
  }

  /** The item as one frame takes it: an undo carries what its target did in that frame (null: nothing to take back). */
  private frameItemFor(change: EditorChange, frameId: string): FrameChangeItem | null {
    const item = toFrameChangeItem(change, change.instantUpdateDataByFrame[frameId]);
    if (change.type !== 'UNDO') return item;
    const target = targetOfChange(item);
    const data = target && this.byId(target.id)?.instantUpdateDataByFrame[frameId];
    if (!target || !data) return null;
    return { ...item, type: 'UNDO', changeFields: { changeToUndo: { ...target, instantUpdateData: data } } };
  }

  /** Sends a change's instant update to every ready frame ("instant update sent", then "finished"). */
  private async sendInstantUpdate(id: string): Promise<void> {
    const change = this.byId(id)!;
    const targets = this.readyFrames()
      .map((frame) => ({ frame, item: this.frameItemFor(change, frame.frameId) }))
      .filter((entry): entry is { frame: FrameChannel; item: FrameChangeItem } => entry.item !== null);
    if (targets.length === 0) return;
    this.patch(id, (item) => {
      item.state = 'instant-update-sent';
      item.instantUpdateSent = true;
    });
    const results = await Promise.all(targets.map(({ frame, item }) => applyInFrame(item, frame).then((data) => [frame.frameId, data] as const)));
    const byFrame: Record<string, InstantUpdateData> = {};
    for (const [frameId, data] of results) if (data) byFrame[frameId] = data;
    this.patch(id, (item) => {
      item.instantUpdateFinished = true;
      item.instantUpdateSuccessful = Object.keys(byFrame).length > 0;
      item.instantUpdateDataByFrame = byFrame;
      const first = Object.values(byFrame)[0];
      if (first) item.instantUpdateData = first;
      if (item.state === 'instant-update-sent') item.state = 'instant-update-finished';
    });
    this.keepRedoneData(this.byId(id)!, byFrame);
  }

  /** After an instant redo, undo of the target takes back what the redo did. */
  private keepRedoneData(change: EditorChange, byFrame: Record<string, InstantUpdateData>): void {
    const targetId = change.type === 'REDO' ? targetOfChange(toFrameChangeItem(change))?.id : undefined;
    if (!targetId || Object.keys(byFrame).length === 0) return;
    this.patch(targetId, (target) => {
      Object.assign(target.instantUpdateDataByFrame, byFrame);
    });
  }

  private async setFramesFlushing(isFlushing: boolean): Promise<void> {
    if (this.store.getState().isFlushing === isFlushing) return;
    this.update((state) => {
      state.isFlushing = isFlushing;
    });
    await Promise.all(this.readyFrames().map((frame) => callFrame(frame, 'setIsFlushing', { isFlushing }).catch(() => undefined)));
  }

  /** Takes a rejected change's instant update back in each frame where it showed (outside a flush: nothing may hold it back). */
  private async rollBack(change: EditorChange): Promise<void> {
    const frames = this.readyFrames().filter((frame) => change.instantUpdateDataByFrame[frame.frameId]);
    if (frames.length === 0) return;
    await this.setFramesFlushing(false);
    await Promise.all(
      frames.map(async (frame) => {
        const rollback = rollbackOf(toFrameChangeItem(change, change.instantUpdateDataByFrame[frame.frameId]));
        const item = createChangeItem(rollback.type, rollback.changeFields as never, uuidv4()) as ChangeItem;
        const data = await applyInFrame(toFrameChangeItem(item), frame);
        // A rolled-back undo showed its target again: a later undo takes that back.
        const target = rollback.type === 'REDO' ? rollback.changeFields.changeToRedo : undefined;
        if (target && data) {
          this.patch(target.id, (redone) => {
            redone.instantUpdateDataByFrame[frame.frameId] = data;
          });
        }
      }),
    );
    this.patch(change.id, (item) => {
      item.instantUpdateDataByFrame = {};
    });
  }

  /** The frames show the source again after a refused change that no instant update can take back. */
  private reloadFramesAfter(change: EditorChange): void {
    if (!reloadFramesOnRejection(change)) return;
    for (const frame of this.readyFrames()) {
      callFrame(frame, 'refresh', {}).catch((error: unknown) => console.error(`refresh of frame ${frame.frameId} failed`, error));
    }
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
      this.update((state) => {
        for (const { index, fields } of remapped) state.items[index]!.changeFields = fields as never;
      });
    }
    for (const frame of this.readyFrames()) {
      callFrame(frame, 'updateCodebaseIds', { prevIdToNewIdMap: map }).catch((error: unknown) => console.error(`updateCodebaseIds in frame ${frame.frameId} failed`, error));
    }
  }

  private moveStacks(id: string, step: HistoryStep, wrote: boolean): void {
    this.update((state) => {
      state.queuedSteps = state.queuedSteps.filter((entry) => entry.id !== id);
      if (step.kind === 'write' && !wrote) return;
      state.stacks = stepStacks(state.stacks, step);
      // The counts follow at once; `refreshHistoryAfter` then brings the server's own.
      state.history = stepCounts(state.history, step);
    });
  }

  private finish(id: string, recipe: (change: EditorChange) => void): EditorChange {
    this.patch(id, (change) => {
      change.consumed = true;
      recipe(change);
    });
    const change = this.byId(id)!;
    record(change);
    return change;
  }

  private fail(id: string, message: string): EditorChange {
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
    const created = step.kind === 'write' ? placeholderIdMap(this.byId(id)!, answer.addedIds ?? []) : {};
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
    this.update((state) => {
      state.queuedSteps = state.queuedSteps.filter((entry) => entry.id !== id);
      // The server has nothing to undo (or redo), e.g. after it restarted: the editor's stack is stale.
      if (error instanceof StudioCallError && error.code === 'NOTHING_TO_UNDO') {
        if (step.kind === 'undo') state.stacks.undo = [];
        if (step.kind === 'redo') state.stacks.redo = [];
      }
    });
    await this.rollBack(this.byId(id)!);
    this.reloadFramesAfter(this.byId(id)!);
    return this.fail(id, message);
  }

  /**
   * Writes one change: its request, the server's answer, and everything that follows from it. The request leaves
   * while the instant update may still be on its way (unless it carries its outcome); the answer is taken once the
   * instant update has finished, so the lifecycle keeps its order and a refusal has what it must roll back.
   */
  private async send(next: Pending, step: HistoryStep): Promise<EditorChange> {
    const { id, instant, onServerRejection } = next;
    if (requestWaitsForInstantUpdate(this.byId(id)!)) await instant;
    const change = this.byId(id)!;
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
    this.patch(id, (item) => {
      item.consumed = true;
    });
    // The frames hear of the flush before anything the answer brings (their messages keep their order); the
    // request need not wait for their reply.
    const flushing = this.setFramesFlushing(true);
    const canvasId = editor().canvasId;
    // The history keeps the name the editor shows, so that it lists the same steps after a reload or a restart.
    const body = { ...(request.body ?? {}), changeName: changeNameOf(change.humanName) };
    const sent = { type: change.type, humanName: change.humanName, createdAt: Date.now() };
    const known = this.store.getState().history;
    let answer: MutationAnswer;
    try {
      answer = await writeWhenReachable(
        () => this.server.call<MutationAnswer>(`${withCanvasId(STUDIO_API_PATHS.parseAndMutate, canvasId)}/${request.path}`, { method: 'POST', body, by: change.by }),
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
          change = this.byId(next.id) ? this.fail(next.id, reason) : { ...next.submitted, state: 'failed', failed: true, error: reason };
        }
        this.refreshHistoryAfter(change);
        if (this.queue[0] === next) this.queue.shift();
        next.resolve(change);
        // A change submitted meanwhile keeps the loop going, so two drains never run at once.
        if (this.queue.length === 0) await this.setFramesFlushing(false);
      }
    } finally {
      this.draining = null;
    }
  }
}
