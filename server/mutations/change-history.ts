/**
 * Undo and redo stacks per canvas, kept for the server's lifetime (so they survive a reload of the studio page).
 * An entry holds the full text of every file before and after the change with their hashes: undo and redo write
 * those texts back only while the disk still holds the expected ones.
 */
import type { MutationAnswer } from '../../contracts/changes.js';
import type { HistoryStatus } from '../../contracts/studio-api.js';

export interface FileRevision {
  absolute: string;
  relative: string;
  /** null: the file did not exist. */
  before: string | null;
  after: string | null;
  beforeHash: string;
  afterHash: string;
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
}

/** How many changes each canvas remembers; older ones drop off the bottom. */
export const HISTORY_LIMIT = 500;

export class ChangeHistory {
  private readonly canvases = new Map<string, CanvasHistory>();

  private of(canvasId: string): CanvasHistory {
    let history = this.canvases.get(canvasId);
    if (!history) {
      history = { done: [], undone: [] };
      this.canvases.set(canvasId, history);
    }
    return history;
  }

  record(canvasId: string, entry: HistoryEntry): void {
    const history = this.of(canvasId);
    history.done.push(entry);
    if (history.done.length > HISTORY_LIMIT) history.done.shift();
    history.undone = [];
  }

  /** How many changes of the canvas can be undone and redone now. */
  status(canvasId: string): HistoryStatus {
    const history = this.canvases.get(canvasId);
    return { undoCount: history?.done.length ?? 0, redoCount: history?.undone.length ?? 0 };
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
