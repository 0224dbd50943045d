/** One drone's sensors (docs/console.md#sensor-detail), read from its sensor control system. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { notify } from '../../components/ui/notices';
import { formatDateTimeVi, UNKNOWN_TEXT } from '../../lib/format';
import { droneSensorSystemQueryOptions } from '../drones/drone-queries';
import { errorText } from '../trees/load-error';
import { LoadingBlock } from '../trees/page-parts';
import { SENSOR_STATUS_LABELS, SENSOR_TYPE_NAMES, sensorActionMessage, sensorsOf, type SensorAction } from './sensor-items';
import { SensorTable } from './sensor-table';
import { SENSOR_LOAD_FAILURE, SENSOR_PAGE_ERROR_TITLE } from './sensor-texts';

const ACTIONS: [SensorAction, string][] = [
  ['configure', 'Configure'],
  ['test', 'Test'],
  ['maintenance', 'Maintenance'],
];

const backLinkClass = 'rounded-lg bg-white px-4 py-2 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-50';

export function SensorDetailPage({ droneId }: { droneId: number }) {
  const query = useQuery(droneSensorSystemQueryOptions(droneId));
  const system = query.data;
  // On failure the list is empty (docs/console.md#faults-and-retries): nothing stale from another drone is shown.
  const sensors = system && !query.isError ? sensorsOf(system, droneId) : [];

  let body;
  if (query.isPending)
    body = <LoadingBlock label="Đang tải dữ liệu cảm biến" />;
  else if (query.isError)
    body = (
      <div role="alert" className="mx-auto my-10 max-w-md rounded-2xl bg-red-50 p-6 text-center ring-1 ring-red-200">
        <p className="text-lg font-semibold text-red-800">{SENSOR_PAGE_ERROR_TITLE}</p>
        <p className="mt-1 text-sm text-red-700">{SENSOR_LOAD_FAILURE}</p>
        <p className="mt-1 text-xs text-red-700">{errorText(query.error, '')}</p>
        <div className="mt-4 flex justify-center gap-2">
          <button
            type="button"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white disabled:opacity-60"
          >
            {query.isFetching ? 'Đang thử lại...' : 'Thử lại'}
          </button>
          <Link to="/drone" className={backLinkClass}>
            Quay lại
          </Link>
        </div>
      </div>
    );
  else if (system)
    body = (
      <div className="flex flex-col gap-6">
        <section aria-labelledby="scs-title" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
          <h2 id="scs-title" className="mb-3 font-semibold text-slate-900">
            Sensor Control System
          </h2>
          <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
            {[
              ['SCS ID', String(system.scsId)],
              ['LiDAR', `#${system.lidarId} · ${system.lidarModel}`],
              ['Camera', `#${system.cameraId} · ${system.cameraModel}`],
              ['Radar', `#${system.radarId} · ${system.radarModel}`],
            ].map(([label, value]) => (
              <div key={label} className="min-w-0 rounded-xl bg-slate-50 p-3">
                <dt className="text-slate-500">{label}</dt>
                <dd className="font-medium break-words text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="sensor-list-title">
          <h2 id="sensor-list-title" className="mb-3 font-semibold text-slate-900">
            Danh sách cảm biến ({sensors.length})
          </h2>
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-3">
            {sensors.map((sensor) => (
              <li key={sensor.id} className="min-w-0">
                <article aria-labelledby={`sensor-${sensor.sensorType}-${sensor.id}`} className="flex h-full flex-col gap-2 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
                  <p className="text-xs font-semibold uppercase text-emerald-700">{SENSOR_TYPE_NAMES[sensor.sensorType]}</p>
                  <h3 id={`sensor-${sensor.sensorType}-${sensor.id}`} className="font-semibold wrap-anywhere text-slate-900">
                    {sensor.name}
                  </h3>
                  <p className="text-sm text-slate-600">ID: {sensor.id}</p>
                  <p className="text-sm text-slate-600">Trạng thái: {sensor.status ? SENSOR_STATUS_LABELS[sensor.status] : UNKNOWN_TEXT}</p>
                  <p className="text-sm text-slate-600">Cập nhật: {formatDateTimeVi(sensor.lastUpdate)}</p>
                  <div className="mt-auto flex flex-wrap gap-2 pt-2">
                    {ACTIONS.map(([action, label]) => (
                      <button
                        key={action}
                        type="button"
                        onClick={() => notify(sensorActionMessage(action, sensor), 'info')}
                        className="rounded-lg bg-white px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-50"
                      >
                        {label}
                      </button>
                    ))}
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="sensor-table-title">
          <h2 id="sensor-table-title" className="mb-3 font-semibold text-slate-900">
            Chi tiết cảm biến
          </h2>
          <SensorTable sensors={sensors} />
        </section>
        <p className="text-sm text-slate-600" data-testid="sensor-summary">
          Tổng kết: {sensors.length} cảm biến, {sensors.filter((s) => s.status === 'active').length} đang hoạt động.
        </p>
      </div>
    );

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <header className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div>
          <Link to="/drone" className="text-sm font-medium text-emerald-700 hover:underline">
            ← Quay lại quản lý drone
          </Link>
          <h1 className="mt-2 text-2xl font-bold text-slate-900">Cảm biến của drone #{droneId}</h1>
        </div>
      </header>
      {body}
    </div>
  );
}
