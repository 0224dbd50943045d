/**
 * Words for where a change is in its lifecycle, as the Changes panel shows them, and the list it shows: this
 * session's changes newest first, then the steps of the server's history that this session did not make (after a
 * reload or a restart), newest first, each with whether it can still be undone or redone.
 * See docs/editor.md#change-lifecycle.
 */
import type { ChangeAuthor, ChangeState, HistoryItem, HistoryItemState } from '@contracts/studio-api.js';

const LABELS: Record<ChangeState, string> = {
  pending: 'Pending',
  'instant-update-sent': 'Instant update sent',
  'instant-update-finished': 'Instant update finished',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/** Where a step of the server's history stands: written (can be undone) or undone (can be redone), or neither. */
export type StepState = 'written' | 'undone' | Exclude<HistoryItemState, 'ready'>;

const STEP_LABELS: Record<StepState, string> = {
  written: 'Written',
  undone: 'Undone',
  'changed-on-disk': 'Changed on disk',
  missing: 'File missing',
};

export function changeStateLabel(state: ChangeState | StepState): string {
  return state in LABELS ? LABELS[state as ChangeState] : STEP_LABELS[state as StepState];
}

/** Ended changes are processed; the others are still on their way to the server. */
export function isProcessed(state: ChangeState): boolean {
  return state === 'succeeded' || state === 'failed';
}

export interface ChangeRow {
  id: string;
  humanName: string;
  state: ChangeState | StepState;
  /** The server's message when the change failed, or why a step's undo or redo would be refused. */
  error?: string;
  files: string[];
  /** A step of the server's history made before this page, not a change of this session. */
  saved: boolean;
  /** Who made it; absent: a person in the studio. */
  by?: ChangeAuthor;
  /**
   * The history step a write stands for, when it has one: the Changes panel offers to undo it, which the server
   * allows while the step is done (not undone) and its files are as the history left them.
   */
  step?: { id: string; undoable: boolean };
}

/** Why the undo (or redo) of a step whose files are not what it left would be refused, in words. */
function refusalOf(item: HistoryItem, undone: boolean): string | undefined {
  const action = undone ? 'redo' : 'undo';
  if (item.state === 'changed-on-disk') return `A file it wrote was changed on disk since: its ${action} is refused, and the file is left as it is.`;
  if (item.state === 'missing') return `A file it wrote is gone: its ${action} is refused.`;
  return undefined;
}

function stepRow(item: HistoryItem, undone: boolean, by: ChangeAuthor | undefined): ChangeRow {
  const refusal = refusalOf(item, undone);
  const state: StepState = item.state !== 'ready' ? item.state : undone ? 'undone' : 'written';
  const step = { id: item.id, undoable: !undone && item.state === 'ready' };
  return { id: `step-${item.id}`, humanName: item.name, state, ...(refusal ? { error: refusal } : {}), files: item.files, saved: true, ...(by ? { by } : {}), step };
}

type SessionItem = { id: string; type: string; humanName: string; state: ChangeState; error?: string; files: string[]; historyId?: string; by?: ChangeAuthor };
/** A change the canvas recorded (`ChangeRecord`): who made which step of the history. */
type RecordedChange = { type: string; by?: ChangeAuthor; historyId?: string };

/** Who wrote each step, as the history says or else as the canvas recorded it (a write, not its undo or redo). */
function stepAuthors(steps: readonly HistoryItem[], records: readonly RecordedChange[]): Map<string, ChangeAuthor> {
  const authors = new Map<string, ChangeAuthor>();
  for (const record of records) if (record.by && record.historyId && record.type !== 'UNDO' && record.type !== 'REDO') authors.set(record.historyId, record.by);
  for (const step of steps) if (step.by) authors.set(step.id, step.by);
  return authors;
}

/**
 * The rows, newest first: this session's items, then the history's steps that no write of this session made, the
 * undone ones first (they come later in the timeline), each step once.
 */
export function changeRows(
  items: readonly SessionItem[],
  steps: { done: readonly HistoryItem[]; undone: readonly HistoryItem[] } | null,
  records: readonly RecordedChange[] = [],
): ChangeRow[] {
  const done = new Map(steps?.done.map((step) => [step.id, step]));
  const session: ChangeRow[] = items.map((item) => {
    const isWrite = item.historyId !== undefined && item.type !== 'UNDO' && item.type !== 'REDO';
    const step = isWrite ? { id: item.historyId!, undoable: item.state === 'succeeded' && done.get(item.historyId!)?.state === 'ready' } : null;
    return {
      id: item.id,
      humanName: item.humanName,
      state: item.state,
      ...(item.error !== undefined ? { error: item.error } : {}),
      files: item.files,
      saved: false,
      ...(item.by ? { by: item.by } : {}),
      ...(step ? { step } : {}),
    };
  });
  const authors = stepAuthors(steps ? [...steps.done, ...steps.undone] : [], records);
  // Undo and redo name the step they moved: only a write of this session stands for a step of its own.
  const made = new Set(items.flatMap((item) => (item.historyId && item.type !== 'UNDO' && item.type !== 'REDO' ? [item.historyId] : [])));
  const earlier = steps
    ? [...steps.done.map((item) => stepRow(item, false, authors.get(item.id))), ...steps.undone.map((item) => stepRow(item, true, authors.get(item.id)))].filter((row) => !made.has(row.id.slice('step-'.length)))
    : [];
  return [...session.reverse(), ...earlier.reverse()];
}
