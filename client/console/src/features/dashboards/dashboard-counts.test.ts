import { describe, expect, it } from 'vitest';
import { countedPages, pageCounts } from './dashboard-counts';

describe('dashboard counters', () => {
  it('counts shown as offset plus the items of the page', () => {
    expect(pageCounts({ content: [1, 2, 3, 4, 5, 6], totalElements: 40, totalPages: 7, pageable: { offset: 6 } })).toEqual({
      shown: 12,
      total: 40,
      totalPages: 7,
    });
    expect(pageCounts({ content: [1, 2, 3, 4], totalElements: 40, totalPages: 7, pageable: { offset: 36 } }).shown).toBe(40);
    expect(pageCounts({ content: [], totalElements: 0, totalPages: 0, pageable: { offset: 0 } }).shown).toBe(0);
  });

  it('counts task and tapping pages as ceil(total / 6)', () => {
    expect(countedPages(0)).toBe(0);
    expect(countedPages(6)).toBe(1);
    expect(countedPages(7)).toBe(2);
    expect(countedPages(80)).toBe(14);
  });
});
