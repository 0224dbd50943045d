/** The drones of one page as cards (grid) or as a list that is cards on phones, rows of two on tablets and a table on desktops. */
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { MenuButton, type MenuAction } from '../../components/ui/menu-button';
import { formatDateTimeVi, formatMeasure, textOrUnknown } from '../../lib/format';
import { DroneStatusBadge } from './drone-status-badge';
import type { DroneView } from './drone-view-model';

export interface DroneActions {
  onDetails(drone: DroneView): void;
  onSensors(drone: DroneView): void;
  onEdit(drone: DroneView): void;
  onDelete(drone: DroneView): void;
  /** Asks again for a drone whose details call failed. */
  onRetryDetails(drone: DroneView): void;
  isRetryingDetails(drone: DroneView): boolean;
}

export const DETAILS_FAILURE_TEXT = 'Không tải được chi tiết drone';

/**
 * A drone whose details call failed: the reason and a retry, where its details would be, never 'Chưa xác định' as if
 * the API had no details (docs/console.md#faults-and-retries). `alert` in a dialog, where it is what was asked for.
 */
export function DetailsFailure({ drone, actions, alert = false }: { drone: DroneView; actions: Pick<DroneActions, 'onRetryDetails' | 'isRetryingDetails'>; alert?: boolean }) {
  const retrying = actions.isRetryingDetails(drone);
  return (
    <div role={alert ? 'alert' : undefined} className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
      <p className="min-w-0 wrap-anywhere">
        {DETAILS_FAILURE_TEXT}: {drone.detailsError}
      </p>
      <button
        type="button"
        onClick={() => actions.onRetryDetails(drone)}
        disabled={retrying}
        className="font-medium whitespace-nowrap underline focus-visible:outline-2 focus-visible:outline-red-700 disabled:opacity-60"
      >
        {retrying ? 'Đang thử lại...' : 'Thử lại'}
        <span className="sr-only"> tải chi tiết {drone.name}</span>
      </button>
    </div>
  );
}

const actionClass = 'rounded-lg px-3 py-1.5 text-sm font-medium ring-1 focus-visible:outline-2 focus-visible:outline-emerald-600';

function Actions({ drone, actions, withSensorModal }: { drone: DroneView; actions: DroneActions; withSensorModal: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" onClick={() => actions.onDetails(drone)} className={`${actionClass} bg-white ring-slate-300 hover:bg-slate-50`}>
        Chi tiết
      </button>
      <Link to="/drone/sensor/$droneId" params={{ droneId: drone.id }} className={`${actionClass} bg-white ring-slate-300 hover:bg-slate-50`}>
        Cảm biến
      </Link>
      {withSensorModal && (
        <button type="button" onClick={() => actions.onSensors(drone)} className={`${actionClass} bg-white ring-slate-300 hover:bg-slate-50`}>
          Hệ thống cảm biến
        </button>
      )}
      <button type="button" onClick={() => actions.onEdit(drone)} className={`${actionClass} bg-sky-50 text-sky-800 ring-sky-200 hover:bg-sky-100`}>
        Sửa
      </button>
      <button type="button" onClick={() => actions.onDelete(drone)} className={`${actionClass} bg-red-50 text-red-700 ring-red-200 hover:bg-red-100`}>
        Xóa
      </button>
    </div>
  );
}

function Facts({ drone, actions }: { drone: DroneView; actions: DroneActions }) {
  const known: FactRow[] = [
    ['Pin', formatMeasure(drone.batteryLevel, '%'), 'measure'],
    ['Cập nhật', formatDateTimeVi(drone.lastUpdate)],
  ];
  if (drone.detailsError !== null) {
    return (
      <div className="flex flex-col gap-2">
        <DetailsFailure drone={drone} actions={actions} />
        <FactList rows={known} />
      </div>
    );
  }
  const rows: FactRow[] = [
    ['Vị trí', textOrUnknown(drone.currentLocation)],
    ['Hướng', textOrUnknown(drone.direction)],
    ['Tốc độ', formatMeasure(drone.speed, 'km/h'), 'measure'],
    ['Độ cao', formatMeasure(drone.height, 'm'), 'measure'],
    ...known,
  ];
  return <FactList rows={rows} />;
}

/** A label, its value, and `measure` for a number with its unit, which must never be split over two lines. */
export type FactRow = readonly [label: string, value: string, kind?: 'measure'];

/** Label/value pairs as a definition list; a long value without spaces wraps anywhere instead of widening the page. */
export function FactList({ rows }: { rows: readonly FactRow[] }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
      {rows.map(([label, value, kind]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className={`text-slate-900 ${kind === 'measure' ? 'whitespace-nowrap' : 'wrap-anywhere'}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The desktop table's columns and their widths, sized for their usual values at the narrowest desktop (976 px
 * of content); the name and location columns share what is left. The actions column's header is only read.
 */
const TABLE_COLUMNS: readonly (readonly [header: string, width: string, srOnly?: true])[] = [
  ['ID', 'w-14'],
  ['Tên', ''],
  ['Trạng thái', 'w-36'],
  ['Vị trí', ''],
  ['Hướng', 'w-24'],
  ['Tốc độ', 'w-22'],
  ['Độ cao', 'w-18'],
  ['Pin', 'w-16'],
  ['Cập nhật', 'w-44'],
  ['Thao tác', 'w-16', true],
];

/** A one-line cell: a value too long for its column ends in an ellipsis, and the whole value is its tooltip. */
function Cell({ children, strong = false }: { children: string; strong?: boolean }): ReactNode {
  return (
    <td title={children} className={`truncate px-2 py-2 first:pl-4 ${strong ? 'font-medium text-slate-900' : ''}`}>
      {children}
    </td>
  );
}

function menuActions(drone: DroneView, actions: DroneActions, navigate: ReturnType<typeof useNavigate>): MenuAction[] {
  return [
    { label: 'Chi tiết', onSelect: () => actions.onDetails(drone) },
    { label: 'Cảm biến', onSelect: () => void navigate({ to: '/drone/sensor/$droneId', params: { droneId: drone.id } }) },
    { label: 'Hệ thống cảm biến', onSelect: () => actions.onSensors(drone) },
    { label: 'Sửa', onSelect: () => actions.onEdit(drone) },
    { label: 'Xóa', onSelect: () => actions.onDelete(drone), tone: 'danger' },
  ];
}

export function DroneGrid({ drones, actions }: { drones: readonly DroneView[]; actions: DroneActions }) {
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Danh sách drone">
      {drones.map((drone) => (
        <li key={drone.id}>
          <article aria-label={drone.name} className="flex h-full flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <header className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <h2 className="font-semibold wrap-anywhere text-slate-900">{drone.name}</h2>
                <p className="text-xs text-slate-500">ID: {drone.id}</p>
              </div>
              <DroneStatusBadge status={drone.status} />
            </header>
            <Facts drone={drone} actions={actions} />
            <div className="mt-auto">
              <Actions drone={drone} actions={actions} withSensorModal />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

export function DroneList({ drones, actions }: { drones: readonly DroneView[]; actions: DroneActions }) {
  const navigate = useNavigate();
  return (
    <>
      {/* Phones: one card per drone; tablets: two columns. */}
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:hidden" aria-label="Danh sách drone">
        {drones.map((drone) => (
          <li key={drone.id} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
            <div className="mb-2 flex items-center justify-between gap-2">
              <p className="min-w-0 font-semibold wrap-anywhere text-slate-900">
                {drone.name} <span className="text-xs font-normal text-slate-500">#{drone.id}</span>
              </p>
              <DroneStatusBadge status={drone.status} />
            </div>
            <Facts drone={drone} actions={actions} />
            <div className="mt-3">
              <Actions drone={drone} actions={actions} withSensorModal={false} />
            </div>
          </li>
        ))}
      </ul>
      {/* Desktops: one line per drone. The layout is fixed, so long values are cut with an ellipsis (the whole
          value is in the cell's title and in the details) instead of widening the page, and the row's actions sit
          in a menu. */}
      <div className="hidden overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200 lg:block">
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">Danh sách drone</caption>
          <colgroup>
            {TABLE_COLUMNS.map(([header, width]) => (
              <col key={header} className={width} />
            ))}
          </colgroup>
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              {TABLE_COLUMNS.map(([header, , srOnly]) => (
                <th key={header} scope="col" className="truncate px-2 py-2 font-medium first:pl-4 last:pr-4">
                  {srOnly ? <span className="sr-only">{header}</span> : header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {drones.map((drone) => (
              <tr key={drone.id} className="border-t border-slate-100">
                <Cell>{String(drone.id)}</Cell>
                <Cell strong>{drone.name}</Cell>
                <td className="px-2 py-2">
                  <DroneStatusBadge status={drone.status} />
                </td>
                {drone.detailsError !== null ? (
                  <td colSpan={4} className="px-2 py-1.5">
                    <DetailsFailure drone={drone} actions={actions} />
                  </td>
                ) : (
                  <>
                    <Cell>{textOrUnknown(drone.currentLocation)}</Cell>
                    <Cell>{textOrUnknown(drone.direction)}</Cell>
                    <Cell>{formatMeasure(drone.speed, 'km/h')}</Cell>
                    <Cell>{formatMeasure(drone.height, 'm')}</Cell>
                  </>
                )}
                <Cell>{formatMeasure(drone.batteryLevel, '%')}</Cell>
                <Cell>{formatDateTimeVi(drone.lastUpdate)}</Cell>
                <td className="px-2 py-1.5 pr-4 text-right">
                  <MenuButton label={`Thao tác với ${drone.name}`} actions={menuActions(drone, actions, navigate)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
