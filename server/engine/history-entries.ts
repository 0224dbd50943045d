/**
 * The history's entries as they are kept and read back (`change-history.ts` keeps the stacks): their shapes on disk,
 * the checks a stored history must pass before anything in it is used (it may have been written by anyone: a cloned
 * project carries the folder), whether each step could be applied now, and the answer a step gives.
 */
import fs from 'node:fs';
import path from 'node:path';
import { agentSessionProblem, CHANGE_AUTHORS, stepOwnerProblem, type AgentSessionRef, type ChangeAuthor, type StepOwner } from '../../contracts/change-authors.js';
import type { MutationAnswer } from '../../contracts/change-kinds.js';
import type { HistoryItemState } from '../../contracts/studio-api.js';
import { listStateFolder, removeStateFile, renameStateFile, stateEntry } from '../project-folder.js';
import { historyPathProblem } from './safe-paths.js';
import { sha256 } from './source-text.js';

/** Hash recorded for "the file does not exist". */
export const ABSENT_HASH = '';
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
export interface StoredFile {
  path: string;
  beforeHash: string;
  afterHash: string;
  /** Root-relative, deepest first. */
  createdFolders: string[];
}

export interface StoredEntry {
  id: string;
  name: string;
  kind: string;
  at: string;
  files: StoredFile[];
  /** The blob of `{ prevIdToNewIdMap, addedIds }`, or null when both are empty. */
  ids: string | null;
  /** Who made it; absent in entries kept before agents could make changes: the studio. */
  by?: ChangeAuthor;
  /** The agent session that made it, when the agent named one. */
  agent?: AgentSessionRef;
  /**
   * Who undid it, while it is undone (absent: its author, or a history kept before this was): that one's redo takes
   * it too, so the person's redo makes again an agent's step the person undid (it stays the agent's step).
   */
  undoneBy?: StepOwner;
}

export interface CanvasHistory {
  done: StoredEntry[];
  /** The redo stack: its last entry is the next redo. */
  undone: StoredEntry[];
  /** The person was told that the history is full (told again once it has been below the limit). */
  toldFull: boolean;
  /**
   * The hash of the text the history last wrote to each file (a change, an undo, a redo): a file that still has it
   * was changed since a step only by later steps of the history, never by hand, so a step of one author may be taken
   * back around a later one of another that left its bytes alone (`history-steps.ts`).
   */
  written?: Record<string, string>;
}

export interface StoredCanvasHistory extends CanvasHistory {
  version: 1;
  canvasId: string;
  /** The name of the log whose lines continue this file (`history-log.ts`); absent: none does. */
  log?: string;
}

/** Where, inside the edited project, each canvas's history is kept (`{canvasId}.json`, and the blobs). */
export const HISTORY_FOLDER = '.plantation-studio/history';
export const BLOB_FOLDER = `${HISTORY_FOLDER}/blobs`;
export const BLOB_NAME = /^[0-9a-f]{64}$/;

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
export function stepStates(
  entries: readonly StoredEntry[],
  direction: 'undo' | 'redo',
  diskHash: (relative: string) => string,
  written: Readonly<Record<string, string>> = {},
): HistoryItemState[] {
  const virtual = new Map<string, string>();
  return entries.map((entry) => {
    let state: HistoryItemState = 'ready';
    for (const file of entry.files) {
      const expected = direction === 'undo' ? file.afterHash : file.beforeHash;
      const now = virtual.get(file.path) ?? diskHash(file.path);
      // Why the history's own last write counts: a step taken out of the middle left bytes no stacked step expects,
      // yet no hand changed them; whether a step can be made around them is the undo's to say (STEP_OVERLAPPED).
      const writtenByHistory = written[file.path] !== undefined && written[file.path] !== ABSENT_HASH && diskHash(file.path) === written[file.path];
      if (now !== expected && !writtenByHistory) {
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
export function storedEntryProblem(value: unknown): string | null {
  const entry = value as StoredEntry;
  const isEntry =
    typeof entry === 'object' && entry !== null && typeof entry.id === 'string' && typeof entry.name === 'string' &&
    typeof entry.kind === 'string' && typeof entry.at === 'string' && !Number.isNaN(Date.parse(entry.at)) &&
    Array.isArray(entry.files) && entry.files.length > 0 &&
    (entry.ids === null || (typeof entry.ids === 'string' && BLOB_NAME.test(entry.ids))) &&
    (entry.by === undefined || CHANGE_AUTHORS.includes(entry.by)) &&
    (entry.agent === undefined || agentSessionProblem(entry.agent) === null) &&
    (entry.undoneBy === undefined || stepOwnerProblem(entry.undoneBy) === null);
  if (!isEntry) return 'an entry of it is not a history entry';
  for (const file of entry.files) {
    const problem = storedFileProblem(file);
    if (problem) return `a step of it cannot be used (${problem})`;
  }
  return null;
}

/** A step's id changes as the engine answers them. */
export function isIdChanges(value: unknown): value is Pick<HistoryEntry, 'prevIdToNewIdMap' | 'addedIds'> {
  const ids = value as Pick<HistoryEntry, 'prevIdToNewIdMap' | 'addedIds'>;
  return (
    typeof ids === 'object' && ids !== null && typeof ids.prevIdToNewIdMap === 'object' && ids.prevIdToNewIdMap !== null &&
    !Array.isArray(ids.prevIdToNewIdMap) && Object.values(ids.prevIdToNewIdMap).every((id) => typeof id === 'string') && isStringArray(ids.addedIds)
  );
}

/** Hashes the history wrote, by path; one that is not is dropped (it only ever allows less). */
export function isWrittenHashes(value: unknown): value is Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([relative, hash]) => historyPathProblem(relative) === null && typeof hash === 'string' && (hash === ABSENT_HASH || BLOB_NAME.test(hash)));
}

/** The stored history of a canvas, or why it cannot be used. */
export function parseStored(text: string, canvasId: string): StoredCanvasHistory | string {
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
  const written = isWrittenHashes(json.written) ? json.written : undefined;
  const log = typeof json.log === 'string' ? json.log : undefined;
  return { version: 1, canvasId, done: json.done, undone: json.undone, toldFull: json.toldFull === true, ...(written ? { written } : {}), ...(log ? { log } : {}) };
}

export function blobsOf(entry: StoredEntry): string[] {
  const hashes = entry.files.flatMap((file) => [file.beforeHash, file.afterHash]).filter((hash) => hash !== ABSENT_HASH);
  return entry.ids ? [...hashes, entry.ids] : hashes;
}

/**
 * Renames an unusable canvas history out of the way (said through `warn`), with its log when it has one (`also`): the
 * canvas starts empty.
 */
export function setAsideHistory(root: string, relative: string, problem: string, warn: (message: string) => void, also: string[] = []): void {
  const suffix = `.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  const aside = `${relative}${suffix}`;
  try {
    for (const other of also) if (stateEntry(root, other)) renameStateFile(root, other, `${other}${suffix}`);
    renameStateFile(root, relative, aside);
    warn(`The undo history ${relative} was set aside as ${path.posix.basename(aside)}: ${problem}. The canvas starts with an empty history.`);
  } catch (error) {
    warn(`The undo history ${relative} is not used: ${problem} (and it could not be set aside: ${(error as Error).message}).`);
  }
}

/** Removes every blob no entry uses (`used`), and whatever else is in the blobs' folder. */
export function removeUnusedBlobs(root: string, used: ReadonlyMap<string, number>): void {
  let entries: fs.Dirent[];
  try {
    entries = listStateFolder(root, BLOB_FOLDER);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.isFile() || (BLOB_NAME.test(entry.name) && used.has(entry.name))) continue;
    try {
      removeStateFile(root, `${BLOB_FOLDER}/${entry.name}`);
    } catch {
      // Gone meanwhile: nothing to remove.
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
