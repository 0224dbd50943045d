import { describe, expect, it } from 'vitest';
import { emptyPage, springPage } from './spring-page.js';

describe('Spring pages', () => {
  it('slices a list, zero-based, with its totals', () => {
    const page = springPage([1, 2, 3, 4, 5, 6, 7], 1, 3);
    expect(page).toEqual({
      content: [4, 5, 6],
      number: 1,
      size: 3,
      totalElements: 7,
      totalPages: 3,
      numberOfElements: 3,
      first: false,
      last: false,
      empty: false,
      pageable: { pageNumber: 1, pageSize: 3, offset: 3 },
    });
    expect(springPage([1, 2, 3, 4, 5, 6, 7], 2, 3)).toMatchObject({ content: [7], last: true });
  });

  it('keeps the true totals on a page past the end', () => {
    expect(springPage([1, 2], 5, 2)).toMatchObject({ content: [], numberOfElements: 0, totalElements: 2, totalPages: 1, empty: true, last: true });
  });

  it('makes the empty first page of a list', () => {
    expect(emptyPage(6)).toEqual({
      content: [],
      number: 0,
      size: 6,
      totalElements: 0,
      totalPages: 0,
      numberOfElements: 0,
      first: true,
      last: true,
      empty: true,
      pageable: { pageNumber: 0, pageSize: 6, offset: 0 },
    });
  });
});
