/**
 * Whose step an undo or redo takes, and how it is written when later steps of others changed its files since:
 * several authors (the person, agent sessions) share one history, and each takes back only its own latest step.
 * Such a step is made again around the later ones when they left its bytes (and the bytes beside them) alone, and
 * refused, naming the later step, when one changed the same part. A file is only ever worked on when the disk still
 * holds what the history itself last wrote there: an edit made by hand meanwhile is never overwritten.
 */
import { appError } from '../../contracts/errors.js';
import { authorLabel, ownedBy, ownsStep, type StepOwner } from '../../contracts/change-authors.js';
import { ABSENT_HASH, type FileRevision, type HistoryEntry, type StoredEntry } from './history-entries.js';
import { sha256 } from './source-text.js';

/**
 * The index in `stack` (newest last) of the latest step `owner` made or undid, or of the latest step with no owner;
 * -1: none. Who undid a step may redo it: the person's redo of an agent's step the person undid from the Changes
 * panel, as the agent's redo of its own step whoever undid it.
 */
export function latestOwned(stack: readonly StoredEntry[], owner: StepOwner | undefined): number {
  if (!owner) return stack.length - 1;
  return stack.findLastIndex((entry) => ownsStep(owner, entry.by, entry.agent) || (entry.undoneBy !== undefined && ownedBy(owner, entry.undoneBy)));
}

/** Where two texts differ: `[start, endFrom)` of `from` became `[start, endTo)` of `to`; null when they are equal. */
function changedSpan(from: string, to: string): { start: number; endFrom: number; endTo: number } | null {
  if (from === to) return null;
  const shorter = Math.min(from.length, to.length);
  let start = 0;
  while (start < shorter && from.charCodeAt(start) === to.charCodeAt(start)) start += 1;
  let suffix = 0;
  while (suffix < shorter - start && from.charCodeAt(from.length - 1 - suffix) === to.charCodeAt(to.length - 1 - suffix)) suffix += 1;
  return { start, endFrom: from.length - suffix, endTo: to.length - suffix };
}

/**
 * A step's change of one file, `from` → `to`, made on `now` (what later changes made of `from`): the result, or
 * null when those changes touched the step's part or a byte next to it (then which to keep is not the studio's
 * call). Each side is taken as one span from its first to its last changed character, so this errs on refusing.
 */
export function replayAround(from: string, to: string, now: string): string | null {
  const theirs = changedSpan(from, now);
  const ours = changedSpan(from, to);
  if (!theirs) return to;
  if (!ours) return now;
  const replacement = to.slice(ours.start, ours.endTo);
  if (theirs.endFrom < ours.start) {
    const shift = now.length - from.length;
    return now.slice(0, ours.start + shift) + replacement + now.slice(ours.endFrom + shift);
  }
  if (theirs.start > ours.endFrom) return now.slice(0, ours.start) + replacement + now.slice(ours.endFrom);
  return null;
}

export interface DiskFile {
  hash: string;
  /** The file's text, when it is one the history could have written (UTF-8 that hashes to `hash`). */
  text: string | null;
}

export interface StepContext {
  direction: 'undo' | 'redo';
  /** The step, with its texts. */
  entry: HistoryEntry;
  name: string;
  /** The done steps that may have changed its files since, newest last: for naming the one in the way. */
  later: readonly StoredEntry[];
  /** The hash of what the history last wrote to each file. */
  written: Readonly<Record<string, string>>;
  disk: (relative: string) => DiskFile;
}

/**
 * The revisions to write for a step, in its own direction's terms (undo writes `before` over `after`): each file as
 * the step recorded it when the disk still holds the step's side, else made again around what later steps of the
 * history wrote. A file changed by hand is left as the step has it, so the write's own hash check refuses it.
 */
export function stepRevisions({ direction, entry, name, later, written, disk }: StepContext): FileRevision[] {
  const undo = direction === 'undo';
  return entry.files.map((file) => {
    const expected = undo ? file.afterHash : file.beforeHash;
    const now = disk(file.relative);
    const from = undo ? file.after : file.before;
    const to = undo ? file.before : file.after;
    if (now.hash === expected || written[file.relative] !== now.hash || now.hash === ABSENT_HASH) return file;
    const replayed = from !== null && to !== null && now.text !== null ? replayAround(from, to, now.text) : null;
    if (replayed === null) {
      const culprit = later.findLast((step) => step.files.some((f) => f.path === file.relative));
      const said = culprit ? `the later step "${culprit.name}" of ${authorLabel(culprit.by, culprit.agent)}` : 'a later step';
      throw appError('STEP_OVERLAPPED', undo ? 'Undo' : 'Redo', name, file.relative, said);
    }
    const around = { text: replayed, hash: sha256(replayed) };
    return undo
      ? { ...file, after: now.text, afterHash: now.hash, before: around.text, beforeHash: around.hash, createdFolders: [] }
      : { ...file, before: now.text, beforeHash: now.hash, after: around.text, afterHash: around.hash, createdFolders: [] };
  });
}
