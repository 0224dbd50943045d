import { describe, expect, it } from 'vitest';
import { alternate, alternateRounds, median, medianOf } from './statistics.js';

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });
  it('refuses an empty list', () => {
    expect(() => median([])).toThrow(/no values/);
  });
});

describe('alternate', () => {
  it('runs each measure once per round, alternating which goes first, and returns medians', async () => {
    const calls: string[] = [];
    const values = { a: [10, 30, 20], b: [1, 2, 100] };
    const next = (key: 'a' | 'b') => async () => {
      calls.push(key);
      return values[key].shift()!;
    };
    const result = await alternate(3, { a: next('a'), b: next('b') });
    expect(calls).toEqual(['a', 'b', 'b', 'a', 'a', 'b']);
    expect(result).toEqual({ a: 20, b: 2 });
  });
  it('refuses zero rounds', async () => {
    await expect(alternate(0, { a: async () => 1 })).rejects.toThrow(/at least 1/);
  });
});

describe('alternateRounds', () => {
  it('keeps every sample of measures that report several figures, for medianOf', async () => {
    let n = 0;
    const samples = await alternateRounds(3, { a: async () => ({ ready: ++n, paint: n * 10 }) });
    expect(samples.a).toHaveLength(3);
    expect(medianOf(samples.a, (s) => s.paint)).toBe(20);
  });
});
