import { ScrollArea } from '../../components/ui/scroll-area';
import { formatDateTimeVi, UNKNOWN_TEXT } from '../../lib/format';
import { SENSOR_STATUS_LABELS, SENSOR_TYPE_NAMES, type SensorItem } from './sensor-items';

/** The details table: type, id, model, status (the API's, when it gives one) and last update. */
export function SensorTable({ sensors }: { sensors: readonly SensorItem[] }) {
  return (
    <ScrollArea label="Chi tiết cảm biến" className="overflow-x-auto rounded-xl ring-1 ring-slate-200">
      <table className="min-w-full bg-white text-left text-sm">
        <caption className="sr-only">Chi tiết cảm biến</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            {['Loại', 'ID', 'Model', 'Trạng thái', 'Cập nhật lần cuối'].map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sensors.map((s) => (
            <tr key={s.id} className="border-t border-slate-100">
              <td className="px-3 py-2">{SENSOR_TYPE_NAMES[s.sensorType]}</td>
              <td className="px-3 py-2">{s.id}</td>
              <td className="px-3 py-2 break-words">{s.model}</td>
              <td className="px-3 py-2">{s.status ? SENSOR_STATUS_LABELS[s.status] : UNKNOWN_TEXT}</td>
              <td className="px-3 py-2">{formatDateTimeVi(s.lastUpdate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}
