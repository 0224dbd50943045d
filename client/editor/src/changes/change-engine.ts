/**
 * The change engine (spec §4, §7): every edit of the studio becomes a change item that is shown instantly in every
 * ready frame, then written by the server, strictly in order and one call at a time. After each answer the ids the
 * change shifted are applied to the selection, to the changes still waiting and to the frames; a rejected change's
 * instant update is taken back and the server's message shown. Undo and redo are changes too.
 *
 * Nothing here knows a change kind: the fields, names, requests and instant rules are the contract's
 * (`contracts/change-items.ts`), so a new kind needs no edit here.
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
import type { ChangeType, MutationAnswer } from '@contracts/changes.js';
import type { FrameChangeItem, FrameFunctionMap, FrameFunctionName, InstantUpdateData } from '@contracts/frame-protocol.js';
import type { ChangeRecord } from '@contracts/studio-api.js';
import { isPlaceholderCodebaseId } from '@contracts/dom.js';
import { canWriteSource, studioCall, StudioCallError } from '../api/studio-client.js';
import { cancelLookupRefresh, scheduleLookupRefresh } from '../frame/element-lookups.js';
import { frameChannels, type FrameChannel } from '../frame/frame-registry.js';
import { useEditorStore } from '../state/editor-store.js';
import { changeById, resetChangeStore, updateChangeStore, useChangeStore, type EditorChange } from './change-store.js';
import { projectHistory, stepCounts, stepStacks, type HistoryStep } from './undo-stacks.js';

export { humanNameOf } from '@contracts/change-items.js';
export { useChangeStore, type EditorChange } from './change-store.js';

/** Shown when a studio that cannot write (a static `start`) is asked to change the source. */
export const EDITS_NEED_DEV =
  'This studio cannot change the source: edits are written only by `plantation-studio dev` (this server serves a built console).';

export interface SubmitOptions {
  /** Show the change in the frames before the server writes it (default true; the rules of spec §4 still apply). */
  instant?: boolean;
  /** Runs when the server refuses the change (after its instant update was taken back); only if given (spec §4). */
  onServerRejection?: (change: EditorChange) => void;
}

/**
 * How long a frame may take to answer a call of the engine. A frame that reloads or hangs mid-call never answers,
 * and the queue must not wait for it: its instant update then counts as failed.
 */
export const FRAME_CALL_TIMEOUT_MS = 5000;

interface Pending {
  id: string;
  instant: Promise<void>;
  resolve: (change: EditorChange) => void;
  onServerRejection?: (change: EditorChange) => void;
  /** The change as submitted, for a change dropped (by a reset) before it ended. */
  submitted: EditorChange;
}

/** Changes accepted and not yet answered, in order. */
let queue: Pending[] = [];
let draining: Promise<void> | null = null;

const editor = () => useEditorStore.getState();

function patch(id: string, recipe: (change: EditorChange) => void): void {
  // Found in the plain state, not the draft: walking the draft's list would make a proxy of every item.
  const index = useChangeStore.getState().items.findIndex((item) => item.id === id);
  if (index < 0) return;
  updateChangeStore((state) => {
    recipe(state.items[index] as EditorChange);
  });
}

function callFrame<N extends FrameFunctionName>(frame: FrameChannel, name: N, args: FrameFunctionMap[N]['args']): Promise<FrameFunctionMap[N]['answer']> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`frame ${frame.frameId} did not answer ${name} within ${FRAME_CALL_TIMEOUT_MS} ms`)), FRAME_CALL_TIMEOUT_MS);
  });
  return Promise.race([frame.call(name, args), timeout]).finally(() => clearTimeout(timer));
}

function readyFrames(): FrameChannel[] {
  const frames = editor().frames;
  return frameChannels().filter((channel) => frames[channel.frameId]?.ready === true);
}

function historyStepOf(item: ChangeItem): HistoryStep {
  if (item.type === 'UNDO' || item.type === 'REDO') {
    const targetId = targetOfChange(toFrameChangeItem(item))?.id ?? null;
    return { kind: item.type === 'UNDO' ? 'undo' : 'redo', targetId: targetId && changeById(targetId) ? targetId : null };
  }
  try {
    return requestForChange(item, { canvasId: editor().canvasId, hasInstantUpdate: false }) ? { kind: 'write', id: item.id } : { kind: 'none' };
  } catch {
    return { kind: 'none' };
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
  };
  editor().recordChange(entry);
}

/** The item as one frame takes it: an undo carries what its target did in that frame (null: nothing to take back). */
function frameItemFor(change: EditorChange, frameId: string): FrameChangeItem | null {
  const item = toFrameChangeItem(change, change.instantUpdateDataByFrame[frameId]);
  if (change.type !== 'UNDO') return item;
  const target = targetOfChange(item);
  const data = target && changeById(target.id)?.instantUpdateDataByFrame[frameId];
  if (!target || !data) return null;
  return { ...item, changeFields: { changeToUndo: { ...target, instantUpdateData: data } } };
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

/** After an instant redo, undo of the target takes back what the redo did. */
function keepRedoneData(change: EditorChange, byFrame: Record<string, InstantUpdateData>): void {
  const targetId = change.type === 'REDO' ? targetOfChange(toFrameChangeItem(change))?.id : undefined;
  if (!targetId || Object.keys(byFrame).length === 0) return;
  patch(targetId, (target) => {
    Object.assign(target.instantUpdateDataByFrame, byFrame);
  });
}

/** Sends a change's instant update to every ready frame (spec §4: "instant update sent", then "finished"). */
async function sendInstantUpdate(id: string): Promise<void> {
  const change = changeById(id)!;
  const targets = readyFrames()
    .map((frame) => ({ frame, item: frameItemFor(change, frame.frameId) }))
    .filter((entry): entry is { frame: FrameChannel; item: FrameChangeItem } => entry.item !== null);
  if (targets.length === 0) return;
  patch(id, (item) => {
    item.state = 'instant-update-sent';
    item.instantUpdateSent = true;
  });
  const results = await Promise.all(targets.map(({ frame, item }) => applyInFrame(item, frame).then((data) => [frame.frameId, data] as const)));
  const byFrame: Record<string, InstantUpdateData> = {};
  for (const [frameId, data] of results) if (data) byFrame[frameId] = data;
  patch(id, (item) => {
    item.instantUpdateFinished = true;
    item.instantUpdateSuccessful = Object.keys(byFrame).length > 0;
    item.instantUpdateDataByFrame = byFrame;
    const first = Object.values(byFrame)[0];
    if (first) item.instantUpdateData = first;
    if (item.state === 'instant-update-sent') item.state = 'instant-update-finished';
  });
  keepRedoneData(changeById(id)!, byFrame);
}

async function setFramesFlushing(isFlushing: boolean): Promise<void> {
  if (useChangeStore.getState().isFlushing === isFlushing) return;
  updateChangeStore((state) => {
    state.isFlushing = isFlushing;
  });
  await Promise.all(readyFrames().map((frame) => callFrame(frame, 'setIsFlushing', { isFlushing }).catch(() => undefined)));
}

/** Takes a rejected change's instant update back in each frame where it showed (outside a flush: nothing may hold it back). */
async function rollBack(change: EditorChange): Promise<void> {
  const frames = readyFrames().filter((frame) => change.instantUpdateDataByFrame[frame.frameId]);
  if (frames.length === 0) return;
  await setFramesFlushing(false);
  await Promise.all(
    frames.map(async (frame) => {
      const rollback = rollbackOf(toFrameChangeItem(change, change.instantUpdateDataByFrame[frame.frameId]));
      const item = createChangeItem(rollback.type, rollback.changeFields as never, uuidv4()) as ChangeItem;
      const data = await applyInFrame(toFrameChangeItem(item), frame);
      // A rolled-back undo showed its target again: a later undo takes that back.
      const target = rollback.type === 'REDO' ? rollback.changeFields.changeToRedo : undefined;
      if (target && data) {
        patch(target.id, (redone) => {
          redone.instantUpdateDataByFrame[frame.frameId] = data;
        });
      }
    }),
  );
  patch(change.id, (item) => {
    item.instantUpdateDataByFrame = {};
  });
}

/** The frames show the source again after a refused change that no instant update can take back. */
function reloadFramesAfter(change: EditorChange): void {
  if (!reloadFramesOnRejection(change)) return;
  for (const frame of readyFrames()) {
    callFrame(frame, 'refresh', {}).catch((error: unknown) => console.error(`refresh of frame ${frame.frameId} failed`, error));
  }
}

function applyIdMap(map: Record<string, string>): void {
  if (Object.keys(map).length === 0) return;
  editor().remapIds(map);
  // Worked out on the plain items, and only the ones an id of the map names are replaced in the draft.
  const remapped = useChangeStore.getState().items.flatMap((item, index) => {
    const fields = remapIdsIn(item.changeFields, map);
    return JSON.stringify(fields) === JSON.stringify(item.changeFields) ? [] : [{ index, fields }];
  });
  if (remapped.length > 0) {
    updateChangeStore((state) => {
      for (const { index, fields } of remapped) state.items[index]!.changeFields = fields as never;
    });
  }
  for (const frame of readyFrames()) {
    callFrame(frame, 'updateCodebaseIds', { prevIdToNewIdMap: map }).catch((error: unknown) => console.error(`updateCodebaseIds in frame ${frame.frameId} failed`, error));
  }
}

function moveStacks(id: string, step: HistoryStep, wrote: boolean): void {
  updateChangeStore((state) => {
    state.queuedSteps = state.queuedSteps.filter((entry) => entry.id !== id);
    if (step.kind === 'write' && !wrote) return;
    state.stacks = stepStacks(state.stacks, step);
    // The counts follow at once; `refreshHistory` then brings the server's own.
    state.history = stepCounts(state.history, step);
  });
}

function finish(id: string, recipe: (change: EditorChange) => void): EditorChange {
  patch(id, (change) => {
    change.consumed = true;
    recipe(change);
  });
  const change = changeById(id)!;
  record(change);
  return change;
}

function fail(id: string, message: string): EditorChange {
  const change = finish(id, (item) => {
    item.state = 'failed';
    item.failed = true;
    item.error = message;
  });
  editor().notify('error', `${change.humanName} failed: ${message}`);
  return change;
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
 * How long after a write the server is asked what the write changed for the editor: the frames' element facts
 * (when no new nav tree has brought them) and the history counts. The hot reload comes first: a request then
 * would hold up the server while Vite serves the changed module, and the reloaded tree asks about new ids itself.
 */
export const LOOKUP_REFRESH_DELAY_MS = 1000;
let historyRefresh: ReturnType<typeof setTimeout> | null = null;

/**
 * The server's history counts after a change: once the hot reload has had its turn when the change wrote files and
 * the editor has counts of its own (they follow each change at once); at once otherwise (a refused change may
 * have found the editor's stacks stale).
 */
function refreshHistoryAfter(change: EditorChange): void {
  if (historyRefresh) clearTimeout(historyRefresh);
  historyRefresh = null;
  if (change.state !== 'succeeded' || change.files.length === 0 || useChangeStore.getState().history === null) {
    void useChangeStore.getState().refreshHistory();
    return;
  }
  historyRefresh = setTimeout(() => {
    historyRefresh = null;
    void useChangeStore.getState().refreshHistory();
  }, LOOKUP_REFRESH_DELAY_MS);
}

async function answered(id: string, step: HistoryStep, answer: MutationAnswer): Promise<EditorChange> {
  const created = step.kind === 'write' ? placeholderIdMap(changeById(id)!, answer.addedIds ?? []) : {};
  const map = { ...created, ...(answer.prevIdToNewIdMap ?? {}) };
  if (answer.changedFiles.length > 0) {
    editor().forgetSourceOf(answer.changedFiles.map((file) => file.path));
    scheduleLookupRefresh(LOOKUP_REFRESH_DELAY_MS);
  }
  applyIdMap(map);
  moveStacks(id, step, answer.changedFiles.length > 0);
  const change = finish(id, (item) => {
    item.state = 'succeeded';
    item.files = answer.changedFiles.map((file) => file.path);
    item.addedIds = [...(answer.addedIds ?? [])];
    // Undoing the instant update later maps the server's new ids back first (spec §4).
    if (Object.keys(map).length > 0) for (const data of Object.values(item.instantUpdateDataByFrame)) data.prevIdToNewIdMap = map;
  });
  const notice = successNoticeOf(change);
  if (notice) editor().notify('success', notice);
  return change;
}

async function rejected(id: string, step: HistoryStep, error: unknown): Promise<EditorChange> {
  const message = error instanceof Error ? error.message : String(error);
  updateChangeStore((state) => {
    state.queuedSteps = state.queuedSteps.filter((entry) => entry.id !== id);
    // The server has nothing to undo (or redo), e.g. after it restarted: the editor's stack is stale.
    if (error instanceof StudioCallError && error.code === 'NOTHING_TO_UNDO') {
      if (step.kind === 'undo') state.stacks.undo = [];
      if (step.kind === 'redo') state.stacks.redo = [];
    }
  });
  await rollBack(changeById(id)!);
  reloadFramesAfter(changeById(id)!);
  return fail(id, message);
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
 * Writes one change: its request, the server's answer, and everything that follows from it. The request leaves
 * while the instant update may still be on its way (unless it carries its outcome); the answer is taken once the
 * instant update has finished, so the lifecycle keeps its order and a refusal has what it must roll back.
 */
async function send(id: string, step: HistoryStep, instant: Promise<void>, onServerRejection?: (change: EditorChange) => void): Promise<EditorChange> {
  if (requestWaitsForInstantUpdate(changeById(id)!)) await instant;
  const change = changeById(id)!;
  let request: MutationRequest | null;
  try {
    request = requestForChange(change, { canvasId: editor().canvasId, hasInstantUpdate: change.instantUpdateSuccessful });
  } catch (error) {
    await instant;
    return rejected(id, step, error);
  }
  if (request === null) {
    await instant;
    return answered(id, step, { changedFiles: [], prevIdToNewIdMap: {}, addedIds: [] });
  }
  patch(id, (item) => {
    item.consumed = true;
  });
  // The frames hear of the flush before anything the answer brings (their messages keep their order); the request
  // need not wait for their reply.
  const flushing = setFramesFlushing(true);
  const canvasId = encodeURIComponent(editor().canvasId);
  let answer: MutationAnswer;
  try {
    answer = await studioCall<MutationAnswer>(`/canvases/${canvasId}/parseAndMutate/${request.path}`, { method: 'POST', body: request.body });
  } catch (error) {
    await Promise.all([instant, flushing]);
    const failed = await rejected(id, step, error);
    onServerRejection?.(failed);
    return failed;
  }
  await Promise.all([instant, flushing]);
  return answered(id, step, answer);
}

/** Sends the queue in order, one call at a time; the frames' flush flag is down again once it is empty. */
async function drain(): Promise<void> {
  try {
    while (queue.length > 0) {
      const next = queue[0]!;
      const step = useChangeStore.getState().queuedSteps.find((entry) => entry.id === next.id)?.step ?? { kind: 'none' as const };
      let change: EditorChange;
      try {
        change = await send(next.id, step, next.instant, next.onServerRejection);
      } catch (error) {
        // A fault of the editor itself: the change still ends, and the queue goes on.
        const reason = `The studio failed while writing this change: ${(error as Error).message}`;
        change = changeById(next.id) ? fail(next.id, reason) : { ...next.submitted, state: 'failed', failed: true, error: reason };
      }
      refreshHistoryAfter(change);
      if (queue[0] === next) queue.shift();
      next.resolve(change);
      // A change submitted meanwhile keeps the loop going, so two drains never run at once.
      if (queue.length === 0) await setFramesFlushing(false);
    }
  } finally {
    draining = null;
  }
}

function addChange(item: ChangeItem): EditorChange {
  const change = { ...item, state: 'pending', files: [], addedIds: [], instantUpdateDataByFrame: {}, createdAt: Date.now() } as EditorChange;
  updateChangeStore((state) => {
    state.items.push(change);
  });
  return change;
}

/**
 * Makes a change and has it written: shown at once in every ready frame (unless `instant: false`, or a flush holds
 * it back), then sent to the server after every change before it. Resolves once the change has ended, with its
 * final state ('succeeded', or 'failed' with the error text, which has also been shown as a notice); never rejects.
 */
export function submitChange<T extends ChangeType>(type: T, changeFields: ChangeFieldsByType[T], options: SubmitOptions = {}): Promise<EditorChange> {
  const item = createChangeItem(type, changeFields, uuidv4()) as ChangeItem;
  const submitted = addChange(item);
  if (!canWriteSource()) return Promise.resolve(fail(item.id, EDITS_NEED_DEV));
  if (item.consumed) {
    // Created consumed (UNKNOWN): never sent; the request the contract refuses says why.
    let reason = 'Unsupported operation';
    try {
      requestForChange(item, { canvasId: editor().canvasId, hasInstantUpdate: false });
    } catch (error) {
      reason = (error as Error).message;
    }
    return Promise.resolve(fail(item.id, reason));
  }
  const step = historyStepOf(item);
  updateChangeStore((state) => {
    state.queuedSteps.push({ id: item.id, step });
  });
  const showNow = options.instant !== false && sendsInstantUpdate(toFrameChangeItem(item as ChangeItem), useChangeStore.getState().isFlushing);
  const instant = showNow ? sendInstantUpdate(item.id) : Promise.resolve();
  return new Promise<EditorChange>((resolve) => {
    queue.push({ id: item.id, instant, resolve, onServerRejection: options.onServerRejection, submitted });
    draining ??= drain();
  });
}

/** The change an undo (or redo) pressed now acts on: the top of the stack once the queued changes are written. */
function nextTarget(which: 'undo' | 'redo'): EditorChange | undefined {
  const state = useChangeStore.getState();
  const projected = projectHistory(state.stacks, state.history, state.queuedSteps.map((entry) => entry.step));
  const id = projected.stacks[which].at(-1);
  return id ? changeById(id) : undefined;
}

/** The target as an undo or redo carries it: what it is, not what it did (that is added per frame). */
function targetSnapshot(change: EditorChange): FrameChangeItem {
  return toFrameChangeItem(change, undefined);
}

/**
 * Undoes the last change of the canvas in the files (`activities/undoChangeToFiles`), as an UNDO change of the
 * last change the editor made, whose instant update it takes back; with no such change (after a reload) a plain
 * 'Undo' that the server still carries out. A conflict (the file changed on disk) leaves everything as it was.
 */
export function undoLastChange(): Promise<EditorChange> {
  const target = nextTarget('undo');
  return submitChange('UNDO', target ? { changeToUndo: targetSnapshot(target) } : {});
}

/** Redoes the last undone change (`activities/redoChangeToFiles`); shown instantly only for the four types of spec §4. */
export function redoLastChange(): Promise<EditorChange> {
  const target = nextTarget('redo');
  return submitChange('REDO', target ? { changeToRedo: targetSnapshot(target) } : {});
}

/** Drops every change and the queue (a canvas switch, and tests); a change being sent still ends on its own. */
export function resetChangeEngine(): void {
  queue = [];
  draining = null;
  cancelLookupRefresh();
  if (historyRefresh) clearTimeout(historyRefresh);
  historyRefresh = null;
  resetChangeStore();
}

// A canvas has a history of its own on the server: its counts are asked for when it opens, and the stacks of the
// canvas before it dropped.
useEditorStore.subscribe((state, previous) => {
  const canvasId = state.canvas?.id;
  const before = previous.canvas?.id;
  if (!canvasId || canvasId === before) return;
  if (before) {
    updateChangeStore((changes) => {
      changes.stacks = { undo: [], redo: [] };
      changes.history = null;
    });
  }
  void useChangeStore.getState().refreshHistory();
});
