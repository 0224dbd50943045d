import { describe, expect, it } from 'vitest';
import { finalShownAt, wrongCopyFrames } from './copy-frames.js';

describe('wrongCopyFrames', () => {
  it('counts nothing when the copies go from before to after once and stay', () => {
    expect(wrongCopyFrames([1, 1, 1, 2, 2, 2, 2], 1, 2)).toBe(0);
    expect(wrongCopyFrames([0, 1, 1], 0, 1)).toBe(0);
  });

  it('counts the frames that showed two copies (stand-in and hot-reloaded element at once)', () => {
    expect(wrongCopyFrames([1, 2, 3, 3, 2, 2], 1, 2)).toBe(2);
    expect(wrongCopyFrames([0, 1, 2, 1], 0, 1)).toBe(1);
  });

  it('counts the frames that showed none once the copy had shown (stand-in gone before the element came)', () => {
    expect(wrongCopyFrames([1, 2, 1, 1, 1, 2], 1, 2)).toBe(3);
    expect(wrongCopyFrames([0, 1, 0, 1], 0, 1)).toBe(1);
  });

  it('counts a wrong frame before the copy first showed', () => {
    expect(wrongCopyFrames([1, 0, 2, 2], 1, 2)).toBe(1);
  });

  it('counts every frame when the copy never showed', () => {
    expect(wrongCopyFrames([1, 1, 1], 1, 2)).toBe(3);
  });
});

describe('finalShownAt', () => {
  it('is the first frame with the final count and no stand-in among them', () => {
    const samples = [
      { at: 10, count: 1, standIn: false },
      { at: 20, count: 2, standIn: true },
      { at: 30, count: 2, standIn: false },
      { at: 40, count: 2, standIn: false },
    ];
    expect(finalShownAt(samples, 2)).toBe(30);
    expect(finalShownAt(samples.slice(0, 2), 2)).toBeUndefined();
  });
});
