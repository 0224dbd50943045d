import { describe, expect, it } from 'vitest';
import { compassSideOf, directionStyleOf } from './tree-direction';

describe('compassSideOf', () => {
  it.each([
    ['North corner, hàng 3', 'north'],
    ['south-east slope', 'south'],
    ['EAST edge row 7', 'east'],
    ['West fence, row 2', 'west'],
    ['northwest boundary, row 9', 'north'],
    ['Góc Đông Bắc (North-East)', 'north'],
    ['Phía Tây, hàng 3', 'west'],
    ['Hướng Nam, hàng 12', 'south'],
    ['ĐÔNG NAM, hàng 4', 'south'],
    ['Bờ Bắc của lô, cây số 8', 'north'],
  ])('%s → %s', (location, side) => {
    expect(compassSideOf(location)).toBe(side);
  });

  it.each(['Gần trạm bơm', 'Center plot', 'Giữa lô, hàng 5', 'Cạnh nhà kho mủ', '', 'Namibia road'])(
    'gives no side for %j',
    (location) => {
      expect(compassSideOf(location)).toBeNull();
    },
  );

  it('matches decomposed Vietnamese text too', () => {
    expect(compassSideOf('Phía Tây'.normalize('NFD'))).toBe('west');
  });
});

describe('directionStyleOf', () => {
  it('gives each side its own colour and arrow, and the neutral pin otherwise', () => {
    const styles = ['north x', 'south x', 'east x', 'west x', 'middle'].map(directionStyleOf);
    expect(new Set(styles.map((s) => s.accent)).size).toBe(5);
    expect(styles.map((s) => s.rotation)).toEqual([0, 180, 90, 270, null]);
    expect(styles[4]?.side).toBeNull();
  });
});
