import { formatDifference, formatMeasure, formatPercent, type GrowthComparison, type Trend } from './growth';

const TREND_STYLE: Record<Trend, { arrow: string; label: string; className: string }> = {
  up: { arrow: '↑', label: 'Tăng', className: 'text-green-700' },
  down: { arrow: '↓', label: 'Giảm', className: 'text-red-700' },
  steady: { arrow: '→', label: 'Ổn định', className: 'text-slate-500' },
};

/** The newest measurement against the one before it, per metric (docs/console.md#growth-rules). */
export function GrowthBlock({ growth }: { growth: readonly GrowthComparison[] }) {
  return (
    <section aria-labelledby="growth-title" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id="growth-title" className="mb-4 text-base font-semibold text-slate-900">
        Tăng trưởng so với lần đo trước
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {growth.map((g) => {
          const trend = TREND_STYLE[g.trend];
          return (
            <li key={g.key} data-testid={`growth-${g.key}`} data-trend={g.trend} className="rounded-xl bg-slate-50 p-4">
              <p className="text-sm text-slate-600">{g.label}</p>
              <p className="mt-1 text-xl font-bold text-slate-900" data-testid="growth-latest">
                {formatMeasure(g.latest, g.unit)}
              </p>
              <p className={`mt-1 flex items-center gap-1.5 text-sm font-medium ${trend.className}`} data-testid="growth-change">
                <span role="img" aria-label={trend.label}>
                  {trend.arrow}
                </span>
                {g.difference === null ? (
                  <span>Chưa có lần đo trước</span>
                ) : (
                  <>
                    <span>{formatDifference(g.difference, g.unit)}</span>
                    {g.percent !== null && <span>({formatPercent(g.percent)})</span>}
                  </>
                )}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
