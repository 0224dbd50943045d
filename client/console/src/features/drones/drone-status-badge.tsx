import type { DroneStatus } from '@contracts/api';
import { DRONE_STATUS_LABELS } from './drone-view-model';

const STATUS_CLASS: Record<DroneStatus, string> = {
  inactive: 'bg-slate-100 text-slate-700 ring-slate-300',
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  flying: 'bg-sky-50 text-sky-800 ring-sky-300',
  maintenance: 'bg-amber-50 text-amber-800 ring-amber-300',
};

export function DroneStatusBadge({ status }: { status: DroneStatus }) {
  return (
    <span data-status={status} className={`inline-flex shrink-0 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_CLASS[status]}`}>
      {DRONE_STATUS_LABELS[status]}
    </span>
  );
}
