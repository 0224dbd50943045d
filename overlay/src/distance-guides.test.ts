import { describe, expect, it } from 'vitest';
import { distanceGuides, type Rect } from './distance-guides.js';

const rect = (left: number, top: number, width: number, height: number): Rect => ({ left, top, right: left + width, bottom: top + height });

describe('distance guides', () => {
  it('measure the gap beside and the gap below, at the middle of what the two share', () => {
    expect(distanceGuides(rect(0, 0, 100, 50), rect(124, 10, 50, 50))).toEqual([{ axis: 'x', from: 100, to: 124, at: 30, label: '24' }]);
    expect(distanceGuides(rect(0, 100, 100, 50), rect(20, 0, 40, 84))).toEqual([{ axis: 'y', from: 84, to: 100, at: 40, label: '16' }]);
  });

  it('measure both gaps to an element off in a diagonal, between the two when they share no range', () => {
    expect(distanceGuides(rect(0, 0, 10, 10), rect(30, 50, 10, 10))).toEqual([
      { axis: 'x', from: 10, to: 30, at: 30, label: '20' },
      { axis: 'y', from: 10, to: 50, at: 20, label: '40' },
    ]);
  });

  it('measure the four insets of an element inside the other, whichever is selected', () => {
    const card = rect(0, 0, 200, 100);
    const title = rect(16, 24, 100, 20);
    const insets = [
      { axis: 'y', from: 0, to: 24, at: 66, label: '24' },
      { axis: 'y', from: 44, to: 100, at: 66, label: '56' },
      { axis: 'x', from: 0, to: 16, at: 34, label: '16' },
      { axis: 'x', from: 116, to: 200, at: 34, label: '84' },
    ];
    expect(distanceGuides(title, card)).toEqual(insets);
    expect(distanceGuides(card, title)).toEqual(insets);
  });

  it('leave out nothing-long lines and keep a fraction to one decimal', () => {
    expect(distanceGuides(rect(0, 0, 10, 10), rect(0, 0, 10, 10))).toEqual([]);
    expect(distanceGuides(rect(0, 0, 10, 10), rect(10.25, 0, 10, 10))).toEqual([{ axis: 'x', from: 10, to: 10.25, at: 5, label: '0.3' }]);
    expect(distanceGuides(rect(0, 0, 10, 10), rect(10, 0, 10, 10))).toEqual([]);
  });
});
