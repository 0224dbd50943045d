/**
 * Leading-and-trailing throttle (outgoing mouse moves and similar messages, 50 ms): the first call runs
 * at once, later calls within the window are folded into one trailing call with the latest arguments, so the
 * parent always learns the final position. See docs/editor.md#frame-to-editor.
 */
export const MESSAGE_THROTTLE_MS = 50;

export interface Throttled<Args extends unknown[]> {
  (...args: Args): void;
  cancel(): void;
}

export function throttle<Args extends unknown[]>(
  fn: (...args: Args) => void,
  waitMs: number = MESSAGE_THROTTLE_MS,
  now: () => number = Date.now,
): Throttled<Args> {
  let lastRun = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: Args | null = null;

  const runPending = () => {
    timer = null;
    if (!pending) return;
    const args = pending;
    pending = null;
    lastRun = now();
    fn(...args);
  };

  const throttled = (...args: Args) => {
    const elapsed = now() - lastRun;
    if (elapsed >= waitMs && !timer) {
      lastRun = now();
      fn(...args);
      return;
    }
    pending = args;
    if (!timer) timer = setTimeout(runPending, Math.max(0, waitMs - elapsed));
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}
