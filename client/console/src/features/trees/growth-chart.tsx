/**
 * The four growth metrics over time, because a line shows growth faster than a grid of cards. Heights (m) and
 * girth (cm) differ by an order of magnitude, so each unit gets its own axis.
 */
import type { TreeMeasurement } from '@contracts/api';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { GROWTH_METRICS, viDecimals } from './growth';

const COLOURS: Record<(typeof GROWTH_METRICS)[number]['key'], string> = {
  topHeight: '#059669',
  crownHeight: '#0284c7',
  diamEter: '#d97706',
  cirumFerence: '#7c3aed',
};

const dateFormat = new Intl.DateTimeFormat('vi-VN', { day: '2-digit', month: '2-digit', year: 'numeric' });

export function GrowthChart({ measurements }: { measurements: readonly TreeMeasurement[] }) {
  // Oldest first: time runs left to right.
  const points = [...measurements]
    .sort((a, b) => Date.parse(a.checkDate) - Date.parse(b.checkDate))
    .map((m) => ({ ...m, time: Date.parse(m.checkDate) }));
  const first = points[0];
  const last = points.at(-1);
  const description =
    first && last
      ? `Biểu đồ tăng trưởng từ ${dateFormat.format(first.time)} đến ${dateFormat.format(last.time)}, ${points.length} lần đo: ` +
        GROWTH_METRICS.map((g) => `${g.label} từ ${viDecimals(first[g.key], 2)} lên ${viDecimals(last[g.key], 2)} ${g.unit}`).join('; ')
      : 'Chưa có dữ liệu';
  return (
    <figure role="group" aria-label="Biểu đồ tăng trưởng" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <figcaption className="mb-3 text-base font-semibold text-slate-900">Biểu đồ tăng trưởng</figcaption>
      <p className="sr-only" data-testid="growth-chart-description">{description}</p>
      <div className="h-72" aria-hidden="true" data-testid="growth-chart">
        <ResponsiveContainer width="100%" height="100%">
          {/* Why no accessibility layer: the chart is hidden from assistive technology (the description above and the
              cards below say the same in text), so it must not take keyboard focus either. */}
          <LineChart data={points} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="time" type="number" scale="time" domain={['dataMin', 'dataMax']} tickFormatter={(t: number) => dateFormat.format(t)} fontSize={12} />
            <YAxis yAxisId="m" unit=" m" fontSize={12} width={64} />
            <YAxis yAxisId="cm" orientation="right" unit=" cm" fontSize={12} width={72} />
            <Tooltip
              labelFormatter={(t) => dateFormat.format(Number(t))}
              formatter={(value, name) => {
                const metric = GROWTH_METRICS.find((g) => g.label === name);
                return [`${viDecimals(Number(value), 2)} ${metric?.unit ?? ''}`, name];
              }}
            />
            <Legend />
            {GROWTH_METRICS.map((g) => (
              <Line
                key={g.key}
                yAxisId={g.unit}
                type="monotone"
                dataKey={g.key}
                name={g.label}
                stroke={COLOURS[g.key]}
                strokeWidth={2}
                dot={{ r: 3 }}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
