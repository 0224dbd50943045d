import { describe, expect, it } from 'vitest';
import { buildConsole } from './console-build.js';

const ROOT = new URL('..', import.meta.url).pathname;

describe('buildConsole', () => {
  it("leaves this process's NODE_ENV unset, as the bench runs, for the servers it starts afterwards", async () => {
    // The bench runs without NODE_ENV; the test runner sets one, which Vite's build would keep.
    const runner = process.env.NODE_ENV;
    delete process.env.NODE_ENV;
    try {
      const built = await buildConsole(ROOT);
      expect(process.env.NODE_ENV).toBeUndefined();
      expect(Object.values(built.manifest).some((chunk) => chunk.isEntry)).toBe(true);
    } finally {
      if (runner === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = runner;
    }
  }, 120_000);
});
