/**
 * Undo and redo stacks per canvas, kept in the edited project (`.plantation-studio/history/`) so that they outlive
 * a reload of the studio and a restart of the server (docs/history.md). An entry names the text of every file before
 * and after the change by its hash: undo and redo write those texts back only while the disk still holds the
 * expected ones. Every step keeps its author (the person, or an agent session); an author's undo and redo take its
 * own latest step, around later steps of others that left its bytes alone (`history-steps.ts`). Each canvas keeps its last `limit` changes (`dev --history-limit`); the change that pushes the
 * oldest one out says so in its answer.
 *
 * On disk: `{canvasId}.json` per canvas (the stacks, with names and hashes; `history-entries.ts`), written whole now
 * and then, and `{canvasId}.log`, a line appended per step since (`history-log.ts`), so a step costs the same however
 * long the history; and the blobs (`history-blobs.ts`), each file text and each entry's id maps stored once, written
 * atomically. A blob no entry uses any more is removed. A canvas file that cannot be read is set aside (renamed) and
 * said once, never in the way of the server's start.
 *
 * What is stored may have been written by anyone (a cloned project carries the folder): each step's paths must name
 * source files of the project (`historyPathProblem`) and its made folders the file's own folders, each text must hash
 * to its name before it is written back, and the folder itself is reached through no link (`../project-folder.ts`);
 * with a link in it, the history of this run is kept in memory only.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ownsStep, type AgentSessionRef, type ChangeAuthor, type StepOwner } from '../../contracts/change-authors.js';
import type { HistoryItem, HistoryItemState, HistoryStatus } from '../../contracts/studio-api.js';
import { isValidCanvasId } from '../../contracts/studio-routes.js';
import { listStateFolder, stateEntry, stateFolderRefusal } from '../project-folder.js';
import {
  ABSENT_HASH,
  BLOB_FOLDER,
  blobsOf,
  type CanvasHistory,
  defaultChangeName,
  diskHash,
  type FileRevision,
  type HistoryEntry,
  HISTORY_FOLDER,
  NOT_A_FILE_HASH,
  removeUnusedBlobs,
  setAsideHistory,
  stepStates,
  type StoredCanvasHistory,
  type StoredEntry,
} from './history-entries.js';
import { latestOwned, stepRevisions, type DiskFile } from './history-steps.js';
import { HistoryBlobs } from './history-blobs.js';
import { canvasFile, canvasLog, type HistoryLogLine, HistoryLog, endRedoOfOthers, noteUndoneBy, readCanvasHistory } from './history-log.js';
import { confine, realRoot } from './safe-paths.js';
import { sha256 } from './source-text.js';
import { DEFAULT_HISTORY_LIMIT } from './history-limits.js';

export {
  answerOf,
  defaultChangeName,
  diskHash,
  type FileRevision,
  type HistoryEntry,
  HISTORY_FOLDER,
  NOT_A_FILE_HASH,
} from './history-entries.js';

export interface ChangeHistoryOptions {
  /** The edited project: the history lives in its `.plantation-studio/history/`. */
  root: string;
  limit?: number;
  /** Where what the person should know about the stored history goes (a file set aside, a save that failed). */
  warn?: (message: string) => void;
  /**
   * Why the project's `.plantation-studio/` is not used this run (a link in it), or null, as the caller found and
   * said it; looked for (and said through `warn`) when not given. Not used: the history lives in memory only.
   */
  stateFolderRefusal?: string | null;
}

/** A step an undo or redo is about to write: which one, and its files as they would be written now. */
export interface PlannedStep extends HistoryEntry {
  id: string;
}

export class ChangeHistory {
  readonly limit: number;
  /** Whether the history is read from and kept in the project (false: a link in its folder, memory only). */
  readonly persisted: boolean;
  private readonly root: string;
  private readonly warn: (message: string) => void;
  private readonly canvases = new Map<string, CanvasHistory>();
  private readonly blobs: HistoryBlobs;
  private readonly log: HistoryLog;
  /** Told the canvas after each change, undo and redo it recorded (the agent calls' events stream). */
  private readonly listeners = new Set<(canvasId: string) => void>();

  constructor({ root, limit = DEFAULT_HISTORY_LIMIT, warn = (message) => console.warn(message), ...options }: ChangeHistoryOptions) {
    this.root = realRoot(root);
    this.limit = limit;
    this.warn = warn;
    const refusal = options.stateFolderRefusal === undefined ? stateFolderRefusal(this.root) : options.stateFolderRefusal;
    if (refusal !== null && options.stateFolderRefusal === undefined) {
      warn(`The undo history is not read from the project nor kept there (${refusal}): it lasts until the studio stops`);
    }
    this.persisted = refusal === null;
    this.blobs = new HistoryBlobs(this.root, this.persisted);
    this.log = new HistoryLog(this.root);
    if (this.persisted) this.load();
  }

  private of(canvasId: string): CanvasHistory {
    let history = this.canvases.get(canvasId);
    if (!history) {
      history = { done: [], undone: [], toldFull: false };
      this.canvases.set(canvasId, history);
    }
    return history;
  }

  private absolute(relative: string): string {
    return path.join(this.root, ...relative.split('/'));
  }

  /** The hash of a step's file on disk, read only inside the root (a link out of it counts as not the file). */
  private hashOnDisk(relative: string): string {
    const absolute = this.absolute(relative);
    try {
      confine(this.root, absolute, relative);
    } catch {
      return NOT_A_FILE_HASH;
    }
    return diskHash(absolute);
  }

  /** A step's file on disk: its hash, and its text when it is UTF-8 the history could have written. */
  private fileOnDisk(relative: string): DiskFile {
    const hash = this.hashOnDisk(relative);
    if (hash === ABSENT_HASH || hash === NOT_A_FILE_HASH) return { hash, text: null };
    try {
      const text = fs.readFileSync(this.absolute(relative), 'utf8');
      return { hash, text: sha256(text) === hash ? text : null };
    } catch {
      return { hash, text: null };
    }
  }

  /**
   * Writes the texts a change's step will name (its files before and after) ahead of its record, once the change is
   * known to be writable, so that they are flushed while the change itself is written; answers the copies it wrote.
   * Only into a history folder that exists: a change that fails then takes them back (`dropTexts`), and leaves no
   * folder behind. Why it is safe: a text is stored under its own hash, and is named by no step until it is recorded.
   */
  async storeTexts(files: readonly FileRevision[]): Promise<string[]> {
    if (!this.persisted || !isFolder(() => stateEntry(this.root, BLOB_FOLDER))) return [];
    const texts = new Map<string, string>();
    for (const file of files) {
      if (file.before !== null) texts.set(file.beforeHash, file.before);
      if (file.after !== null) texts.set(file.afterHash, file.after);
    }
    return this.blobs.write(texts);
  }

  /** Removes the copies `storeTexts` wrote for a change that was not written after all (unless a step uses them). */
  dropTexts(hashes: readonly string[]): void {
    this.blobs.drop(hashes);
  }

  /**
   * Records a written change under its name (or one from its kind). When it pushes the oldest change out of a full
   * history, `notice` says so (once, until the history has been below its limit again); so it does when the history
   * could not be saved in the project.
   */
  async record(
    canvasId: string,
    entry: HistoryEntry,
    name?: string,
    by: ChangeAuthor = 'studio',
    agent?: AgentSessionRef,
  ): Promise<{ item: HistoryItem; notice: string | null }> {
    const texts = new Map<string, string>();
    const stored: StoredEntry = {
      id: randomUUID(),
      name: name ?? defaultChangeName(entry.kind),
      kind: entry.kind,
      at: new Date().toISOString(),
      files: entry.files.map((file) => {
        if (file.before !== null) texts.set(file.beforeHash, file.before);
        if (file.after !== null) texts.set(file.afterHash, file.after);
        return {
          path: file.relative,
          beforeHash: file.beforeHash,
          afterHash: file.afterHash,
          createdFolders: file.createdFolders.map((folder) => path.relative(this.root, folder).split(path.sep).join('/')),
        };
      }),
      ids: null,
      by,
      ...(by === 'agent' && agent ? { agent } : {}),
    };
    if (Object.keys(entry.prevIdToNewIdMap).length > 0 || entry.addedIds.length > 0) {
      const ids = JSON.stringify({ prevIdToNewIdMap: entry.prevIdToNewIdMap, addedIds: entry.addedIds });
      stored.ids = sha256(ids);
      texts.set(stored.ids, ids);
    }
    const history = this.of(canvasId);
    // Why only the author's own: a new change ends its author's redo, not the redo of whoever else works alongside.
    const owner: StepOwner = by === 'agent' ? { by, ...(agent ? { agent } : {}) } : { by };
    const dropped = history.undone.filter((step) => ownsStep(owner, step.by, step.agent));
    history.done.push(stored);
    history.undone = history.undone.filter((step) => !dropped.includes(step));
    endRedoOfOthers(history.undone, by, agent);
    this.blobs.reference(stored, 1);
    const written = this.noteWritten(history, entry.files.map((file) => [file.relative, file.afterHash]));
    let notice: string | null = null;
    const over = Math.max(0, history.done.length - this.limit);
    if (over > 0) {
      dropped.push(...history.done.splice(0, over));
      if (!history.toldFull) {
        history.toldFull = true;
        notice =
          `Undo history is full: this canvas keeps its last ${this.limit} changes, so the oldest can no longer be undone ` +
          '(start the studio with dev --history-limit <n> to keep more)';
      }
    }
    const step = { op: 'push' as const, entry: stored, drop: dropped.map((entry) => entry.id) };
    const saveProblem = await this.save(canvasId, texts, dropped, { step, written, toldFull: history.toldFull });
    if (saveProblem) notice = notice ? `${notice}. ${saveProblem}` : saveProblem;
    this.changed(canvasId);
    // The files were written in this turn of the engine: their hashes are the ones just written, not read again.
    const justWritten = new Map(entry.files.map((file) => [file.relative, file.afterHash]));
    const state = stepStates([stored], 'undo', (relative) => justWritten.get(relative) ?? this.hashOnDisk(relative))[0]!;
    return { item: this.itemOf(stored, state), notice };
  }

  /** The canvas's stacks with their items and whether each step could be applied now (read only). */
  status(canvasId: string): HistoryStatus {
    const history = this.canvases.get(canvasId);
    if (!history) return { undoCount: 0, redoCount: 0, done: [], undone: [] };
    const hashes = new Map<string, string>();
    const diskHash = (relative: string) => {
      let hash = hashes.get(relative);
      if (hash === undefined) hashes.set(relative, (hash = this.hashOnDisk(relative)));
      return hash;
    };
    const newestFirst = [...history.done].reverse();
    const doneStates = stepStates(newestFirst, 'undo', diskHash, history.written);
    const nextFirst = [...history.undone].reverse();
    const undoneStates = stepStates(nextFirst, 'redo', diskHash, history.written);
    return {
      undoCount: history.done.length,
      redoCount: history.undone.length,
      done: newestFirst.map((entry, i) => this.itemOf(entry, doneStates[i]!)).reverse(),
      undone: nextFirst.map((entry, i) => this.itemOf(entry, undoneStates[i]!)),
    };
  }

  /** The change undo would take back, with its texts; undefined when there is none. */
  peekUndo(canvasId: string): HistoryEntry | undefined {
    const entry = this.canvases.get(canvasId)?.done.at(-1);
    return entry && this.withTexts(entry);
  }

  peekRedo(canvasId: string): HistoryEntry | undefined {
    const entry = this.canvases.get(canvasId)?.undone.at(-1);
    return entry && this.withTexts(entry);
  }

  /**
   * The step an undo (or redo) of `owner` takes now: its latest done (or undone) step, with each file as it would be
   * written, made around later steps of others when they left its part alone (`history-steps.ts`), else refused
   * with `STEP_OVERLAPPED`; without an owner, the top of the stack. `stepId` chooses the step instead (the Changes
   * panel's undo of any step, whoever made it), under the same rule. Undefined when there is no such step.
   */
  planStep(canvasId: string, direction: 'undo' | 'redo', owner?: StepOwner, stepId?: string): PlannedStep | undefined {
    const history = this.canvases.get(canvasId);
    if (!history) return undefined;
    const stack = direction === 'undo' ? history.done : history.undone;
    const at = stepId === undefined ? latestOwned(stack, owner) : stack.findIndex((entry) => entry.id === stepId);
    const stored = stack[at];
    if (!stored) return undefined;
    const entry = this.withTexts(stored);
    const later = direction === 'undo' ? history.done.slice(at + 1) : history.done;
    const files = stepRevisions({ direction, entry, name: stored.name, later, written: history.written ?? {}, disk: (relative) => this.fileOnDisk(relative) });
    return { ...entry, files, id: stored.id };
  }

  /** Moves the last done entry, or the planned one, to the redo stack once written back; answers its item as it is now. */
  async markUndone(canvasId: string, step?: PlannedStep, by?: StepOwner): Promise<HistoryItem | undefined> {
    return this.markStep(canvasId, 'undo', step, by);
  }

  async markRedone(canvasId: string, step?: PlannedStep): Promise<HistoryItem | undefined> {
    return this.markStep(canvasId, 'redo', step);
  }

  private async markStep(canvasId: string, direction: 'undo' | 'redo', step: PlannedStep | undefined, by?: StepOwner): Promise<HistoryItem | undefined> {
    const history = this.of(canvasId);
    const [from, to] = direction === 'undo' ? [history.done, history.undone] : [history.undone, history.done];
    const at = step ? from.findIndex((entry) => entry.id === step.id) : from.length - 1;
    const entry = from[at];
    if (!entry) return undefined;
    from.splice(at, 1);
    to.push(entry);
    noteUndoneBy(entry, direction === 'undo' ? by : undefined);
    if (history.done.length < this.limit) history.toldFull = false;
    const files = step?.files.map((file) => ({ path: file.relative, beforeHash: file.beforeHash, afterHash: file.afterHash })) ?? entry.files;
    const written = this.noteWritten(history, files.map((file) => [file.path, direction === 'undo' ? file.beforeHash : file.afterHash]));
    const moved = { op: 'move' as const, id: entry.id, to: direction === 'undo' ? ('undone' as const) : ('done' as const), ...(entry.undoneBy ? { by: entry.undoneBy } : {}) };
    const problem = await this.save(canvasId, new Map(), [], { step: moved, written, toldFull: history.toldFull });
    if (problem) this.warn(problem);
    this.changed(canvasId);
    return this.itemOf(entry, stepStates([entry], direction === 'undo' ? 'redo' : 'undo', (relative) => this.hashOnDisk(relative), history.written)[0]!);
  }

  /** Keeps the hash of what the history wrote to each file: the proof that no hand changed it since. Answers those. */
  private noteWritten(history: CanvasHistory, files: Array<[string, string]>): Record<string, string> {
    const written: Record<string, string> = Object.fromEntries(files);
    history.written = Object.assign(history.written ?? {}, written);
    return written;
  }

  /** Calls `listener` with the canvas after every change, undo and redo recorded; answers how to stop. */
  onChange(listener: (canvasId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(canvasId: string): void {
    for (const listener of this.listeners) listener(canvasId);
  }

  private itemOf(entry: StoredEntry, state: HistoryItemState): HistoryItem {
    const files = entry.files.map((file) => file.path);
    const item: HistoryItem = { id: entry.id, name: entry.name, kind: entry.kind, at: entry.at, files, state, by: entry.by ?? 'studio' };
    if (entry.agent) item.agent = entry.agent;
    if (entry.undoneBy) item.undoneBy = entry.undoneBy;
    return item;
  }

  private withTexts(entry: StoredEntry): HistoryEntry {
    const ids = this.blobs.idChangesOf(entry);
    return {
      kind: entry.kind,
      prevIdToNewIdMap: ids.prevIdToNewIdMap,
      addedIds: ids.addedIds,
      files: entry.files.map((file) => ({
        absolute: this.absolute(file.path),
        relative: file.path,
        before: file.beforeHash === ABSENT_HASH ? null : this.blobs.text(file.beforeHash),
        after: file.afterHash === ABSENT_HASH ? null : this.blobs.text(file.afterHash),
        beforeHash: file.beforeHash,
        afterHash: file.afterHash,
        createdFolders: file.createdFolders.map((folder) => this.absolute(folder)),
      })),
    };
  }

  /**
   * Writes the new blobs, then the step (a line of the canvas's log, `history-log.ts`), then removes the blobs the
   * dropped entries alone used: a crash in between leaves blobs nobody uses (removed at the next start), never an
   * entry without its texts. Answers why the history could not be saved, or null.
   */
  private async save(canvasId: string, texts: Map<string, string>, dropped: StoredEntry[], line: HistoryLogLine): Promise<string | null> {
    if (!this.persisted) {
      this.blobs.keep(texts);
      this.blobs.release(dropped, false);
      return null;
    }
    try {
      await this.blobs.write(texts);
      await this.log.save(canvasId, this.of(canvasId), line);
    } catch (error) {
      this.blobs.keep(texts);
      this.blobs.release(dropped, false);
      return `The undo history could not be saved in the project (${(error as Error).message}): it lasts until the studio stops`;
    }
    this.blobs.release(dropped, true);
    return null;
  }

  /** Reads every canvas's stored history; sets aside what cannot be used and removes blobs nothing uses. */
  private load(): void {
    let entries: fs.Dirent[];
    try {
      entries = listStateFolder(this.root, HISTORY_FOLDER);
    } catch {
      return;
    }
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
      const canvasId = entry.name.slice(0, -'.json'.length);
      if (!isValidCanvasId(canvasId)) continue;
      let problem: string;
      try {
        const stored = readCanvasHistory(this.root, canvasId);
        if (typeof stored !== 'string') {
          this.adopt(canvasId, stored);
          continue;
        }
        problem = stored;
      } catch (error) {
        problem = `it cannot be read (${(error as Error).message})`;
      }
      setAsideHistory(this.root, canvasFile(canvasId), problem, this.warn, [canvasLog(canvasId)]);
    }
    removeUnusedBlobs(this.root, this.blobs.references);
  }

  /** Takes a stored history in, dropping what has lost its blobs (and what cannot be reached past it). */
  private adopt(canvasId: string, stored: StoredCanvasHistory): void {
    const hasBlobs = (entry: StoredEntry) => blobsOf(entry).every((hash) => this.blobs.has(hash));
    const reachable = (stack: StoredEntry[]) => {
      const broken = stack.findLastIndex((entry) => !hasBlobs(entry));
      return broken < 0 ? stack : stack.slice(broken + 1);
    };
    const done = reachable(stored.done).slice(-this.limit);
    const undone = reachable(stored.undone).slice(-Math.max(0, this.limit - done.length));
    const lost = stored.done.length + stored.undone.length - done.length - undone.length;
    if (lost > 0) {
      this.warn(`The undo history of canvas ${canvasId} starts later than it was saved: ${lost} older step(s) were beyond the limit of ${this.limit} or lost their saved copies`);
    }
    const history: CanvasHistory = { done, undone, toldFull: stored.toldFull, ...(stored.written ? { written: stored.written } : {}) };
    this.canvases.set(canvasId, history);
    for (const entry of [...done, ...undone]) this.blobs.reference(entry, 1);
  }
}

/** Whether the entry `stat` gives is a folder (false when it is missing, or a level above it is not a folder). */
function isFolder(stat: () => fs.Stats | undefined): boolean {
  try {
    return stat()?.isDirectory() === true;
  } catch {
    return false;
  }
}
