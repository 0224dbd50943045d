/**
 * The task filter (docs/console.md#search-and-filter-rules) as a small state machine: the person edits a draft
 * (mode and value); Search applies it, Delete Filter goes back to All and the first page. The applied filter lives in the
 * URL; the draft only in the form.
 */
export const TASK_FILTER_MODES = ['all', 'robot', 'plan'] as const;
export type TaskFilterMode = (typeof TASK_FILTER_MODES)[number];

export const TASK_FILTER_LABELS: Record<TaskFilterMode, string> = { all: 'All', robot: 'Robot ID', plan: 'Plan ID' };

export interface TaskFilterDraft {
  mode: TaskFilterMode;
  value: string;
}

export interface AppliedTaskFilter {
  by: TaskFilterMode;
  id?: number | undefined;
}

export type TaskFilterEvent =
  | { type: 'mode'; mode: TaskFilterMode }
  | { type: 'value'; value: string }
  | { type: 'reset' };

export function taskFilterReducer(draft: TaskFilterDraft, event: TaskFilterEvent): TaskFilterDraft {
  switch (event.type) {
    case 'mode':
      return { mode: event.mode, value: event.mode === 'all' ? '' : draft.value };
    case 'value':
      return { ...draft, value: event.value };
    case 'reset':
      return { mode: 'all', value: '' };
  }
}

/** Why the draft cannot be searched, or undefined when it can. */
export function taskFilterProblem(draft: TaskFilterDraft): string | undefined {
  if (draft.mode === 'all') return undefined;
  const value = draft.value.trim();
  if (value === '') return 'empty';
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    return 'Giá trị phải là số nguyên dương';
  }
  return undefined;
}

/** Search is disabled when a filter is chosen and its value is empty (or not a valid id). */
export function canSearch(draft: TaskFilterDraft): boolean {
  return taskFilterProblem(draft) === undefined;
}

/** What Search puts in the URL: the filter, from the first page. */
export function applyTaskFilter(draft: TaskFilterDraft): AppliedTaskFilter & { page: number } {
  if (!canSearch(draft) || draft.mode === 'all') return { by: 'all', id: undefined, page: 0 };
  return { by: draft.mode, id: Number(draft.value.trim()), page: 0 };
}

/** The draft the form starts from for a filter already in the URL. */
export function draftOf(applied: AppliedTaskFilter): TaskFilterDraft {
  if (applied.by === 'all' || applied.id === undefined) return { mode: 'all', value: '' };
  return { mode: applied.by, value: String(applied.id) };
}
