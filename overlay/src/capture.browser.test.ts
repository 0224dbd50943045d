import { afterEach, describe, expect, it } from 'vitest';
import { captureViewport } from './capture.js';

/** The colour of a pixel of a `data:` image, as `r,g,b`. */
async function pixels(dataUrl: string, points: Array<[number, number]>): Promise<{ width: number; height: number; colours: string[] }> {
  const bitmap = await createImageBitmap(await (await fetch(dataUrl)).blob());
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  const colours = points.map(([x, y]) => Array.from(context.getImageData(x, y, 1, 1).data.slice(0, 3)).join(','));
  return { width: bitmap.width, height: bitmap.height, colours };
}

describe("the frame's capture (captureFrame)", () => {
  afterEach(() => {
    window.scrollTo(0, 0);
    document.body.replaceChildren();
    document.body.removeAttribute('style');
  });

  it('draws the visible viewport at its own size: the scrolled part, fixed parts in place, the overlay left out', async () => {
    document.body.style.margin = '0';
    const height = window.innerHeight;
    document.body.innerHTML = `
      <div style="position:fixed;top:0;left:0;width:60px;height:100vh;background:rgb(255,0,0)"></div>
      <div style="height:${height}px;background:rgb(0,0,255)"></div>
      <div style="height:${height}px;background:rgb(0,160,0)"></div>
      <div style="height:${height}px;background:rgb(0,0,0)"></div>
      <div id="overlay-host" style="position:fixed;inset:0;background:rgb(255,0,255)"></div>`;
    const overlay = document.getElementById('overlay-host')!;
    window.scrollTo(0, height);
    expect(window.scrollY).toBe(height);

    const warnings: string[] = [];
    const shot = await captureViewport((node) => node === overlay, (message) => warnings.push(message));

    expect(shot.imageDataUrl.startsWith('data:image/png;base64,')).toBe(true);
    expect({ width: shot.width, height: shot.height }).toEqual({ width: window.innerWidth, height: window.innerHeight });
    const middle = Math.round(height / 2);
    const drawn = await pixels(shot.imageDataUrl, [
      [20, 10],
      [20, height - 10],
      [300, middle],
    ]);
    expect({ width: drawn.width, height: drawn.height }).toEqual({ width: window.innerWidth, height: window.innerHeight });
    // The fixed sidebar where the page shows it, the second block (scrolled to), and no overlay over either.
    expect(drawn.colours).toEqual(['255,0,0', '255,0,0', '0,160,0']);
    expect(warnings).toEqual([]);
  });
});
