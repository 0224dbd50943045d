/**
 * Waits until the machine's CPUs are idle before a start-up is timed. Why: each round ends by closing a browser
 * context and stopping a server, and their teardown (renderer processes, the server's exit) runs on for a few
 * hundred milliseconds; a start timed during it shares two cores with it and reads up to a third slower, in
 * whichever contender happened to come next.
 */
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

interface CpuTimes {
  idle: number;
  total: number;
}

/** The machine's summed CPU times (Linux's /proc/stat, in clock ticks); undefined where there is none. */
async function cpuTimes(): Promise<CpuTimes | undefined> {
  const stat = await readFile('/proc/stat', 'utf8').catch(() => undefined);
  const fields = stat?.split('\n', 1)[0]?.trim().split(/\s+/).slice(1).map(Number);
  if (!fields || fields.length < 5 || fields.some((n) => !Number.isFinite(n))) return undefined;
  // user nice system idle iowait irq softirq steal: idle and iowait are the time nothing ran.
  return { idle: fields[3]! + fields[4]!, total: fields.slice(0, 8).reduce((sum, n) => sum + n, 0) };
}

export interface QuietOptions {
  /** Share of the CPUs' time that must have been idle over one window. */
  idleShare?: number;
  windowMs?: number;
  /** Give up waiting after this long, and say so: a machine busy with other work stays busy. */
  maxWaitMs?: number;
}

/** Resolves with how long it waited, and whether the machine became quiet within `maxWaitMs`. */
export async function waitForQuietMachine({ idleShare = 0.9, windowMs = 150, maxWaitMs = 5000 }: QuietOptions = {}): Promise<{ waitedMs: number; quiet: boolean }> {
  const started = performance.now();
  let before = await cpuTimes();
  if (!before) return { waitedMs: 0, quiet: true };
  while (performance.now() - started < maxWaitMs) {
    await sleep(windowMs);
    const after = await cpuTimes();
    if (!after) return { waitedMs: performance.now() - started, quiet: true };
    const total = after.total - before.total;
    if (total > 0 && (after.idle - before.idle) / total >= idleShare) return { waitedMs: performance.now() - started, quiet: true };
    before = after;
  }
  return { waitedMs: performance.now() - started, quiet: false };
}
