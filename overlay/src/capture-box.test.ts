import { describe, expect, it } from 'vitest';
import { alphaOf, captureBackground, captureBox } from './capture-box.js';

describe('capture box', () => {
  it('clamps to 80x60 … 800x600 at pixel ratio 2', () => {
    expect(captureBox(10, 10)).toEqual({ width: 80, height: 60, pixelRatio: 2 });
    expect(captureBox(5000, 4000)).toEqual({ width: 800, height: 600, pixelRatio: 2 });
    expect(captureBox(300.2, 200)).toEqual({ width: 301, height: 200, pixelRatio: 2 });
    expect(captureBox(Number.NaN, 100)).toEqual({ width: 80, height: 100, pixelRatio: 2 });
  });

  it('reads the alpha of computed colours', () => {
    expect(alphaOf('rgba(0, 0, 0, 0)')).toBe(0);
    expect(alphaOf('transparent')).toBe(0);
    expect(alphaOf('rgb(5, 150, 105)')).toBe(1);
    expect(alphaOf('rgba(255, 255, 255, 0.1)')).toBeCloseTo(0.1);
    expect(alphaOf('oklab(0.999994 0.0000455678 0.0000200868 / 0.1)')).toBeCloseTo(0.1);
    expect(alphaOf('color(srgb 1 1 1 / 20%)')).toBeCloseTo(0.2);
    expect(alphaOf('oklch(0.596 0.145 163.225)')).toBe(1);
  });

  it('draws on the backgrounds the element shows through, down to the first opaque one', () => {
    const clear = { color: 'rgba(0, 0, 0, 0)', image: 'none' };
    // White text on a page with no background: white, as before.
    expect(captureBackground([clear, clear])).toEqual({ color: '#ffffff', image: null });
    // Its own opaque background.
    expect(captureBackground([{ color: 'rgb(1, 2, 3)', image: 'none' }, { color: 'rgb(9, 9, 9)', image: 'none' }])).toEqual({ color: 'rgb(1, 2, 3)', image: null });
    // White text on a translucent tile on a gradient header on a white page.
    const gradient = 'linear-gradient(to right, rgb(5, 150, 105), rgb(15, 118, 110))';
    expect(
      captureBackground([clear, { color: 'rgba(255, 255, 255, 0.1)', image: 'none' }, { color: 'rgba(0, 0, 0, 0)', image: gradient }, { color: 'rgb(248, 250, 252)', image: 'none' }]),
    ).toEqual({ color: 'rgb(248, 250, 252)', image: `linear-gradient(rgba(255, 255, 255, 0.1), rgba(255, 255, 255, 0.1)), ${gradient}` });
  });
});
