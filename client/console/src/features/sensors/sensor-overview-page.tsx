/** Sensor systems overview (docs/console.md#sensor-systems-overview): counts over every drone, 9 drones per page. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isPageOutOfRange, PageOutOfRange } from '../../components/ui/page-out-of-range';
import { Pagination } from '../../components/ui/pagination';
import { allDronesQueryOptions } from '../drones/drone-queries';
import { DroneStatusBadge } from '../drones/drone-status-badge';
import { isDroneActive } from '../drones/drone-view-model';
import { errorText } from '../trees/load-error';
import { LoadingBlock } from '../trees/page-parts';
import { SENSORS_PER_DRONE } from './sensor-items';
import { SENSOR_LOAD_FAILURE } from './sensor-texts';

/** Drones per page of the overview (docs/console.md#paging-rules). */
export const SENSOR_OVERVIEW_PAGE_SIZE = 9;

export function SensorOverviewPage({ page, onPageChange }: { page: number; onPageChange(page: number): void }) {
  const query = useQuery(allDronesQueryOptions());
  const drones = query.data ?? [];
  const totalPages = Math.ceil(drones.length / SENSOR_OVERVIEW_PAGE_SIZE);
  const shown = drones.slice(page * SENSOR_OVERVIEW_PAGE_SIZE, (page + 1) * SENSOR_OVERVIEW_PAGE_SIZE);
  const stats: [string, string, string][] = [
    ['total-drones', 'Tổng số drone', String(drones.length)],
    ['active-drones', 'Drone đang hoạt động', String(drones.filter((d) => isDroneActive(d.status)).length)],
    ['total-sensors', 'Tổng số cảm biến', String(drones.length * SENSORS_PER_DRONE)],
  ];

  let body;
  if (query.isPending)
    body = <LoadingBlock label="Đang tải hệ thống cảm biến" />;
  else if (query.isError)
    body = (
      <div role="alert" className="mx-auto my-10 max-w-md rounded-2xl bg-red-50 p-6 text-center ring-1 ring-red-200">
        <p className="font-semibold text-red-800">{SENSOR_LOAD_FAILURE}</p>
        <p className="mt-1 text-sm text-red-700">{errorText(query.error, '')}</p>
        <button type="button" onClick={() => void query.refetch()} className="mt-4 rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white">
          Thử lại
        </button>
      </div>
    );
  else if (isPageOutOfRange(page, totalPages)) body = <PageOutOfRange page={page} totalPages={totalPages} onFirstPage={() => onPageChange(0)} />;
  else if (drones.length === 0) body = <p className="py-10 text-center text-slate-600">Chưa có drone nào</p>;
  else
    body = (
      <>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Hệ thống cảm biến theo drone">
          {shown.map((drone) => (
            <li key={drone.id}>
              <Link
                to="/drone/sensor/$droneId"
                params={{ droneId: drone.id }}
                className="flex h-full flex-col gap-2 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 hover:ring-emerald-400"
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="min-w-0 font-semibold wrap-anywhere text-slate-900">{drone.name}</span>
                  <DroneStatusBadge status={drone.status} />
                </span>
                <span className="text-sm text-slate-600">Drone ID: {drone.id}</span>
                <span className="text-sm text-slate-600">SCS ID: {drone.sensorControlSystemId}</span>
                <span className="text-sm text-slate-600">{SENSORS_PER_DRONE}&nbsp;cảm biến: LiDAR, Camera, Radar</span>
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-6">
          <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} label="Phân trang hệ thống cảm biến" summary={`Trang ${page + 1} / ${totalPages}`} />
        </div>
      </>
    );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Hệ thống cảm biến</h1>
      <dl className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-3">
        {stats.map(([id, label, value]) => (
          <div key={id} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid={id}>
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-2xl font-bold text-slate-900">{query.isSuccess ? value : query.isError ? 'Chưa xác định' : '…'}</dd>
          </div>
        ))}
      </dl>
      {body}
    </div>
  );
}
