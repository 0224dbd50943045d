/** The drones of one page as cards (grid) or as a list that is cards on phones, rows of two on tablets and a table on desktops. */
import { Link } from '@tanstack/react-router';
import { formatDateTimeVi, formatMeasure, textOrUnknown } from '../../lib/format';
import { DroneStatusBadge } from './drone-status-badge';
import type { DroneView } from './drone-view-model';

export interface DroneActions {
  onDetails(drone: DroneView): void;
  onSensors(drone: DroneView): void;
  onEdit(drone: DroneView): void;
  onDelete(drone: DroneView): void;
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

function Facts({ drone }: { drone: DroneView }) {
  const rows: [string, string][] = [
    ['Vị trí', textOrUnknown(drone.currentLocation)],
    ['Hướng', textOrUnknown(drone.direction)],
    ['Tốc độ', formatMeasure(drone.speed, 'km/h')],
    ['Độ cao', formatMeasure(drone.height, 'm')],
    ['Pin', formatMeasure(drone.batteryLevel, '%')],
    ['Cập nhật', formatDateTimeVi(drone.lastUpdate)],
  ];
  return <FactList rows={rows} />;
}

/** Label/value pairs as a definition list. */
export function FactList({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function DroneGrid({ drones, actions }: { drones: readonly DroneView[]; actions: DroneActions }) {
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Danh sách drone">
      {drones.map((drone) => (
        <li key={drone.id}>
          <article aria-label={drone.name} className="flex h-full flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <header className="flex items-start justify-between gap-2">
              <div>
                <h2 className="font-semibold text-slate-900">{drone.name}</h2>
                <p className="text-xs text-slate-500">ID: {drone.id}</p>
              </div>
              <DroneStatusBadge status={drone.status} />
            </header>
            <Facts drone={drone} />
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
  return (
    <>
      {/* Phones: one card per drone; tablets: two columns. */}
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:hidden" aria-label="Danh sách drone">
        {drones.map((drone) => (
          <li key={drone.id} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
            <div className="mb-2 flex items-center justify-between gap-2">
              <p className="font-semibold text-slate-900">
                {drone.name} <span className="text-xs font-normal text-slate-500">#{drone.id}</span>
              </p>
              <DroneStatusBadge status={drone.status} />
            </div>
            <Facts drone={drone} />
            <div className="mt-3">
              <Actions drone={drone} actions={actions} withSensorModal={false} />
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200 lg:block">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">Danh sách drone</caption>
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              {['ID', 'Tên', 'Trạng thái', 'Vị trí', 'Hướng', 'Tốc độ', 'Độ cao', 'Pin', 'Cập nhật', 'Thao tác'].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {drones.map((drone) => (
              <tr key={drone.id} className="border-t border-slate-100">
                <td className="px-3 py-2">{drone.id}</td>
                <td className="px-3 py-2 font-medium text-slate-900">{drone.name}</td>
                <td className="px-3 py-2">
                  <DroneStatusBadge status={drone.status} />
                </td>
                <td className="px-3 py-2">{textOrUnknown(drone.currentLocation)}</td>
                <td className="px-3 py-2">{textOrUnknown(drone.direction)}</td>
                <td className="px-3 py-2">{formatMeasure(drone.speed, 'km/h')}</td>
                <td className="px-3 py-2">{formatMeasure(drone.height, 'm')}</td>
                <td className="px-3 py-2">{formatMeasure(drone.batteryLevel, '%')}</td>
                <td className="px-3 py-2">{formatDateTimeVi(drone.lastUpdate)}</td>
                <td className="px-3 py-2">
                  <Actions drone={drone} actions={actions} withSensorModal={false} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
