/**
 * Undo and redo stacks per canvas, kept in the edited project (`.plantation-studio/history/`) so that they outlive
 * a reload of the studio and a restart of the server (docs/history.md). An entry names the text of every file before
 * and after the change by its hash: undo and redo write those texts back only while the disk still holds the
 * expected ones. Each canvas keeps its last `limit` changes (`dev --history-limit`); the change that pushes the
 * oldest one out says so in its answer.
 *
 * On disk: `{canvasId}.json` per canvas (the stacks, with names and hashes) and `blobs/{sha256}`, each file text and
 * each entry's id maps stored once under the hash of its content, however many entries use it. Both are written
 * atomically; a blob no entry uses any more is removed. A canvas file that cannot be read is set aside (renamed) and
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
import type { MutationAnswer } from '../../contracts/change-kinds.js';
import { appError } from '../../contracts/errors.js';
import { CHANGE_AUTHORS, type ChangeAuthor } from '../../contracts/change-authors.js';
import type { HistoryItem, HistoryItemState, HistoryStatus } from '../../contracts/studio-api.js';
import { isValidCanvasId } from '../../contracts/studio-routes.js';
import { listStateFolder, readStateFile, removeStateFile, renameStateFile, stateEntry, stateFolderRefusal, writeStateFile } from '../project-folder.js';
import { confine, historyPathProblem, realRoot } from './safe-paths.js';
import { sha256 } from './source-text.js';

/** Hash recorded for "the file does not exist". */
const ABSENT_HASH = '';
/** What a path that is not a file (a folder, a link out of the root) hashes to: no step expects it. */
export const NOT_A_FILE_HASH = 'not-a-file';

export interface FileRevision {
  absolute: string;
  relative: string;
  /** null: the file did not exist. */
  before: string | null;
  after: string | null;
  beforeHash: string;
  afterHash: string;
  /** Folders that writing `after` over a missing file created (deepest first): undoing it removes them when empty. */
  createdFolders: string[];
}

export interface HistoryEntry {
  kind: string;
  files: FileRevision[];
  prevIdToNewIdMap: Record<string, string>;
  addedIds: string[];
}

/** A file of an entry as the history keeps it: its texts are blobs named by their hashes. */
interface StoredFile {
  path: string;
  beforeHash: string;
  afterHash: string;
  /** Root-relative, deepest first. */
  createdFolders: string[];
}

interface StoredEntry {
  id: string;
  name: string;
  kind: string;
  at: string;
  files: StoredFile[];
  /** The blob of `{ prevIdToNewIdMap, addedIds }`, or null when both are empty. */
  ids: string | null;
  /** Who made it; absent in entries kept before agents could make changes: the studio. */
  by?: ChangeAuthor;
}

interface CanvasHistory {
  done: StoredEntry[];
  /** The redo stack: its last entry is the next redo. */
  undone: StoredEntry[];
  /** The person was told that the history is full (told again once it has been below the limit). */
  toldFull: boolean;
}

interface StoredCanvasHistory extends CanvasHistory {
  version: 1;
  canvasId: string;
}

/** How many changes each canvas remembers by default; older ones drop off the bottom. */
export const DEFAULT_HISTORY_LIMIT = 500;
export const MAX_HISTORY_LIMIT = 100_000;

/** Where, inside the edited project, each canvas's history is kept (`{canvasId}.json`, and the blobs). */
export const HISTORY_FOLDER = '.plantation-studio/history';
const BLOB_FOLDER = `${HISTORY_FOLDER}/blobs`;
const BLOB_NAME = /^[0-9a-f]{64}$/;

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

/** `moveJsxElement` → `Move element`: the name of a change whose request named none. */
export function defaultChangeName(kind: string): string {
  const words = kind
    .replace(/Jsx/g, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** SHA-256 of the file's bytes, the absent hash, or `NOT_A_FILE_HASH` for a folder. */
export function diskHash(absolute: string): string {
  try {
    return sha256(fs.readFileSync(absolute));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return ABSENT_HASH;
    if (code === 'EISDIR') return NOT_A_FILE_HASH;
    throw error;
  }
}

/**
 * Whether each entry's step could be applied now, in the order the steps would be taken (newest done first for
 * undo; the next redo first for redo): each one is compared with the disk as the steps before it would leave it.
 */
export function stepStates(entries: readonly StoredEntry[], direction: 'undo' | 'redo', diskHash: (relative: string) => string): HistoryItemState[] {
  const virtual = new Map<string, string>();
  return entries.map((entry) => {
    let state: HistoryItemState = 'ready';
    for (const file of entry.files) {
      const expected = direction === 'undo' ? file.afterHash : file.beforeHash;
      const now = virtual.get(file.path) ?? diskHash(file.path);
      if (now !== expected) {
        if (expected !== ABSENT_HASH && now === ABSENT_HASH) state = 'missing';
        else if (state === 'ready') state = 'changed-on-disk';
      }
      // Why the step's result whatever the state: an older step is judged on what it expects, not on a later conflict.
      virtual.set(file.path, direction === 'undo' ? file.beforeHash : file.afterHash);
    }
    return state;
  });
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** Why a stored file of a step cannot be used, or null: its path a source file, its folders that file's own. */
function storedFileProblem(value: unknown): string | null {
  const file = value as StoredFile;
  if (typeof file !== 'object' || file === null || typeof file.path !== 'string') return 'a file of it is not one';
  const shown = JSON.stringify(file.path.slice(0, 200));
  const pathProblem = historyPathProblem(file.path);
  if (pathProblem) return `its path ${shown} is refused: ${pathProblem}`;
  if (![file.beforeHash, file.afterHash].every((hash) => hash === ABSENT_HASH || (typeof hash === 'string' && BLOB_NAME.test(hash)))) {
    return `the hashes of ${shown} are not hashes`;
  }
  // Why only the file's own folders: undo removes them (while empty), and nothing else may be removed on its word.
  if (!isStringArray(file.createdFolders) || !file.createdFolders.every((folder) => folder.length > 0 && file.path.startsWith(`${folder}/`))) {
    return `the folders made for ${shown} are not folders of it`;
  }
  return null;
}

/** Why a stored entry cannot be used, or null. */
function storedEntryProblem(value: unknown): string | null {
  const entry = value as StoredEntry;
  const isEntry =
    typeof entry === 'object' && entry !== null && typeof entry.id === 'string' && typeof entry.name === 'string' &&
    typeof entry.kind === 'string' && typeof entry.at === 'string' && !Number.isNaN(Date.parse(entry.at)) &&
    Array.isArray(entry.files) && entry.files.length > 0 &&
    (entry.ids === null || (typeof entry.ids === 'string' && BLOB_NAME.test(entry.ids))) &&
    (entry.by === undefined || CHANGE_AUTHORS.includes(entry.by));
  if (!isEntry) return 'an entry of it is not a history entry';
  for (const file of entry.files) {
    const problem = storedFileProblem(file);
    if (problem) return `a step of it cannot be used (${problem})`;
  }
  return null;
}

/** A step's id changes as the engine answers them. */
function isIdChanges(value: unknown): value is Pick<HistoryEntry, 'prevIdToNewIdMap' | 'addedIds'> {
  const ids = value as Pick<HistoryEntry, 'prevIdToNewIdMap' | 'addedIds'>;
  return (
    typeof ids === 'object' && ids !== null && typeof ids.prevIdToNewIdMap === 'object' && ids.prevIdToNewIdMap !== null &&
    !Array.isArray(ids.prevIdToNewIdMap) && Object.values(ids.prevIdToNewIdMap).every((id) => typeof id === 'string') && isStringArray(ids.addedIds)
  );
}

/** The stored history of a canvas, or why it cannot be used. */
function parseStored(text: string, canvasId: string): StoredCanvasHistory | string {
  let json: StoredCanvasHistory;
  try {
    json = JSON.parse(text) as StoredCanvasHistory;
  } catch (error) {
    return `it is not valid JSON (${(error as Error).message})`;
  }
  if (typeof json !== 'object' || json === null || json.version !== 1) return 'it is not a history of version 1';
  if (json.canvasId !== canvasId) return `it is the history of canvas "${String(json.canvasId)}", not of "${canvasId}"`;
  if (!Array.isArray(json.done) || !Array.isArray(json.undone)) return 'an entry of it is not a history entry';
  for (const entry of [...json.done, ...json.undone]) {
    const problem = storedEntryProblem(entry);
    if (problem) return problem;
  }
  return { version: 1, canvasId, done: json.done, undone: json.undone, toldFull: json.toldFull === true };
}

function blobsOf(entry: StoredEntry): string[] {
  const hashes = entry.files.flatMap((file) => [file.beforeHash, file.afterHash]).filter((hash) => hash !== ABSENT_HASH);
  return entry.ids ? [...hashes, entry.ids] : hashes;
}

export class ChangeHistory {
  readonly limit: number;
  /** Whether the history is read from and kept in the project (false: a link in its folder, memory only). */
  readonly persisted: boolean;
  private readonly root: string;
  private readonly warn: (message: string) => void;
  private readonly canvases = new Map<string, CanvasHistory>();
  /** How many entries of all canvases use each blob: one no entry uses is removed. */
  private readonly references = new Map<string, number>();
  /** Blobs not (yet) on disk because their write failed: kept here so undo still works in this run. */
  private readonly unsaved = new Map<string, string>();
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

  private hasBlob(hash: string): boolean {
    try {
      return stateEntry(this.root, `${BLOB_FOLDER}/${hash}`)?.isFile() === true;
    } catch {
      return false;
    }
  }

  /**
   * Records a written change under its name (or one from its kind). When it pushes the oldest change out of a full
   * history, `notice` says so (once, until the history has been below its limit again); so it does when the history
   * could not be saved in the project.
   */
  async record(canvasId: string, entry: HistoryEntry, name?: string, by: ChangeAuthor = 'studio'): Promise<{ item: HistoryItem; notice: string | null }> {
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
    };
    if (Object.keys(entry.prevIdToNewIdMap).length > 0 || entry.addedIds.length > 0) {
      const ids = JSON.stringify({ prevIdToNewIdMap: entry.prevIdToNewIdMap, addedIds: entry.addedIds });
      stored.ids = sha256(ids);
      texts.set(stored.ids, ids);
    }
    const history = this.of(canvasId);
    const dropped = [...history.undone];
    history.done.push(stored);
    history.undone = [];
    this.reference(stored, 1);
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
    const saveProblem = await this.save(canvasId, texts, dropped);
    if (saveProblem) notice = notice ? `${notice}. ${saveProblem}` : saveProblem;
    this.changed(canvasId);
    return { item: this.itemOf(stored, stepStates([stored], 'undo', (relative) => this.hashOnDisk(relative))[0]!), notice };
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
    const doneStates = stepStates(newestFirst, 'undo', diskHash);
    const nextFirst = [...history.undone].reverse();
    const undoneStates = stepStates(nextFirst, 'redo', diskHash);
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

  /** Moves the last done entry to the redo stack (after it was written back); answers its item as it is now. */
  async markUndone(canvasId: string): Promise<HistoryItem | undefined> {
    const history = this.of(canvasId);
    const entry = history.done.pop();
    if (!entry) return undefined;
    history.undone.push(entry);
    if (history.done.length < this.limit) history.toldFull = false;
    const problem = await this.save(canvasId, new Map(), []);
    if (problem) this.warn(problem);
    this.changed(canvasId);
    return this.itemOf(entry, stepStates([entry], 'redo', (relative) => this.hashOnDisk(relative))[0]!);
  }

  async markRedone(canvasId: string): Promise<HistoryItem | undefined> {
    const history = this.of(canvasId);
    const entry = history.undone.pop();
    if (!entry) return undefined;
    history.done.push(entry);
    const problem = await this.save(canvasId, new Map(), []);
    if (problem) this.warn(problem);
    this.changed(canvasId);
    return this.itemOf(entry, stepStates([entry], 'undo', (relative) => this.hashOnDisk(relative))[0]!);
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
    return { id: entry.id, name: entry.name, kind: entry.kind, at: entry.at, files, state, by: entry.by ?? 'studio' };
  }

  private reference(entry: StoredEntry, delta: 1 | -1): string[] {
    const unused: string[] = [];
    for (const hash of blobsOf(entry)) {
      const count = (this.references.get(hash) ?? 0) + delta;
      if (count > 0) this.references.set(hash, count);
      else {
        this.references.delete(hash);
        unused.push(hash);
      }
    }
    return unused;
  }

  private blob(hash: string): string {
    const kept = this.unsaved.get(hash);
    if (kept !== undefined) return kept;
    const relative = `${BLOB_FOLDER}/${hash}`;
    let bytes: Buffer | null;
    try {
      bytes = this.persisted ? readStateFile(this.root, relative) : null;
    } catch (error) {
      throw appError('SOURCE_CONFLICT', `the history's copy ${relative} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); nothing was written`);
    }
    if (bytes === null) throw appError('SOURCE_CONFLICT', `the history's copy ${relative} is gone; nothing was written`);
    // Why the bytes: only a copy that is exactly the text the step names is ever written back.
    if (sha256(bytes) !== hash) throw appError('SOURCE_CONFLICT', `the history's copy ${relative} was changed on disk; nothing was written`);
    return bytes.toString('utf8');
  }

  private idChangesOf(entry: StoredEntry): Pick<HistoryEntry, 'prevIdToNewIdMap' | 'addedIds'> {
    if (!entry.ids) return { prevIdToNewIdMap: {}, addedIds: [] };
    const text = this.blob(entry.ids);
    let ids: unknown;
    try {
      ids = JSON.parse(text);
    } catch {
      ids = undefined;
    }
    if (!isIdChanges(ids)) throw appError('SOURCE_CONFLICT', `the history's copy ${BLOB_FOLDER}/${entry.ids} is not the id changes of a step; nothing was written`);
    return ids;
  }

  private withTexts(entry: StoredEntry): HistoryEntry {
    const ids = this.idChangesOf(entry);
    return {
      kind: entry.kind,
      prevIdToNewIdMap: ids.prevIdToNewIdMap,
      addedIds: ids.addedIds,
      files: entry.files.map((file) => ({
        absolute: this.absolute(file.path),
        relative: file.path,
        before: file.beforeHash === ABSENT_HASH ? null : this.blob(file.beforeHash),
        after: file.afterHash === ABSENT_HASH ? null : this.blob(file.afterHash),
        beforeHash: file.beforeHash,
        afterHash: file.afterHash,
        createdFolders: file.createdFolders.map((folder) => this.absolute(folder)),
      })),
    };
  }

  /**
   * Writes the new blobs, then the canvas's stacks, then removes the blobs the dropped entries alone used: a crash
   * in between leaves blobs nobody uses (removed at the next start), never an entry without its texts. Answers why
   * the history could not be saved, or null.
   */
  private async save(canvasId: string, texts: Map<string, string>, dropped: StoredEntry[]): Promise<string | null> {
    if (!this.persisted) {
      for (const [hash, text] of texts) this.unsaved.set(hash, text);
      for (const entry of dropped) this.reference(entry, -1).forEach((hash) => this.unsaved.delete(hash));
      return null;
    }
    const history = this.of(canvasId);
    try {
      for (const [hash, text] of texts) {
        if (!this.unsaved.has(hash) && this.hasBlob(hash)) continue;
        this.unsaved.set(hash, text);
        await writeStateFile(this.root, `${BLOB_FOLDER}/${hash}`, text);
        this.unsaved.delete(hash);
      }
      const stored: StoredCanvasHistory = { version: 1, canvasId, ...history };
      await writeStateFile(this.root, `${HISTORY_FOLDER}/${canvasId}.json`, JSON.stringify(stored));
    } catch (error) {
      for (const [hash, text] of texts) if (!this.hasBlob(hash)) this.unsaved.set(hash, text);
      for (const entry of dropped) this.reference(entry, -1).forEach((hash) => this.unsaved.delete(hash));
      return `The undo history could not be saved in the project (${(error as Error).message}): it lasts until the studio stops`;
    }
    for (const entry of dropped) {
      for (const hash of this.reference(entry, -1)) {
        this.unsaved.delete(hash);
        try {
          removeStateFile(this.root, `${BLOB_FOLDER}/${hash}`);
        } catch {
          // A blob that is not a file of the folder (a link planted since) is not the history's to remove.
        }
      }
    }
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
      const relative = `${HISTORY_FOLDER}/${entry.name}`;
      let problem: string;
      try {
        const stored = parseStored(readStateFile(this.root, relative)?.toString('utf8') ?? '', canvasId);
        if (typeof stored !== 'string') {
          this.adopt(canvasId, stored);
          continue;
        }
        problem = stored;
      } catch (error) {
        problem = `it cannot be read (${(error as Error).message})`;
      }
      this.setAside(relative, problem);
    }
    this.removeUnusedBlobs();
  }

  /** Takes a stored history in, dropping what has lost its blobs (and what cannot be reached past it). */
  private adopt(canvasId: string, stored: StoredCanvasHistory): void {
    const hasBlobs = (entry: StoredEntry) => blobsOf(entry).every((hash) => this.hasBlob(hash));
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
    const history: CanvasHistory = { done, undone, toldFull: stored.toldFull };
    this.canvases.set(canvasId, history);
    for (const entry of [...done, ...undone]) this.reference(entry, 1);
  }

  private setAside(relative: string, problem: string): void {
    const aside = `${relative}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    try {
      renameStateFile(this.root, relative, aside);
      this.warn(`The undo history ${relative} was set aside as ${path.posix.basename(aside)}: ${problem}. The canvas starts with an empty history.`);
    } catch (error) {
      this.warn(`The undo history ${relative} is not used: ${problem} (and it could not be set aside: ${(error as Error).message}).`);
    }
  }

  private removeUnusedBlobs(): void {
    let entries: fs.Dirent[];
    try {
      entries = listStateFolder(this.root, BLOB_FOLDER);
    } catch {
      return;
    }
    for (const entry of entries) {
      if (!entry.isFile() || (BLOB_NAME.test(entry.name) && this.references.has(entry.name))) continue;
      try {
        removeStateFile(this.root, `${BLOB_FOLDER}/${entry.name}`);
      } catch {
        // Gone meanwhile: nothing to remove.
      }
    }
  }
}

export function answerOf(entry: HistoryEntry, direction: 'forward' | 'backward'): MutationAnswer {
  if (direction === 'forward') {
    return {
      changedFiles: entry.files.map((f) => ({ path: f.relative, beforeHash: f.beforeHash, afterHash: f.afterHash })),
      prevIdToNewIdMap: entry.prevIdToNewIdMap,
      addedIds: entry.addedIds,
    };
  }
  return {
    changedFiles: entry.files.map((f) => ({ path: f.relative, beforeHash: f.afterHash, afterHash: f.beforeHash })),
    prevIdToNewIdMap: Object.fromEntries(Object.entries(entry.prevIdToNewIdMap).map(([from, to]) => [to, from])),
    addedIds: [],
  };
}
