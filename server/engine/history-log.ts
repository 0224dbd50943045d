/**
 * How a canvas's history is saved so that a step costs the same however long the history is: the canvas's file
 * (`{canvasId}.json`, written whole and atomically) holds the stacks as they were at some moment, and its log
 * (`{canvasId}.log`) one line per step since (a change recorded, a step undone or redone), appended. The log is
 * folded into the canvas's file at a canvas's first save of a run and whenever it has grown as long as the stacks, so
 * a step appends one line most of the time and the whole history is written once every so many steps.
 *
 * Each canvas file names its log (`log`, a name made afresh at each fold) and each line of a log names the canvas file
 * it continues: a log left by a server stopped between writing the folded file and removing the old log is not
 * replayed twice. A line cut short by a stop in the middle of its append is the last, unfinished one, and is not
 * replayed. Every line read back passes the same checks as the canvas's file (it may have been written by anyone).
 */
import { randomUUID } from 'node:crypto';
import { appendStateFile, readStateFile, removeStateFile, writeStateFile } from '../project-folder.js';
import { ownedBy, stepOwnerProblem, type AgentSessionRef, type ChangeAuthor, type StepOwner } from '../../contracts/change-authors.js';
import {
  type CanvasHistory,
  HISTORY_FOLDER,
  isWrittenHashes,
  parseStored,
  storedEntryProblem,
  type StoredCanvasHistory,
  type StoredEntry,
} from './history-entries.js';

/** A log shorter than this is never folded, however short the stacks: a few lines cost less than a rewrite. */
const FOLD_AFTER = 64;

/** One step's change of a canvas's stacks, as its log line holds it. */
export type HistoryStep =
  /** A change recorded: `entry` pushed on the done stack, the steps `drop` names forgotten (ended redo, over the limit). */
  | { op: 'push'; entry: StoredEntry; drop: string[] }
  /** A step undone (to `undone`, `by` who undid it) or redone (to `done`). */
  | { op: 'move'; id: string; to: 'done' | 'undone'; by?: StepOwner };

/** A line of the log: the step, what it wrote to each file, and whether the person has been told the history is full. */
export interface HistoryLogLine {
  step: HistoryStep;
  written: Record<string, string>;
  toldFull: boolean;
}

export const canvasFile = (canvasId: string) => `${HISTORY_FOLDER}/${canvasId}.json`;
export const canvasLog = (canvasId: string) => `${HISTORY_FOLDER}/${canvasId}.log`;

/** Notes on the step who undid it (`by`), or drops that note (no `by`: it is redone). */
export function noteUndoneBy(entry: StoredEntry, by: StepOwner | undefined): void {
  if (by) entry.undoneBy = by;
  else delete entry.undoneBy;
}

/**
 * A new change of `by` (in session `agent`) ends its redo of the steps of others it undid: they stay undone, for
 * their authors' redo alone.
 */
export function endRedoOfOthers(undone: readonly StoredEntry[], by: ChangeAuthor | undefined, agent: AgentSessionRef | undefined): void {
  const owner: StepOwner = by === 'agent' ? { by, ...(agent ? { agent } : {}) } : { by: 'studio' };
  for (const step of undone) if (step.undoneBy && ownedBy(owner, step.undoneBy)) delete step.undoneBy;
}

/** Applies one line to the stacks (as `ChangeHistory` did when it wrote it); answers why it cannot be, or null. */
function applyLine(history: CanvasHistory, line: HistoryLogLine): string | null {
  const { step } = line;
  if (step.op === 'push') {
    const dropped = new Set(step.drop);
    history.done = history.done.filter((entry) => !dropped.has(entry.id));
    history.undone = history.undone.filter((entry) => !dropped.has(entry.id));
    endRedoOfOthers(history.undone, step.entry.by, step.entry.agent);
    history.done.push(step.entry);
  } else {
    const [from, to] = step.to === 'undone' ? [history.done, history.undone] : [history.undone, history.done];
    const at = from.findIndex((entry) => entry.id === step.id);
    if (at < 0) return `a line of its log moves a step it does not have`;
    const [moved] = from.splice(at, 1);
    noteUndoneBy(moved!, step.to === 'undone' ? step.by : undefined);
    to.push(moved!);
  }
  history.written = { ...history.written, ...line.written };
  history.toldFull = line.toldFull;
  return null;
}

/** Why a parsed line of the log cannot be used, or null. */
function lineProblem(value: unknown): string | null {
  const line = value as HistoryLogLine;
  if (typeof line !== 'object' || line === null || typeof line.step !== 'object' || line.step === null) return 'a line of its log is not a step';
  if (!isWrittenHashes(line.written) || typeof line.toldFull !== 'boolean') return 'a line of its log is not a step';
  const { step } = line;
  if (step.op === 'push') {
    if (!Array.isArray(step.drop) || !step.drop.every((id) => typeof id === 'string')) return 'a line of its log is not a step';
    return storedEntryProblem(step.entry);
  }
  if (step.op === 'move' && typeof step.id === 'string' && (step.to === 'done' || step.to === 'undone') && (step.by === undefined || stepOwnerProblem(step.by) === null)) return null;
  return 'a line of its log is not a step';
}

/**
 * The stored history of a canvas, its file with its log's lines applied, or why it cannot be used. Lines naming
 * another file than this one (a log older than the last fold) and an unfinished last line are passed over.
 */
export function readCanvasHistory(root: string, canvasId: string): StoredCanvasHistory | string {
  const stored = parseStored(readStateFile(root, canvasFile(canvasId))?.toString('utf8') ?? '', canvasId);
  if (typeof stored === 'string') return stored;
  const log = stored.log === undefined ? null : readStateFile(root, canvasLog(canvasId));
  if (log === null) return stored;
  const lines = log.toString('utf8').split('\n');
  // Why the last piece is left out: it is empty after a whole line, and unfinished after a stop during an append.
  for (const text of lines.slice(0, -1)) {
    let parsed: { log?: unknown } & HistoryLogLine;
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch (error) {
      return `a line of its log is not valid JSON (${(error as Error).message})`;
    }
    if (typeof parsed !== 'object' || parsed === null) return 'a line of its log is not a step';
    if (parsed.log !== stored.log) continue;
    const problem = lineProblem(parsed) ?? applyLine(stored, parsed);
    if (problem) return problem;
  }
  return stored;
}

/** Where each canvas's log stands in this run: its name and how many lines it has. */
export class HistoryLog {
  private readonly logs = new Map<string, { name: string; lines: number }>();

  constructor(private readonly root: string) {}

  /**
   * Saves a step of the canvas, whose stacks are now `history`: one line appended to its log, or the whole canvas
   * written afresh when this run has no log of it yet, when the log is as long as the stacks, or after an append failed
   * (which may have left half a line).
   */
  async save(canvasId: string, history: CanvasHistory, line: HistoryLogLine): Promise<void> {
    const log = this.logs.get(canvasId);
    if (!log || log.lines >= Math.max(FOLD_AFTER, history.done.length + history.undone.length)) {
      await this.fold(canvasId, history);
      return;
    }
    this.logs.delete(canvasId);
    await appendStateFile(this.root, canvasLog(canvasId), `${JSON.stringify({ log: log.name, ...line })}\n`);
    this.logs.set(canvasId, { name: log.name, lines: log.lines + 1 });
  }

  /** Writes the canvas's stacks whole under a new log name, then removes the old log (its lines name the old one). */
  private async fold(canvasId: string, history: CanvasHistory): Promise<void> {
    this.logs.delete(canvasId);
    const name = randomUUID();
    const stored: StoredCanvasHistory = { version: 1, canvasId, ...history, log: name };
    await writeStateFile(this.root, canvasFile(canvasId), JSON.stringify(stored));
    try {
      removeStateFile(this.root, canvasLog(canvasId));
    } catch {
      // Not a file of the folder (a link planted since): its lines name another file and are never replayed.
    }
    this.logs.set(canvasId, { name, lines: 0 });
  }
}
