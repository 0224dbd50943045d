import { describe, expect, it } from 'vitest';
import { handleBoxes, type HandleMetrics } from './style-handles.js';

const sides = (value: number) => ({ top: value, right: value, bottom: value, left: value });
const METRICS: HandleMetrics = {
  rect: { left: 100, top: 100, right: 300, bottom: 200 },
  padding: { top: 20, right: 0, bottom: 20, left: 0 },
  margin: sides(0),
  border: sides(1),
  sizable: true,
  gap: null,
};
const byId = (metrics: HandleMetrics, zoom = 1) => Object.fromEntries(handleBoxes(metrics, zoom).map((box) => [box.id, box]));

describe('the handles’ places', () => {
  it('puts a padding handle in the middle of its padding, inside its edge, and a margin handle outside', () => {
    const boxes = byId(METRICS);
    // Border 1 + half the 20 px padding below the top edge.
    expect(boxes['padding-top']).toMatchObject({ kind: 'padding', y: 111, cursor: 'ns-resize' });
    expect(boxes['padding-bottom']!.y).toBe(189);
    // No padding: a few pixels in, so it can still be taken.
    expect(boxes['padding-left']).toMatchObject({ x: 108, cursor: 'ew-resize' });
    expect(boxes['margin-top']!.y).toBe(93);
    expect(boxes['margin-right']!.x).toBe(307);
  });

  it('resizes from the right edge, the bottom edge and the corner, only when the box takes a size', () => {
    const boxes = byId(METRICS);
    expect(boxes.width).toMatchObject({ x: 300, y: 150, cursor: 'ew-resize' });
    expect(boxes.height).toMatchObject({ x: 200, y: 200, cursor: 'ns-resize' });
    expect(boxes.size).toMatchObject({ x: 300, y: 200, cursor: 'nwse-resize' });
    expect(byId({ ...METRICS, sizable: false }).width).toBeUndefined();
  });

  it('puts the gap handle between the first two children along their axis', () => {
    const row = byId({ ...METRICS, gap: { axis: 'x', before: { left: 100, top: 100, right: 150, bottom: 140 }, after: { left: 170, top: 100, right: 220, bottom: 160 } } });
    expect(row.gap).toMatchObject({ x: 160, y: 120, cursor: 'ew-resize' });
    const column = byId({ ...METRICS, gap: { axis: 'y', before: { left: 100, top: 100, right: 300, bottom: 130 }, after: { left: 100, top: 140, right: 300, bottom: 170 } } });
    expect(column.gap).toMatchObject({ x: 200, y: 135, cursor: 'ns-resize' });
    expect(byId(METRICS).gap).toBeUndefined();
  });

  it('keeps the handles the same size on screen at any zoom', () => {
    expect(byId(METRICS, 1).width!.width).toBe(8);
    expect(byId(METRICS, 0.5).width!.width).toBe(16);
    // Border 1, then 7 screen pixels at 200 %.
    expect(byId(METRICS, 2)['padding-left']!.x).toBe(104.5);
  });
});
