import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CanvasDocument, ElementSourceInfo } from '@contracts/studio-api.js';
import { afterFirstFrame, firstFrameEditable, type FirstFrameSource } from './after-first-frame';

type Facts = ReturnType<FirstFrameSource['getState']>;

const canvasWith = (frames: number) => ({ frames: Array.from({ length: frames }, (_, i) => ({ id: `f${i}` })) }) as unknown as CanvasDocument;
const opening: Facts = { canvas: canvasWith(1), elementInfo: {}, withoutSource: {} };
const lookedUp: Facts = { ...opening, elementInfo: { 'tempo-1': {} as ElementSourceInfo } };

function storeOf(initial: Facts) {
  let state = initial;
  const listeners = new Set<(state: Facts) => void>();
  return {
    getState: () => state,
    subscribe: (listener: (state: Facts) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: Facts) {
      state = next;
      for (const listener of listeners) listener(state);
    },
    listeners,
  };
}

describe('the first frame editable', () => {
  it('is a frame whose elements were looked up, found or not, or a canvas without frames', () => {
    expect(firstFrameEditable(opening)).toBe(false);
    expect(firstFrameEditable({ ...opening, canvas: null })).toBe(false);
    expect(firstFrameEditable(lookedUp)).toBe(true);
    expect(firstFrameEditable({ ...opening, withoutSource: { 'tempo-2': true } })).toBe(true);
    expect(firstFrameEditable({ ...opening, canvas: canvasWith(0) })).toBe(true);
  });
});

describe('afterFirstFrame', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the first lookup, then runs once and stops listening', () => {
    const store = storeOf(opening);
    const then = vi.fn();
    afterFirstFrame(store, then, 1000);
    store.set({ ...opening });
    expect(then).not.toHaveBeenCalled();
    store.set(lookedUp);
    store.set({ ...lookedUp });
    expect(then).toHaveBeenCalledTimes(1);
    expect(store.listeners.size).toBe(0);
    vi.advanceTimersByTime(2000);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('runs at once when the first frame is already editable', () => {
    const then = vi.fn();
    afterFirstFrame(storeOf(lookedUp), then, 1000);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('runs after the wait when no frame becomes editable', () => {
    const store = storeOf(opening);
    const then = vi.fn();
    afterFirstFrame(store, then, 1000);
    vi.advanceTimersByTime(999);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledTimes(1);
    expect(store.listeners.size).toBe(0);
  });

  it('never runs once cancelled', () => {
    const store = storeOf(opening);
    const then = vi.fn();
    afterFirstFrame(store, then, 1000)();
    store.set(lookedUp);
    vi.advanceTimersByTime(2000);
    expect(then).not.toHaveBeenCalled();
    expect(store.listeners.size).toBe(0);
  });
});
