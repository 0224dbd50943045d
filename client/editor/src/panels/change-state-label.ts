/**
 * Words for where a change is in its lifecycle, as the Changes panel shows them, and the list it shows:
 * this session's changes newest first, then the canvas's saved records of earlier sessions (after a reload).
 * See docs/editor.md#change-lifecycle.
 */
import type { ChangeRecord, ChangeState } from '@contracts/studio-api.js';

const LABELS: Record<ChangeState, string> = {
  pending: 'Pending',
  'instant-update-sent': 'Instant update sent',
  'instant-update-finished': 'Instant update finished',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

export function changeStateLabel(state: ChangeState): string {
  return LABELS[state];
}

/** Ended changes are processed; the others are still on their way to the server. */
export function isProcessed(state: ChangeState): boolean {
  return state === 'succeeded' || state === 'failed';
}

export interface ChangeRow {
  id: string;
  humanName: string;
  state: ChangeState;
  error?: string;
  files: string[];
  at: number;
  /** From the canvas's saved record, not this session. */
  saved: boolean;
}

/**
 * The rows, newest first: this session's items, then the saved records no item of this session stands for (the
 * engine records each ended change on the canvas too, so they would appear twice).
 */
export function changeRows(
  items: readonly { id: string; humanName: string; state: ChangeState; error?: string; files: string[]; createdAt: number }[],
  records: readonly ChangeRecord[],
): ChangeRow[] {
  const live = new Set(items.map((item) => item.id));
  const session: ChangeRow[] = items.map((item) => ({
    id: item.id,
    humanName: item.humanName,
    state: item.state,
    ...(item.error !== undefined ? { error: item.error } : {}),
    files: item.files,
    at: item.createdAt,
    saved: false,
  }));
  const earlier: ChangeRow[] = records
    .filter((record) => !live.has(record.id))
    .map((record) => ({
      id: record.id,
      humanName: record.humanName,
      state: record.state,
      ...(record.error !== undefined ? { error: record.error } : {}),
      files: record.files,
      at: record.at,
      saved: true,
    }));
  return [...session.reverse(), ...earlier.reverse()];
}
