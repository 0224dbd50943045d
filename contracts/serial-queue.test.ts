import { describe, expect, it } from 'vitest';
import { keyedSerialQueue } from './serial-queue.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('keyedSerialQueue', () => {
  it('runs the tasks of one key in turn, a failure not blocking the next, and other keys beside them', async () => {
    const run = keyedSerialQueue<string>();
    const log: string[] = [];
    const task = (name: string, fail = false) => async () => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      if (fail) throw new Error(name);
      return name;
    };
    const a1 = run('a', task('a1', true));
    const a2 = run('a', task('a2'));
    const b1 = run('b', task('b1'));
    await expect(a1).rejects.toThrow('a1');
    await expect(a2).resolves.toBe('a2');
    await expect(b1).resolves.toBe('b1');
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
  });
});
