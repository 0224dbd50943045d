import { describe, expect, it } from 'vitest';
import { DROP_LINE_PX, flowOf, insertionLine, lineAfter } from './drop-line.js';

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
  it('goes after a sibling: before the next one, on its trailing edge when it is the last, or at an empty parent\'s top', () => {
    const parent = { left: 0, top: 0, width: 200, height: 100 };
    const first = { left: 10, top: 10, width: 180, height: 20 };
    const second = { left: 10, top: 40, width: 180, height: 20 };
    expect(lineAfter('column', parent, first, second)).toEqual({ left: 10, top: 34, width: 180, height: 2 });
    expect(lineAfter('column', parent, second, null)).toEqual({ left: 10, top: 59, width: 180, height: 2 });
    expect(lineAfter('row', parent, first, null)).toEqual({ left: 189, top: 10, width: 2, height: 20 });
    expect(lineAfter('column', parent, null, null)).toEqual({ left: 0, top: -1, width: 200, height: 2 });
  });
});
