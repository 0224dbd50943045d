/**
 * The Changes panel: every change with its human name, where it is in its lifecycle, the server's error text when
 * it failed and the files it wrote; this session's changes first (newest on top), then the steps of the canvas's
 * history made before a reload or a restart (whether each is written or undone, or can no longer be undone because
 * its files changed on disk), and whether undo and redo are available. A change a coding agent made is marked as
 * the agent's, also after a reload (its history step, or the canvas's record of it, says so).
 */
import { memo, useCallback, useMemo } from 'react';
import { useChangeListStore, useEditorServices } from '../services/editor-services';
import { useEditorStore } from '../state/editor-store';
import { changeRows, changeStateLabel, type ChangeRow } from './change-state-label';

const STATE_TONE: Record<ChangeRow['state'], string> = {
  pending: 'text-neutral-400',
  'instant-update-sent': 'text-sky-300',
  'instant-update-finished': 'text-sky-300',
  succeeded: 'text-emerald-300',
  failed: 'text-red-300',
  written: 'text-emerald-300/80',
  undone: 'text-neutral-400',
  'changed-on-disk': 'text-amber-300',
  missing: 'text-amber-300',
};

/** The mark of a change a coding agent made through the agent calls (docs/agents.md), before its name. */
function AgentMark() {
  return (
    <span
      role="img"
      aria-label="Made by an agent"
      title="Made by a coding agent through the studio's agent calls"
      className="shrink-0 rounded bg-violet-500/20 px-1 text-[10px] font-semibold uppercase tracking-wide text-violet-200"
    >
      Agent
    </span>
  );
}

const ChangeItemRow = memo(function ChangeItemRow({ row, onUndo }: { row: ChangeRow; onUndo: (row: ChangeRow) => void }) {
  const label = changeStateLabel(row.state);
  const byAgent = row.by === 'agent';
  return (
    <li aria-label={`${row.humanName}: ${label}${byAgent ? ' (by an agent)' : ''}`} className="border-b border-neutral-800/70 px-3 py-1.5 text-xs">
      <div className="flex items-baseline justify-between gap-2">
        {byAgent && <AgentMark />}
        <span className="min-w-0 flex-1 truncate text-neutral-100" title={row.humanName}>
          {row.humanName}
        </span>
        <span className={`shrink-0 ${STATE_TONE[row.state]}`}>{label}</span>
        {row.step && (
          // Any written step, not only the latest: the server refuses it when a later step changed the same part.
          <button
            type="button"
            aria-label={`Undo this change: ${row.humanName}`}
            title="Undo this change (refused when a later change touched the same part)"
            disabled={!row.step.undoable}
            onClick={() => onUndo(row)}
            className="shrink-0 rounded px-1 text-[10px] text-neutral-300 hover:bg-neutral-700 disabled:cursor-default disabled:opacity-40 disabled:hover:bg-transparent"
          >
            Undo
          </button>
        )}
      </div>
      {row.error && (
        // A step of an earlier page says why it cannot be undone; only a failure of this session is announced.
        <p role={row.saved ? undefined : 'alert'} className={`mt-0.5 whitespace-pre-wrap break-words ${row.saved ? 'text-amber-300' : 'text-red-300'}`}>
          {row.error}
        </p>
      )}
      {row.files.length > 0 && (
        <p className="truncate font-mono text-[10px] text-neutral-500" title={row.files.join('\n')}>
          {row.files.join(', ')}
        </p>
      )}
      {row.saved && <p className="text-[10px] text-neutral-600">before the last reload</p>}
    </li>
  );
}, sameRow);

/** Rows are made anew on every change: a row is drawn again only when what it shows changed. */
function sameRow(before: { row: ChangeRow; onUndo: unknown }, after: { row: ChangeRow; onUndo: unknown }): boolean {
  const [a, b] = [before.row, after.row];
  return (
    a.id === b.id && a.humanName === b.humanName && a.state === b.state && a.error === b.error && a.saved === b.saved && a.by === b.by &&
    a.files.join('\n') === b.files.join('\n') && a.step?.id === b.step?.id && a.step?.undoable === b.step?.undoable && before.onUndo === after.onUndo
  );
}

export function ChangesPanel() {
  const items = useChangeListStore((state) => state.items);
  const canUndo = useChangeListStore((state) => state.canUndo);
  const canRedo = useChangeListStore((state) => state.canRedo);
  const isFlushing = useChangeListStore((state) => state.isFlushing);
  const steps = useChangeListStore((state) => state.steps);
  // The canvas's records say who made the steps written before a reload, when the history does not.
  const records = useEditorStore((state) => state.canvas?.changes);
  const rows = useMemo(() => changeRows(items, steps, records), [items, steps, records]);
  const { changes } = useEditorServices();
  const undoStep = useCallback((row: ChangeRow) => void changes.undoStep(row.step!.id, row.humanName), [changes]);
  return (
    <section aria-label="Changes" className="flex max-h-[40%] min-h-32 shrink-0 flex-col border-t border-neutral-800">
      <h2 className="flex items-center gap-2 px-3 py-1.5 text-[11px] font-semibold uppercase tracking-wide text-neutral-400">
        <span className="flex-1">Changes</span>
        {isFlushing && <span className="font-normal normal-case text-sky-300">writing…</span>}
      </h2>
      {/* Availability only: the toolbar and the keys undo and redo, so there is one 'Undo' button on the page. */}
      <p aria-label="Undo and redo" className="px-3 pb-1 text-[11px] text-neutral-500">
        {canUndo ? 'Undo available' : 'Nothing to undo'} · {canRedo ? 'redo available' : 'nothing to redo'}
      </p>
      {rows.length === 0 ? (
        <p className="px-3 pb-2 text-xs text-neutral-500">No changes yet. Edits made in the frames and the inspector are listed here.</p>
      ) : (
        <ol aria-label="Change list" className="min-h-0 flex-1 overflow-y-auto">
          {rows.map((row) => (
            <ChangeItemRow key={row.id} row={row} onUndo={undoStep} />
          ))}
        </ol>
      )}
    </section>
  );
}
