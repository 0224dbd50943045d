/**
 * The editor's view of the file-level history. The server keeps the truth per canvas
 * (`HistoryStatus`, counts only); the editor keeps the changes it made itself, newest last, so that an undo can
 * name its target and take its instant update back. Changes still queued for the server count as if answered, so
 * that an undo pressed right after an edit undoes that edit. See docs/editor.md#undo-redo-and-conflicts.
 */
import { ownedBy, ownsStep, type StepOwner } from '@contracts/change-authors.js';
import type { HistoryCounts as HistoryStatus, HistoryItem } from '@contracts/studio-api.js';

export interface UndoStacks {
  /** Ids of the changes the editor knows that an undo would take back, newest last. */
  undo: string[];
  /** Ids of the undone changes a redo would bring back, newest last. */
  redo: string[];
}

/** What a queued change does to the history once the server has written it. */
export type HistoryStep = { kind: 'write'; id: string } | { kind: 'undo'; targetId: string | null } | { kind: 'redo'; targetId: string | null } | { kind: 'none' };

/** The stacks after one step. */
export function stepStacks(stacks: UndoStacks, step: HistoryStep): UndoStacks {
  switch (step.kind) {
    case 'write':
      return { undo: [...stacks.undo, step.id], redo: [] };
    // Why anywhere in the stack: each author undoes its own latest change, which may lie under another's.
    case 'undo': {
      if (step.targetId === null || !stacks.undo.includes(step.targetId)) return stacks;
      return { undo: stacks.undo.filter((id) => id !== step.targetId), redo: [...stacks.redo, step.targetId] };
    }
    case 'redo': {
      if (step.targetId === null || !stacks.redo.includes(step.targetId)) return stacks;
      return { undo: [...stacks.undo, step.targetId], redo: stacks.redo.filter((id) => id !== step.targetId) };
    }
    case 'none':
      return stacks;
  }
}

/** The server's counts after one step (null: not known). */
export function stepCounts(counts: HistoryStatus | null, step: HistoryStep): HistoryStatus | null {
  if (!counts) return null;
  switch (step.kind) {
    case 'write':
      return { undoCount: counts.undoCount + 1, redoCount: 0 };
    case 'undo':
      return counts.undoCount > 0 ? { undoCount: counts.undoCount - 1, redoCount: counts.redoCount + 1 } : counts;
    case 'redo':
      return counts.redoCount > 0 ? { undoCount: counts.undoCount + 1, redoCount: counts.redoCount - 1 } : counts;
    case 'none':
      return counts;
  }
}

export interface ProjectedHistory {
  stacks: UndoStacks;
  /** The server's counts once the queue is answered (null: not known). */
  counts: HistoryStatus | null;
  canUndo: boolean;
  canRedo: boolean;
}

/**
 * What the person's Undo and Redo need to know beyond the stacks, which also hold the agents' changes the page wrote:
 * whose each change is, and the server's steps (whose authors it names) for those the stacks do not stand for.
 */
export interface PersonsHistory {
  /** Whether the editor's change of that id is the person's (not an agent's written through the page). */
  isPersons(changeId: string): boolean;
  /**
   * Whether a server step (by history id) is one the editor's stacks stand for: written by a change of the editor's
   * still on a stack. A step undone or redone here without one (a step of an earlier page, or one undone from the
   * Changes panel, which drops the stacks) is read from the server's steps.
   */
  madeHere(historyId: string): boolean;
  /** The server's steps as last asked (null: not known). */
  steps: { done: readonly HistoryItem[]; undone: readonly HistoryItem[] } | null;
}

const PERSON: StepOwner = { by: 'studio' };

/** Whether the person's Undo has a step of theirs to take back: the studio's Undo is the person's (docs/agents.md). */
function personCanUndo(stacks: UndoStacks, counts: HistoryStatus | null, person: PersonsHistory): boolean {
  if (stacks.undo.some((id) => person.isPersons(id))) return true;
  // Authors unknown: only steps the editor did not make may be the person's.
  if (!person.steps) return (counts?.undoCount ?? 0) > stacks.undo.length;
  return person.steps.done.some((step) => ownsStep(PERSON, step.by, step.agent) && !person.madeHere(step.id));
}

/**
 * Whether the person's Redo has a step to write again: one the person made, or one the person undid (an agent's
 * step undone from the Changes panel); never an agent's own undone step, which only its session redoes.
 */
function personCanRedo(stacks: UndoStacks, counts: HistoryStatus | null, person: PersonsHistory): boolean {
  // Why the author alone on the stacks: the editor's undo takes back only its asker's own change.
  if (stacks.redo.some((id) => person.isPersons(id))) return true;
  if (!person.steps) return (counts?.redoCount ?? 0) > stacks.redo.length;
  return person.steps.undone.some((step) => (ownsStep(PERSON, step.by, step.agent) || (step.undoneBy !== undefined && ownedBy(PERSON, step.undoneBy))) && !person.madeHere(step.id));
}

/**
 * The history as it will be once every queued step is answered as expected. With `person`, `canUndo` and `canRedo`
 * are the person's: an agent's step alone leaves them off (the Changes panel still undoes that step).
 */
export function projectHistory(stacks: UndoStacks, counts: HistoryStatus | null, queued: HistoryStep[], person?: PersonsHistory): ProjectedHistory {
  let projected = stacks;
  let projectedCounts = counts;
  for (const step of queued) {
    projected = stepStacks(projected, step);
    projectedCounts = stepCounts(projectedCounts, step);
  }
  return {
    stacks: projected,
    counts: projectedCounts,
    canUndo: person ? personCanUndo(projected, projectedCounts, person) : projected.undo.length > 0 || (projectedCounts?.undoCount ?? 0) > 0,
    canRedo: person ? personCanRedo(projected, projectedCounts, person) : projected.redo.length > 0 || (projectedCounts?.redoCount ?? 0) > 0,
  };
}

/**
 * The server's step an undo (or redo) pressed now acts on, for when the editor knows no change of its own to name
 * (after a reload or a restart): the history's steps in timeline order (done, then undone), cut at the projected
 * number of done steps. `steps` is the history as last asked, whose done list was as long as its count then.
 */
export function serverStep(steps: { done: readonly HistoryItem[]; undone: readonly HistoryItem[] } | null, counts: HistoryStatus | null, which: 'undo' | 'redo'): HistoryItem | undefined {
  if (!steps || !counts) return undefined;
  const timeline = [...steps.done, ...steps.undone];
  if (which === 'undo') return counts.undoCount > 0 ? timeline[counts.undoCount - 1] : undefined;
  return counts.redoCount > 0 ? timeline[counts.undoCount] : undefined;
}
