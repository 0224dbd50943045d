import { describe, expect, it } from 'vitest';
import { nearestPlace, sharedPathSteps } from './element-places.js';

describe('element places', () => {
  it('counts the leading steps two paths share', () => {
    expect(sharedPathSteps('0-2-1', '0-2-3')).toBe(2);
    expect(sharedPathSteps('0-2-1', '0-2-1-0')).toBe(3);
    expect(sharedPathSteps('0-1', '0-10')).toBe(1);
  });
  it('picks the nearest place, the first of a tie, none of none', () => {
    // Three cards of a list, each holding the element: a key left at the third card's old place is the third card's.
    expect(nearestPlace(['0-0-0-0', '0-0-1-0', '0-0-2-0'], '0-0-2-1')).toBe(2);
    expect(nearestPlace(['0-3', '0-4'], '0-9')).toBe(0);
    expect(nearestPlace([], '0-1')).toBe(-1);
  });
});
