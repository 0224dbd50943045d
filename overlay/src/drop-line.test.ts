import { describe, expect, it } from 'vitest';
import { DROP_LINE_PX, flowOf, insertionLine } from './drop-line.js';

describe('the insertion line of a drop', () => {
  it('runs across the parent\'s flow: a vertical line in a flex row, a horizontal one in anything else', () => {
    expect(flowOf({ display: 'flex', flexDirection: 'row' })).toBe('row');
    expect(flowOf({ display: 'inline-flex', flexDirection: 'row-reverse' })).toBe('row');
    expect(flowOf({ display: 'flex', flexDirection: 'column' })).toBe('column');
    expect(flowOf({ display: 'block', flexDirection: 'row' })).toBe('column');
    expect(flowOf({ display: 'grid', flexDirection: 'row' })).toBe('column');
  });
  it('sits halfway into the gap before the landed element, as long as it is across', () => {
    const landed = { left: 100, top: 50, width: 40, height: 20 };
    expect(insertionLine('row', landed, { left: 20, top: 50, width: 60, height: 20 })).toEqual({ left: 89, top: 50, width: 2, height: 20 });
    expect(insertionLine('column', landed, { left: 100, top: 10, width: 40, height: 20 })).toEqual({ left: 100, top: 39, width: 40, height: 2 });
  });
  it('sits on the landed element\'s leading edge when it lands first, and keeps its thickness on screen at any zoom', () => {
    const landed = { left: 100, top: 50, width: 40, height: 20 };
    expect(insertionLine('column', landed, null)).toEqual({ left: 100, top: 49, width: 40, height: DROP_LINE_PX });
    expect(insertionLine('row', landed, null, 0.5).width).toBe(DROP_LINE_PX * 2);
  });
});
