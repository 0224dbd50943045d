/**
 * The change engine: every edit of the studio becomes a change item that is shown instantly in every
 * ready frame (its instant preview, `instant-preview.ts`), then written by the server, strictly in order and one
 * call at a time (its writer, `change-writer.ts`). After each answer the ids the change shifted are applied to the
 * selection, to the changes still waiting and to the frames; a rejected change's instant update is taken back and
 * the server's message shown. Undo and redo are changes too; this class makes them and the edits into changes.
 *
 * Nothing here knows a change kind: the fields, names, requests and instant rules are the contract's
 * (`contracts/change-items.ts`), so a new kind needs no edit here. See docs/editor.md#change-lifecycle.
 */
import { v4 as uuidv4 } from 'uuid';
import { createChangeItem, requestForChange, sendsInstantUpdate, targetOfChange, toFrameChangeItem, type ChangeFieldsByType, type ChangeItem } from '@contracts/change-items.js';
import type { AgentInstantCss } from '@contracts/agent-api.js';
import type { ChangeType, MutationKind } from '@contracts/change-kinds.js';
import type { FrameChangeItem } from '@contracts/frame-protocol.js';
import { ownsStep, type StepOwner } from '@contracts/change-authors.js';
import type { AgentSessionRef, ChangeAuthor, HistoryStepAnswer, MutationWriteAnswer } from '@contracts/studio-api.js';
import type { StudioServer } from '../api/studio-client.js';
import type { ElementLookups } from '../frame/element-lookups.js';
import type { FrameRegistry } from '../frame/frame-registry.js';
import { STUDIO_API_PATHS, withCanvasId } from '@contracts/studio-routes.js';
import { useEditorStore } from '../state/editor-store.js';
import type { ConnectionGate } from './connection-monitor.js';
import { agentChangeOf, settleForAgent, type WriteOutcome } from './agent-changes.js';
import { ChangeWriter } from './change-writer.js';
import { changeById, changeStoreViews, createChangeStore, updateChangeStore, type ChangeStore, type ChangeStoreState, type ChangeStoreView, type EditorChange } from './change-store.js';
import { InstantPreview } from './instant-preview.js';
import { projectHistory, serverStep, type HistoryStep } from './undo-stacks.js';

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
  /** The agent session asking, when it named one: its undo takes back only that session's changes. */
  agent?: AgentSessionRef;
  /** Hears the server's answer to the change's write, or what failed it, before the change ends. */
  onOutcome?: (outcome: WriteOutcome) => void;
}

/** What an undo or redo may say of itself: who asks for it, and who hears its answer. */
type HistoryStepOptions = Pick<SubmitOptions, 'by' | 'agent' | 'onOutcome'>;

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

const editor = () => useEditorStore.getState();

/** The target as an undo or redo carries it: what it is, not what it did (that is added per frame). */
function targetSnapshot(change: EditorChange): FrameChangeItem {
  return toFrameChangeItem(change, undefined);
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
  private readonly server: StudioServer;
  private readonly connection: ConnectionGate | undefined;
  /** Shows each change in the frames before it is written. */
  private readonly preview: InstantPreview;
  /** Writes the changes in order and applies what each answer brings. */
  private readonly writer: ChangeWriter;

  constructor(parts: ChangeEngineParts) {
    this.server = parts.server;
    this.connection = parts.connection;
    this.store = createChangeStore(parts.server);
    ({ rendered: this.rendered, listed: this.listed } = changeStoreViews(this.store));
    this.preview = new InstantPreview(parts.frames, this.store);
    this.writer = new ChangeWriter({ store: this.store, preview: this.preview, lookups: parts.lookups, server: parts.server, connection: parts.connection });
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
    if (options.agent) item.agent = options.agent;
    const submitted = this.addChange(item);
    if (!this.server.canWriteSource()) return Promise.resolve(this.writer.fail(item.id, EDITS_NEED_DEV));
    if (item.consumed) {
      // Created consumed (UNKNOWN): never sent; the request the contract refuses says why.
      let reason = 'Unsupported operation';
      try {
        requestForChange(item, { canvasId: editor().canvasId, hasInstantUpdate: false });
      } catch (error) {
        reason = (error as Error).message;
      }
      return Promise.resolve(this.writer.fail(item.id, reason));
    }
    const step = this.historyStepOf(item);
    this.update((state) => {
      state.queuedSteps.push({ id: item.id, step });
    });
    const showNow = options.instant !== false && sendsInstantUpdate(toFrameChangeItem(item), this.store.getState().isFlushing);
    const instant = showNow ? this.preview.send(item.id) : Promise.resolve();
    return new Promise<EditorChange>((resolve) => {
      this.writer.enqueue({ id: item.id, instant, resolve, onServerRejection: options.onServerRejection, onOutcome: options.onOutcome, submitted });
    });
  }

  /**
   * Undoes the last change of the canvas in the files (`activities/undoChangeToFiles`), as an UNDO change of the
   * last change the editor made, whose instant update it takes back; with no such change (after a reload) a plain
   * 'Undo' that the server still carries out. A conflict (the file changed on disk) leaves everything as it was.
   */
  undoLast(options: HistoryStepOptions = {}): Promise<EditorChange> {
    if (this.connection?.isOnline() === false) return Promise.resolve(this.writer.fail(this.addChange(createChangeItem('UNDO', {}, uuidv4()) as ChangeItem).id, UNDO_NEEDS_SERVER));
    const target = this.nextTarget('undo', options);
    return this.submit('UNDO', target ? { changeToUndo: targetSnapshot(target) } : {}, { ...options, name: target ? undefined : this.serverStepName('undo') });
  }

  /**
   * Redoes the last undone change (`activities/redoChangeToFiles`); shown instantly only for the four types of
   * docs/editor.md#instant-updates.
   */
  redoLast(options: HistoryStepOptions = {}): Promise<EditorChange> {
    if (this.connection?.isOnline() === false) return Promise.resolve(this.writer.fail(this.addChange(createChangeItem('REDO', {}, uuidv4()) as ChangeItem).id, UNDO_NEEDS_SERVER));
    const target = this.nextTarget('redo', options);
    return this.submit('REDO', target ? { changeToRedo: targetSnapshot(target) } : {}, { ...options, name: target ? undefined : this.serverStepName('redo') });
  }

  /**
   * Undoes one chosen step of the canvas's history (`activities/undoStepToFiles`): the Changes panel's "Undo this
   * change", an UNDO change of the person's, refused by the server when a later step changed the same part or a file
   * changed on disk since (the refusal is the change's error). The editor's stacks stand for the top of the history
   * only, so after a step in the middle is undone they are dropped and the server's steps guide undo and redo.
   */
  async undoStep(stepId: string, name: string): Promise<EditorChange> {
    const item = createChangeItem('UNDO', {}, uuidv4()) as ChangeItem;
    item.humanName = `Undo: ${name}`;
    this.addChange(item);
    if (!this.server.canWriteSource()) return this.writer.fail(item.id, EDITS_NEED_DEV);
    if (this.connection?.isOnline() === false) return this.writer.fail(item.id, UNDO_NEEDS_SERVER);
    try {
      const path = `${withCanvasId(STUDIO_API_PATHS.parseAndMutate, editor().canvasId)}/activities/undoStepToFiles`;
      const answer = await this.server.call<HistoryStepAnswer>(path, { body: { stepId } });
      this.update((changes) => {
        changes.stacks = { undo: [], redo: [] };
      });
      return this.writer.written(item.id, answer);
    } catch (error) {
      return this.writer.fail(item.id, (error as Error).message);
    } finally {
      void this.store.getState().refreshHistory();
    }
  }

  /**
   * An agent's change (`apply_change`): the body of a `mutate/{kind}` call made into the change of that kind and
   * submitted as a designer's is (shown at once, queued, written, its ids remapped), marked as the agent's.
   * Resolves with the server's answer once written; rejects with `{code, message, statusCode}` (docs/agents.md).
   */
  applyAgentChange(kind: MutationKind, body: unknown, instantCss?: AgentInstantCss, agent?: AgentSessionRef): Promise<MutationWriteAnswer> {
    return settleForAgent((onOutcome) => {
      const change = agentChangeOf(kind, body, instantCss);
      return this.submit(change.type, change.changeFields as never, { name: change.name, by: 'agent', ...(agent ? { agent } : {}), onOutcome });
    });
  }

  /** An agent's undo: of its session's last change (any agent's without one); settles like `applyAgentChange`. */
  agentUndo(agent?: AgentSessionRef): Promise<HistoryStepAnswer> {
    return settleForAgent((onOutcome) => this.undoLast({ by: 'agent', ...(agent ? { agent } : {}), onOutcome }));
  }

  /** An agent's redo: of its session's last undone change; settles like `applyAgentChange`. */
  agentRedo(agent?: AgentSessionRef): Promise<HistoryStepAnswer> {
    return settleForAgent((onOutcome) => this.redoLast({ by: 'agent', ...(agent ? { agent } : {}), onOutcome }));
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
    this.writer.dispose();
  }

  private update(recipe: (state: ChangeStoreState) => void): void {
    updateChangeStore(this.store, recipe);
  }

  private byId(id: string): EditorChange | undefined {
    return changeById(this.store, id);
  }

  private addChange(item: ChangeItem): EditorChange {
    const change = { ...item, state: 'pending', files: [], addedIds: [], instantUpdateDataByFrame: {}, createdAt: Date.now() } as EditorChange;
    this.update((state) => {
      state.items.push(change);
    });
    return change;
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

  /**
   * The change an undo (or redo) pressed now acts on: the latest of the asker's own once the queued changes are
   * written (the person's undo passes over an agent's changes, and an agent's over the person's and other sessions').
   */
  private nextTarget(which: 'undo' | 'redo', asker: HistoryStepOptions): EditorChange | undefined {
    const state = this.store.getState();
    const projected = projectHistory(state.stacks, state.history, state.queuedSteps.map((entry) => entry.step));
    const owner: StepOwner = asker.by === 'agent' ? { by: 'agent', ...(asker.agent ? { agent: asker.agent } : {}) } : { by: 'studio' };
    const id = projected.stacks[which].findLast((candidate) => {
      const change = this.byId(candidate);
      return change !== undefined && ownsStep(owner, change.by, change.agent);
    });
    return id ? this.byId(id) : undefined;
  }

  /** "Undo: <name>" of the server's step an undo (or redo) acts on, when the editor made no change to name it by. */
  private serverStepName(which: 'undo' | 'redo'): string | undefined {
    const state = this.store.getState();
    const projected = projectHistory(state.stacks, state.history, state.queuedSteps.map((entry) => entry.step));
    const step = serverStep(state.steps, projected.counts, which);
    return step ? `${which === 'undo' ? 'Undo' : 'Redo'}: ${step.name}` : undefined;
  }
}
