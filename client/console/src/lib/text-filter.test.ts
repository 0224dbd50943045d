import { describe, expect, it } from 'vitest';
import { filterByText } from './text-filter';

describe('filterByText', () => {
  const items = ['Bình Dương', 'Bình Phước', 'Tây Ninh', 'Đắk Lắk'];
  it('matches a case-insensitive substring', () => {
    expect(filterByText(items, 'bình', (s) => s)).toEqual(['Bình Dương', 'Bình Phước']);
    expect(filterByText(items, 'NINH', (s) => s)).toEqual(['Tây Ninh']);
    expect(filterByText(items, ' đắk ', (s) => s)).toEqual(['Đắk Lắk']);
  });
  it('keeps everything for an empty search and nothing for no match', () => {
    expect(filterByText(items, '  ', (s) => s)).toEqual(items);
    expect(filterByText(items, 'xyz', (s) => s)).toEqual([]);
  });
});
