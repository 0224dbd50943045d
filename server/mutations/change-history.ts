/**
 * Undo and redo stacks per canvas, kept for the server's lifetime (so they survive a reload of the studio page).
 * An entry holds the full text of every file before and after the change with their hashes: undo and redo write
 * those texts back only while the disk still holds the expected ones. Each canvas keeps its last `limit` changes
 * (`dev --history-limit`); the change that pushes the oldest one out says so in its answer.
 */
import type { MutationAnswer } from '../../contracts/change-kinds.js';
import type { HistoryStatus } from '../../contracts/studio-api.js';

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

interface CanvasHistory {
  done: HistoryEntry[];
  undone: HistoryEntry[];
  /** The person was told that the history is full (told again once it has been below the limit). */
  toldFull: boolean;
}

/** How many changes each canvas remembers by default; older ones drop off the bottom. */
export const DEFAULT_HISTORY_LIMIT = 500;
export const MAX_HISTORY_LIMIT = 100_000;

export class ChangeHistory {
  private readonly canvases = new Map<string, CanvasHistory>();

  constructor(readonly limit = DEFAULT_HISTORY_LIMIT) {}

  private of(canvasId: string): CanvasHistory {
    let history = this.canvases.get(canvasId);
    if (!history) {
      history = { done: [], undone: [], toldFull: false };
      this.canvases.set(canvasId, history);
    }
    return history;
  }

  /**
   * Records a change. When it pushes the oldest change out of a full history, answers what to tell the person
   * (once, until the history has been below its limit again: not at every change from then on); else null.
   */
  record(canvasId: string, entry: HistoryEntry): string | null {
    const history = this.of(canvasId);
    history.done.push(entry);
    history.undone = [];
    const dropped = Math.max(0, history.done.length - this.limit);
    if (dropped === 0) return null;
    history.done.splice(0, dropped);
    if (history.toldFull) return null;
    history.toldFull = true;
    return (
      `Undo history is full: this canvas keeps its last ${this.limit} changes, so the oldest can no longer be undone ` +
      '(start the studio with dev --history-limit <n> to keep more)'
    );
  }

  /** How many changes of the canvas can be undone and redone now. */
  status(canvasId: string): HistoryStatus {
    const history = this.canvases.get(canvasId);
    return { undoCount: history?.done.length ?? 0, redoCount: history?.undone.length ?? 0, done: [], undone: [] };
  }

  peekUndo(canvasId: string): HistoryEntry | undefined {
    return this.canvases.get(canvasId)?.done.at(-1);
  }

  peekRedo(canvasId: string): HistoryEntry | undefined {
    return this.canvases.get(canvasId)?.undone.at(-1);
  }

  /** Moves the last done entry to the redo stack (after it was written back). */
  markUndone(canvasId: string): void {
    const history = this.of(canvasId);
    const entry = history.done.pop();
    if (entry) history.undone.push(entry);
    if (history.done.length < this.limit) history.toldFull = false;
  }

  markRedone(canvasId: string): void {
    const history = this.of(canvasId);
    const entry = history.undone.pop();
    if (entry) history.done.push(entry);
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
