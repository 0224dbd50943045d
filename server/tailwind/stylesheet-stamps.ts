/**
 * What a stylesheet (or config) was when something was built from it, so a cached compiler, class list or theme is
 * rebuilt when the project's CSS entry or anything it imports changes, and only then.
 */
import { statSync } from 'node:fs';

/** File path → `mtime:size`, or `missing`. */
export type Stamps = Map<string, string>;

/**
 * Why synchronous: a handful of stats take microseconds, while each asynchronous one waits its turn in libuv's
 * thread pool behind whatever else the server reads (Vite serving the page), which took tens of milliseconds from
 * every instant-CSS answer.
 */
export function stampOf(file: string): string {
  const info = statSync(file, { throwIfNoEntry: false });
  return info ? `${info.mtimeMs}:${info.size}` : 'missing';
}

export async function addStamp(stamps: Stamps, file: string): Promise<void> {
  stamps.set(file, stampOf(file));
}

export async function isStale(stamps: Stamps): Promise<boolean> {
  for (const [file, stamp] of stamps) if (stampOf(file) !== stamp) return true;
  return false;
}
