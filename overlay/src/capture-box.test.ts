import { describe, expect, it } from 'vitest';
import { captureBox } from './capture-box.js';

describe('capture box', () => {
  it('clamps to 80x60 … 800x600 at pixel ratio 2', () => {
    expect(captureBox(10, 10)).toEqual({ width: 80, height: 60, pixelRatio: 2 });
    expect(captureBox(5000, 4000)).toEqual({ width: 800, height: 600, pixelRatio: 2 });
    expect(captureBox(300.2, 200)).toEqual({ width: 301, height: 200, pixelRatio: 2 });
    expect(captureBox(Number.NaN, 100)).toEqual({ width: 80, height: 100, pixelRatio: 2 });
  });
});
