/**
 * What a stylesheet (or config) was when something was built from it, so a cached compiler, class list or theme is
 * rebuilt when the project's CSS entry or anything it imports changes, and only then.
 */
import { stat } from 'node:fs/promises';

/** File path → `mtime:size`, or `missing`. */
export type Stamps = Map<string, string>;

export async function stampOf(file: string): Promise<string> {
  const info = await stat(file).catch(() => undefined);
  return info ? `${info.mtimeMs}:${info.size}` : 'missing';
}

export async function addStamp(stamps: Stamps, file: string): Promise<void> {
  stamps.set(file, await stampOf(file));
}

export async function isStale(stamps: Stamps): Promise<boolean> {
  for (const [file, stamp] of stamps) if ((await stampOf(file)) !== stamp) return true;
  return false;
}
