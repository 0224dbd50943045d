import { describe, expect, it } from 'vitest';
import { walkPages } from './walk-pages';

function pagedSource(total: number, size: number) {
  const calls: number[] = [];
  const items = Array.from({ length: total }, (_, i) => i + 1);
  return {
    calls,
    fetchPage: async (page: number) => {
      calls.push(page);
      return { content: items.slice(page * size, page * size + size), totalPages: Math.ceil(total / size) };
    },
  };
}

describe('walkPages', () => {
  it('merges every page in order and stops at the short one', async () => {
    const source = pagedSource(43, 6);
    expect(await walkPages(source.fetchPage, 6)).toEqual(Array.from({ length: 43 }, (_, i) => i + 1));
    expect(source.calls).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('does not ask for an empty page after an exact multiple', async () => {
    const source = pagedSource(12, 6);
    expect(await walkPages(source.fetchPage, 6)).toHaveLength(12);
    expect(source.calls).toEqual([0, 1]);
  });

  it('makes one call for an empty list', async () => {
    const source = pagedSource(0, 6);
    expect(await walkPages(source.fetchPage, 6)).toEqual([]);
    expect(source.calls).toEqual([0]);
  });

  it('asks for the pages after the first at once, once the gate between them opened', async () => {
    const source = pagedSource(20, 6);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const walking = walkPages(source.fetchPage, 6, { beforeRest: () => gate });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(source.calls).toEqual([0]);
    open();
    expect(await walking).toHaveLength(20);
    expect(source.calls).toEqual([0, 1, 2, 3]);
  });

  it('stops at maxPages for a server that never ends, and passes errors on', async () => {
    let calls = 0;
    const endless = async () => ((calls += 1), { content: [1, 2, 3, 4, 5, 6], totalPages: Infinity });
    expect(await walkPages(endless, 6, { maxPages: 4 })).toHaveLength(24);
    expect(calls).toBe(4);
    await expect(walkPages(async () => Promise.reject(new Error('down')), 6)).rejects.toThrow('down');
  });
});
