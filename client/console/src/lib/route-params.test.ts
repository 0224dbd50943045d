import { describe, expect, it } from 'vitest';
import { parseRouteId } from './route-params';

describe('parseRouteId', () => {
  it('reads a positive integer', () => {
    expect(parseRouteId('7', 'Mã quốc gia')).toBe(7);
    expect(parseRouteId('0012', 'Mã quốc gia')).toBe(12);
  });
  it('refuses anything else, naming it', () => {
    for (const raw of ['0', '-1', '1.5', 'abc', '', '99999999999999999999']) {
      expect(() => parseRouteId(raw, 'Mã quốc gia')).toThrow(`Mã quốc gia không hợp lệ: “${raw}”`);
    }
  });
});
