/**
 * Waiting for a server to settle, on real processes: one that works for a while and then idles, one that never
 * stops working.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { waitUntilSettled } from './load.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** A Node process that keeps a core busy for `busyMs` (forever when undefined), then waits to be killed. */
function busyProcess(busyMs?: number): ChildProcess {
  const code = `const end = Date.now() + ${busyMs ?? Number.MAX_SAFE_INTEGER}; while (Date.now() < end) {} setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
  children.push(child);
  return child;
}

describe('waitUntilSettled', () => {
  it('waits for a process that works for a while, and not much longer', async () => {
    const child = busyProcess(1500);
    const waited = await waitUntilSettled(child.pid!, { windowMs: 250, quietWindows: 2, timeoutMs: 20_000 });
    expect(waited).toBeGreaterThanOrEqual(1500);
    expect(waited).toBeLessThan(10_000);
  });

  it('gives up on a process that never settles, saying so', async () => {
    const child = busyProcess();
    await expect(waitUntilSettled(child.pid!, { windowMs: 200, timeoutMs: 1500 })).rejects.toThrow(`process ${child.pid} was still busy after 1500 ms`);
  });

  it('returns at once for a process that is gone', async () => {
    expect(await waitUntilSettled(2 ** 22 + 12345)).toBe(0);
  });
});
