import { describe, expect, it } from 'vitest';
import { treeListSummary } from './tree-list-summary';

describe('treeListSummary', () => {
  it('gives the total and the page position', () => {
    expect(treeListSummary(3, 1, { data: { totalElements: 20, totalPages: 4 }, isError: false })).toBe('Cánh đồng 3 · Tổng số: 20 cây · Trang 2 / 4');
  });

  it("never reads 'Trang 0 / 0' or a page past the last", () => {
    expect(treeListSummary(3, 0, { data: { totalElements: 0, totalPages: 0 }, isError: false })).toBe('Cánh đồng 3 · Tổng số: 0 cây');
    expect(treeListSummary(3, 9, { data: { totalElements: 13, totalPages: 3 }, isError: false })).toBe('Cánh đồng 3 · Tổng số: 13 cây');
  });

  it("says the total is unknown after a failure instead of '…' for ever", () => {
    expect(treeListSummary(3, 0, { data: undefined, isError: false })).toBe('Cánh đồng 3 · Tổng số: …');
    expect(treeListSummary(3, 0, { data: undefined, isError: true })).toBe('Cánh đồng 3 · Tổng số: Chưa xác định');
  });
});
