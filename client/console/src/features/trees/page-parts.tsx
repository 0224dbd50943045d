/** Small pieces the drone, sensor and tree screens share. */
import { notify } from '../../components/ui/notices';
import { Spinner } from '../../components/ui/spinner';

/** A page-sized loading state with a named spinner. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-12">
      <Spinner label={label} visibleLabel />
    </div>
  );
}

/** Refresh (reloads what is shown) and an 'add' button that only says the feature is not there yet. */
export function RefreshAndAdd({ onRefresh, refreshing, addLabel, addNotice }: { onRefresh(): void; refreshing: boolean; addLabel: string; addNotice: string }) {
  return (
    <div className="flex gap-2">
      <button
        type="button"
        onClick={onRefresh}
        disabled={refreshing}
        className="rounded-lg bg-white px-4 py-2 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-60"
      >
        {refreshing ? 'Đang làm mới...' : 'Làm mới'}
      </button>
      <button type="button" onClick={() => notify(addNotice, 'info')} className="rounded-lg bg-emerald-600 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-700">
        {addLabel}
      </button>
    </div>
  );
}
