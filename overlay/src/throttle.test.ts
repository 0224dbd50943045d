import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_THROTTLE_MS, throttle } from './throttle.js';

describe('throttle (50 ms, leading and trailing)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and folds a burst into one trailing call with the latest arguments', () => {
    const calls: number[] = [];
    const send = throttle((n: number) => calls.push(n), MESSAGE_THROTTLE_MS);
    send(1);
    expect(calls).toEqual([1]);
    send(2);
    send(3);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(49);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([1, 3]);
  });

  it('runs a call made after a quiet window at once again', () => {
    const calls: number[] = [];
    const send = throttle((n: number) => calls.push(n));
    send(1);
    vi.advanceTimersByTime(200);
    send(2);
    expect(calls).toEqual([1, 2]);
  });

  it('never runs more than once per window under a steady stream', () => {
    const calls: number[] = [];
    const send = throttle((n: number) => calls.push(n));
    for (let t = 0; t < 500; t += 5) {
      send(t);
      vi.advanceTimersByTime(5);
    }
    vi.advanceTimersByTime(100);
    expect(calls.length).toBeGreaterThanOrEqual(9);
    expect(calls.length).toBeLessThanOrEqual(11);
    expect(calls.at(-1)).toBe(495);
  });

  it('cancel drops the trailing call', () => {
    const calls: number[] = [];
    const send = throttle((n: number) => calls.push(n));
    send(1);
    send(2);
    send.cancel();
    vi.advanceTimersByTime(100);
    expect(calls).toEqual([1]);
  });
});
