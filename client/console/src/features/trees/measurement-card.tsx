import type { TreeMeasurement } from '@contracts/api';
import { formatDateTimeVi } from '../../lib/format';
import { formatMeasure, GROWTH_METRICS } from './growth';

export function MeasurementCard({ measurement, newest = false }: { measurement: TreeMeasurement; newest?: boolean }) {
  return (
    <article
      aria-label={`Lần đo #${measurement.id}`}
      className={`rounded-2xl bg-white p-4 ring-1 ${newest ? 'ring-2 ring-emerald-500' : 'ring-slate-200'}`}
    >
      <header className="mb-2 flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-700">{formatDateTimeVi(measurement.checkDate)}</p>
        {newest && <span className="rounded-full bg-emerald-600 px-2.5 py-0.5 text-xs font-semibold text-white">Mới nhất</span>}
      </header>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {GROWTH_METRICS.map((g) => (
          <div key={g.key} className="contents">
            <dt className="text-slate-500">{g.label}</dt>
            <dd className="text-right font-medium text-slate-900">{formatMeasure(measurement[g.key], g.unit)}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
