/**
 * `settledWithin(work, ms)`: waits for `work` at most `ms`. What the server's close waits for this way (Vite's own
 * close, which waits for every transform under way; the source engine still loading) must not hold a stop on Ctrl-C
 * past its cap: the process ends anyway, and takes what is left with it.
 */

/** How long one part of the server's close may take: two of them fit well inside the CLI's cap of five seconds. */
export const CLOSE_PART_MS = 1500;

/** Whether `work` settled (fulfilled or rejected) within `ms`. */
export function settledWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    timer.unref();
    const done = () => {
      clearTimeout(timer);
      resolve(true);
    };
    work.then(done, done);
  });
}
