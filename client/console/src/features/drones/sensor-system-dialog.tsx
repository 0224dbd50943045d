/** The sensor control system of one drone, opened from the grid (docs/console.md#drone-management). */
import { useQuery } from '@tanstack/react-query';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { SENSOR_LOAD_FAILURE } from '../sensors/sensor-texts';
import { SensorTable } from '../sensors/sensor-table';
import { sensorsOf } from '../sensors/sensor-items';
import { droneSensorSystemQueryOptions } from './drone-queries';
import type { DroneView } from './drone-view-model';

export function SensorSystemDialog({ drone, onClose }: { drone: DroneView; onClose(): void }) {
  const query = useQuery(droneSensorSystemQueryOptions(drone.id));
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Hệ thống cảm biến – ${drone.name}`}
      size="lg"
      footer={
        <button type="button" onClick={onClose} className="rounded-lg bg-white px-4 py-2 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-50">
          Đóng
        </button>
      }
    >
      {query.isPending ? (
        <Spinner label="Đang tải hệ thống cảm biến" visibleLabel />
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-red-700">{SENSOR_LOAD_FAILURE}</p>
          <button
            type="button"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-60"
          >
            {query.isFetching ? 'Đang thử lại...' : 'Thử lại'}
          </button>
        </div>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">SCS ID: {query.data.scsId}</p>
          <SensorTable sensors={sensorsOf(query.data, drone.id)} />
        </>
      )}
    </Dialog>
  );
}
