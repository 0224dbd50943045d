/**
 * The instant preview of the change engine (docs/editor.md#instant-updates): a change shown in every ready frame
 * before the server writes it, what it did there kept per frame (so undo can take it back), a refused change's
 * preview rolled back, the flush flag and the server's new ids told to the frames. The writer
 * (`change-writer.ts`) calls it; neither knows a change kind.
 */
import { v4 as uuidv4 } from 'uuid';
import { createChangeItem, reloadFramesOnRejection, rollbackOf, targetOfChange, toFrameChangeItem, type ChangeItem } from '@contracts/change-items.js';
import type { FrameChangeItem, FrameFunctionMap, FrameFunctionName, InstantUpdateData } from '@contracts/frame-protocol.js';
import type { FrameChannel, FrameRegistry } from '../frame/frame-registry.js';
import { useEditorStore } from '../state/editor-store.js';
import { changeById, patchChange, updateChangeStore, type ChangeStore, type EditorChange } from './change-store.js';

/**
 * How long a change waits for a frame's answer to one of its calls (its instant update, the flush flag, new ids)
 * before going on without it: a frame that reloads or hangs mid-call never answers, and the queue must not wait
 * for it; its instant update then counts as failed. Shorter than the connection's own bound on every call.
 */
export const CHANGE_WAITS_FOR_FRAME_MS = 5000;

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

export class InstantPreview {
  constructor(
    private readonly frames: FrameRegistry,
    private readonly store: ChangeStore,
  ) {}

  readyFrames(): FrameChannel[] {
    const frames = useEditorStore.getState().frames;
    return this.frames.all().filter((channel) => frames[channel.frameId]?.ready === true);
  }

  /** Sends a change's instant update to every ready frame ("instant update sent", then "finished"). */
  async send(id: string): Promise<void> {
    const change = changeById(this.store, id)!;
    const targets = this.readyFrames()
      .map((frame) => ({ frame, item: this.frameItemFor(change, frame.frameId) }))
      .filter((entry): entry is { frame: FrameChannel; item: FrameChangeItem } => entry.item !== null);
    if (targets.length === 0) return;
    patchChange(this.store, id, (item) => {
      item.state = 'instant-update-sent';
      item.instantUpdateSent = true;
    });
    const results = await Promise.all(targets.map(({ frame, item }) => applyInFrame(item, frame).then((data) => [frame.frameId, data] as const)));
    const byFrame: Record<string, InstantUpdateData> = {};
    for (const [frameId, data] of results) if (data) byFrame[frameId] = data;
    patchChange(this.store, id, (item) => {
      item.instantUpdateFinished = true;
      item.instantUpdateSuccessful = Object.keys(byFrame).length > 0;
      item.instantUpdateDataByFrame = byFrame;
      const first = Object.values(byFrame)[0];
      if (first) item.instantUpdateData = first;
      if (item.state === 'instant-update-sent') item.state = 'instant-update-finished';
    });
    this.keepRedoneData(changeById(this.store, id)!, byFrame);
  }

  /** After an instant redo, undo of the target takes back what the redo did. */
  private keepRedoneData(change: EditorChange, byFrame: Record<string, InstantUpdateData>): void {
    const targetId = change.type === 'REDO' ? targetOfChange(toFrameChangeItem(change))?.id : undefined;
    if (!targetId || Object.keys(byFrame).length === 0) return;
    patchChange(this.store, targetId, (target) => {
      Object.assign(target.instantUpdateDataByFrame, byFrame);
    });
  }

  /** Tells every ready frame whether a flush is on (docs/editor.md#flush), once per change of the flag. */
  async setFlushing(isFlushing: boolean): Promise<void> {
    if (this.store.getState().isFlushing === isFlushing) return;
    updateChangeStore(this.store, (state) => {
      state.isFlushing = isFlushing;
    });
    await Promise.all(this.readyFrames().map((frame) => callFrame(frame, 'setIsFlushing', { isFlushing }).catch(() => undefined)));
  }

  /** Takes a rejected change's instant update back in each frame where it showed (outside a flush: nothing may hold it back). */
  async rollBack(change: EditorChange): Promise<void> {
    const frames = this.readyFrames().filter((frame) => change.instantUpdateDataByFrame[frame.frameId]);
    if (frames.length === 0) return;
    await this.setFlushing(false);
    await Promise.all(
      frames.map(async (frame) => {
        const rollback = rollbackOf(toFrameChangeItem(change, change.instantUpdateDataByFrame[frame.frameId]));
        const item = createChangeItem(rollback.type, rollback.changeFields as never, uuidv4()) as ChangeItem;
        const data = await applyInFrame(toFrameChangeItem(item), frame);
        // A rolled-back undo showed its target again: a later undo takes that back.
        const target = rollback.type === 'REDO' ? rollback.changeFields.changeToRedo : undefined;
        if (target && data) {
          patchChange(this.store, target.id, (redone) => {
            redone.instantUpdateDataByFrame[frame.frameId] = data;
          });
        }
      }),
    );
    patchChange(this.store, change.id, (item) => {
      item.instantUpdateDataByFrame = {};
    });
  }

  /** The frames show the source again after a refused change that no instant update can take back. */
  reloadAfter(change: EditorChange): void {
    if (!reloadFramesOnRejection(change)) return;
    for (const frame of this.readyFrames()) {
      callFrame(frame, 'refresh', {}).catch((error: unknown) => console.error(`refresh of frame ${frame.frameId} failed`, error));
    }
  }

  /** The server's new ids, told to every ready frame (docs/editor.md#id-remapping). */
  renameIds(map: Record<string, string>): void {
    for (const frame of this.readyFrames()) {
      callFrame(frame, 'updateCodebaseIds', { prevIdToNewIdMap: map }).catch((error: unknown) => console.error(`updateCodebaseIds in frame ${frame.frameId} failed`, error));
    }
  }

  /** The item as one frame takes it: an undo carries what its target did in that frame (null: nothing to take back). */
  private frameItemFor(change: EditorChange, frameId: string): FrameChangeItem | null {
    const item = toFrameChangeItem(change, change.instantUpdateDataByFrame[frameId]);
    if (change.type !== 'UNDO') return item;
    const target = targetOfChange(item);
    const data = target && changeById(this.store, target.id)?.instantUpdateDataByFrame[frameId];
    if (!target || !data) return null;
    return { ...item, type: 'UNDO', changeFields: { changeToUndo: { ...target, instantUpdateData: data } } };
  }
}
