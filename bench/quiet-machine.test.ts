import { describe, expect, it } from 'vitest';
import { waitForQuietMachine } from './quiet-machine.js';

const linux = process.platform === 'linux';

describe('waitForQuietMachine', () => {
  it.runIf(linux)('returns after one window when any idleness will do', async () => {
    const result = await waitForQuietMachine({ idleShare: 0, windowMs: 20, maxWaitMs: 1000 });
    expect(result.quiet).toBe(true);
    expect(result.waitedMs).toBeLessThan(1000);
  });
  it.runIf(linux)('gives up after its longest wait and says the machine was not quiet', async () => {
    const result = await waitForQuietMachine({ idleShare: 1.01, windowMs: 20, maxWaitMs: 100 });
    expect(result.quiet).toBe(false);
    expect(result.waitedMs).toBeGreaterThanOrEqual(100);
  });
});
