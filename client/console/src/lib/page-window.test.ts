import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('pageWindow', () => {
  it('shows every page when they fit in the window', () => {
    expect(pageWindow(0, 1, 5)).toEqual([0]);
    expect(pageWindow(2, 5, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(1, 3, 5)).toEqual([0, 1, 2]);
  });

  it('has no pages when there are none', () => {
    expect(pageWindow(0, 0, 5)).toEqual([]);
  });

  it('keeps the window at the start, with the last page as a shortcut', () => {
    expect(pageWindow(0, 8, 5)).toEqual([0, 1, 2, 3, 4, 'end-ellipsis', 7]);
    expect(pageWindow(2, 8, 5)).toEqual([0, 1, 2, 3, 4, 'end-ellipsis', 7]);
  });

  it('centres the window in the middle, with both shortcuts and ellipses', () => {
    expect(pageWindow(4, 10, 5)).toEqual([0, 'start-ellipsis', 2, 3, 4, 5, 6, 'end-ellipsis', 9]);
    expect(pageWindow(4, 10, 3)).toEqual([0, 'start-ellipsis', 3, 4, 5, 'end-ellipsis', 9]);
  });

  it('leaves out an ellipsis that would hide no page', () => {
    expect(pageWindow(3, 8, 5)).toEqual([0, 1, 2, 3, 4, 5, 'end-ellipsis', 7]);
    expect(pageWindow(4, 8, 5)).toEqual([0, 'start-ellipsis', 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(1, 5, 3)).toEqual([0, 1, 2, 'end-ellipsis', 4]);
    expect(pageWindow(2, 5, 3)).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps the window at the end, with the first page as a shortcut', () => {
    expect(pageWindow(7, 8, 5)).toEqual([0, 'start-ellipsis', 3, 4, 5, 6, 7]);
    expect(pageWindow(7, 8, 3)).toEqual([0, 'start-ellipsis', 5, 6, 7]);
  });

  it('clamps a current page outside the range', () => {
    expect(pageWindow(-3, 8, 3)).toEqual(pageWindow(0, 8, 3));
    expect(pageWindow(99, 8, 3)).toEqual(pageWindow(7, 8, 3));
  });

  it('always holds the current page, the first and the last, in order and without repeats', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 9 }), fc.nat(), (total, size, seed) => {
        const current = seed % total;
        const items = pageWindow(current, total, size);
        const pages = items.filter((i): i is number => typeof i === 'number');
        expect(pages).toContain(current);
        expect(pages[0]).toBe(0);
        expect(pages.at(-1)).toBe(total - 1);
        for (let i = 1; i < pages.length; i++) expect(pages[i]!).toBeGreaterThan(pages[i - 1]!);
        // The window itself has exactly `size` pages (or all of them), plus at most the two shortcuts.
        expect(pages.length).toBeLessThanOrEqual(Math.min(size, total) + 2);
        expect(pages.length).toBeGreaterThanOrEqual(Math.min(size, total));
        // An ellipsis stands for at least one hidden page.
        items.forEach((item, i) => {
          if (typeof item === 'string') {
            const before = items[i - 1] as number;
            const after = items[i + 1] as number;
            expect(after - before).toBeGreaterThan(1);
          }
        });
      }),
    );
  });
});
