import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { AFTER_PAINT_FALLBACK_MS, afterNextPaint, subscribeAfterPaint } from './after-next-paint';

describe('afterNextPaint', () => {
  let frames: Array<() => void> = [];
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs in a task after the next animation frame, once', () => {
    const run = vi.fn();
    afterNextPaint(run);
    vi.advanceTimersByTime(0);
    expect(run).not.toHaveBeenCalled();
    frames.shift()!();
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(AFTER_PAINT_FALLBACK_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs the given delay after that paint', () => {
    const run = vi.fn();
    afterNextPaint(run, 250);
    frames.shift()!();
    vi.advanceTimersByTime(249);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs anyway when no frame comes', () => {
    const run = vi.fn();
    afterNextPaint(run);
    vi.advanceTimersByTime(AFTER_PAINT_FALLBACK_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('tells the listeners of every change until then once, while the state itself changes at once', () => {
    const store = createStore<{ n: number }>()(() => ({ n: 0 }));
    const subscribe = subscribeAfterPaint(store);
    const seen: number[] = [];
    const stop = subscribe((state, previous) => seen.push(previous.n, state.n));
    store.setState({ n: 1 });
    store.setState({ n: 2 });
    expect(store.getState().n).toBe(2);
    expect(seen).toEqual([]);
    frames.shift()!();
    vi.advanceTimersByTime(0);
    expect(seen).toEqual([0, 2]);
    expect(frames).toHaveLength(0);
    stop();
    store.setState({ n: 3 });
    vi.advanceTimersByTime(AFTER_PAINT_FALLBACK_MS);
    expect(seen).toEqual([0, 2]);
  });
});
