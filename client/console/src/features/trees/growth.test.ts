import type { TreeMeasurement } from '@contracts/api';
import { describe, expect, it } from 'vitest';
import { compareGrowth, formatDifference, formatMeasure, formatPercent, sortNewestFirst, trendOf } from './growth';

const m = (id: number, checkDate: string, values: Partial<TreeMeasurement> = {}): TreeMeasurement => ({
  id,
  treeId: 1,
  checkDate,
  topHeight: 10,
  crownHeight: 5,
  diamEter: 20,
  cirumFerence: 62.83,
  ...values,
});

describe('trendOf', () => {
  it('is up only above 0.1, down only below -0.1, steady between (both bounds steady)', () => {
    expect(trendOf(0.11)).toBe('up');
    expect(trendOf(0.1)).toBe('steady');
    expect(trendOf(0)).toBe('steady');
    expect(trendOf(-0.1)).toBe('steady');
    expect(trendOf(-0.11)).toBe('down');
    expect(trendOf(null)).toBe('steady');
  });
});

describe('compareGrowth', () => {
  it('compares the newest measurement by checkDate with the one before, whatever the input order', () => {
    const growth = compareGrowth([
      m(1, '2026-03-02T01:00:00Z', { topHeight: 18 }),
      m(3, '2026-05-02T01:00:00Z', { topHeight: 18.3, crownHeight: 4.2, diamEter: 20.05, cirumFerence: 62.83 }),
      m(2, '2026-04-02T01:00:00Z', { topHeight: 18.1, crownHeight: 5, diamEter: 20, cirumFerence: 62.83 }),
    ]);
    expect(growth.map((g) => [g.key, g.latest, g.difference, g.percent, g.trend])).toEqual([
      ['topHeight', 18.3, 0.2, 1.1, 'up'],
      ['crownHeight', 4.2, -0.8, -16, 'down'],
      // +0.05 cm on 20 cm is +0.25 %: shown, but the difference is within the threshold, so steady.
      ['diamEter', 20.05, 0.05, 0.3, 'steady'],
      // No change: no percentage.
      ['cirumFerence', 62.83, 0, null, 'steady'],
    ]);
    expect(growth.map((g) => g.unit)).toEqual(['m', 'm', 'cm', 'cm']);
  });

  it('hides a percentage whose magnitude is 0.1 or less', () => {
    const [top] = compareGrowth([m(1, '2026-01-01T00:00:00Z', { topHeight: 100 }), m(2, '2026-02-01T00:00:00Z', { topHeight: 100.1 })]);
    expect(top?.difference).toBe(0.1);
    expect(top?.percent).toBeNull();
    expect(top?.trend).toBe('steady');
  });

  it('tests the percentage against 0.1 before rounding it: +0.11 % is shown (as +0.1 %)', () => {
    // 0.11 on 100 is +0.11 %, which rounds to 0.1 but is over the threshold.
    const [top, , diam] = compareGrowth([
      m(1, '2026-01-01T00:00:00Z', { topHeight: 100, diamEter: 100 }),
      m(2, '2026-02-01T00:00:00Z', { topHeight: 100.11, diamEter: 99.89 }),
    ]);
    expect(top?.percent).toBe(0.1);
    expect(diam?.percent).toBe(-0.1);
    expect(formatPercent(top!.percent!)).toBe('+0,1%');
  });

  it('decides the trend on the rounded difference, so floating-point noise does not flip it', () => {
    // 0.3 - 0.2 is 0.09999999999999998 in binary floating point; 18.4 - 18.3 is 0.09999999999999787.
    const [top] = compareGrowth([m(1, '2026-01-01T00:00:00Z', { topHeight: 18.3 }), m(2, '2026-02-01T00:00:00Z', { topHeight: 18.4 })]);
    expect(top?.difference).toBe(0.1);
    expect(top?.trend).toBe('steady');
  });

  it('has no difference with a single measurement, and nothing without measurements', () => {
    const growth = compareGrowth([m(1, '2026-01-01T00:00:00Z')]);
    expect(growth).toHaveLength(4);
    expect(growth.every((g) => g.difference === null && g.percent === null && g.trend === 'steady')).toBe(true);
    expect(compareGrowth([])).toEqual([]);
  });

  it('shows no percentage when the previous value was 0', () => {
    const [top] = compareGrowth([m(1, '2026-01-01T00:00:00Z', { topHeight: 0 }), m(2, '2026-02-01T00:00:00Z', { topHeight: 1 })]);
    expect(top?.difference).toBe(1);
    expect(top?.percent).toBeNull();
    expect(top?.trend).toBe('up');
  });
});

describe('sortNewestFirst', () => {
  it('sorts by checkDate descending without touching its input', () => {
    const input = [m(1, '2026-01-01T00:00:00Z'), m(2, '2026-03-01T00:00:00Z'), m(3, '2026-02-01T00:00:00Z')];
    expect(sortNewestFirst(input).map((x) => x.id)).toEqual([2, 3, 1]);
    expect(input.map((x) => x.id)).toEqual([1, 2, 3]);
  });
});

describe('formatting', () => {
  it('shows measurements with 2 decimals, differences signed, percentages with 1 decimal', () => {
    expect(formatMeasure(18.4, 'm')).toBe('18,40 m');
    expect(formatMeasure(1234.5, 'cm')).toBe('1.234,50 cm');
    expect(formatDifference(0.25, 'm')).toBe('+0,25 m');
    expect(formatDifference(-0.6, 'cm')).toBe('-0,60 cm');
    expect(formatDifference(0, 'cm')).toBe('0,00 cm');
    expect(formatPercent(1.36)).toBe('+1,4%');
    expect(formatPercent(-16)).toBe('-16,0%');
  });
});
