/**
 * Growth of a rubber tree between its two newest measurements (docs/console.md#growth-rules).
 */
import type { TreeMeasurement } from '@contracts/api';

/** A difference whose magnitude is at most this is 'steady'; a percentage at most this is not shown. */
export const TREND_THRESHOLD = 0.1;

export type Trend = 'up' | 'down' | 'steady';
export type GrowthMetricKey = 'topHeight' | 'crownHeight' | 'diamEter' | 'cirumFerence';

export interface GrowthMetric {
  key: GrowthMetricKey;
  label: string;
  unit: 'm' | 'cm';
}

export const GROWTH_METRICS: readonly GrowthMetric[] = [
  { key: 'topHeight', label: 'Chiều cao ngọn', unit: 'm' },
  { key: 'crownHeight', label: 'Chiều cao tán', unit: 'm' },
  { key: 'diamEter', label: 'Đường kính', unit: 'cm' },
  { key: 'cirumFerence', label: 'Chu vi', unit: 'cm' },
];

export interface GrowthComparison extends GrowthMetric {
  latest: number;
  /** Latest minus previous; null when there is no previous measurement. */
  difference: number | null;
  /** Percentage change from the previous; null when there is no previous, it was 0, or |%| ≤ 0.1. */
  percent: number | null;
  trend: Trend;
}

export function trendOf(difference: number | null): Trend {
  if (difference === null) return 'steady';
  if (difference > TREND_THRESHOLD) return 'up';
  if (difference < -TREND_THRESHOLD) return 'down';
  return 'steady';
}

/** Newest first, by checkDate; equal dates keep the higher id first so the order is stable. */
export function sortNewestFirst(measurements: readonly TreeMeasurement[]): TreeMeasurement[] {
  return [...measurements].sort((a, b) => Date.parse(b.checkDate) - Date.parse(a.checkDate) || b.id - a.id);
}

/**
 * The growth block: the newest measurement against the one before it, per metric. Empty when there are no
 * measurements. Differences are rounded to the 2 decimals they are shown with before the trend is decided, so a
 * floating-point 0.1000000001 does not show '+0.10' with an up arrow.
 */
export function compareGrowth(measurements: readonly TreeMeasurement[]): GrowthComparison[] {
  const [latest, previous] = sortNewestFirst(measurements);
  if (!latest) return [];
  return GROWTH_METRICS.map((metric) => {
    const now = latest[metric.key];
    if (!previous) return { ...metric, latest: now, difference: null, percent: null, trend: 'steady' };
    const difference = round(now - previous[metric.key], 2);
    const rawPercent = previous[metric.key] === 0 ? null : (difference / previous[metric.key]) * 100;
    // Why test before rounding: +0.11 % is over the threshold, though it is shown as '+0,1%'.
    const percent = rawPercent !== null && Math.abs(rawPercent) > TREND_THRESHOLD ? round(rawPercent, 1) : null;
    return { ...metric, latest: now, difference, percent, trend: trendOf(difference) };
  });
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  // Why Number.EPSILON: 1.005 * 100 is 100.49999…, which would round down.
  const rounded = Math.round((value + Math.sign(value) * Number.EPSILON) * factor) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** A number with exactly `decimals` decimals in vi-VN digits, as every other screen writes numbers: '18,42'. */
export function viDecimals(value: number, decimals: number): string {
  return value.toLocaleString('vi-VN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** A measurement with its unit, 2 decimals: '18,42 m'. */
export function formatMeasure(value: number, unit: string): string {
  return `${viDecimals(value, 2)} ${unit}`;
}

/** A signed difference with its unit, 2 decimals: '+0,25 m', '-0,61 m', '0,00 cm'. */
export function formatDifference(value: number, unit: string): string {
  return `${signOf(value)}${viDecimals(Math.abs(value), 2)} ${unit}`;
}

/** A signed percentage, 1 decimal: '+1,4%'. */
export function formatPercent(value: number): string {
  return `${signOf(value)}${viDecimals(Math.abs(value), 1)}%`;
}

function signOf(value: number): string {
  return value > 0 ? '+' : value < 0 ? '-' : '';
}
