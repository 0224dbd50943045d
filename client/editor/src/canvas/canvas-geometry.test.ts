import { describe, expect, it } from 'vitest';
import { clampZoom, fitBounds, fitFrames, framesBounds, FRAME_TITLE_HEIGHT, framePointToClient, nextZoomStep, panForZoomAround, panKeepingInView, placeForNewFrame, pointInFrames, wheelAction } from './canvas-geometry';

describe('zooming around a point', () => {
  it('keeps the canvas point under the anchor in place', () => {
    const pan = { x: 40, y: 60 };
    const anchor = { x: 500, y: 300 };
    const next = panForZoomAround(pan, 50, 200, anchor);
    // The canvas point under the anchor before: (anchor - pan) / 0.5; after: (anchor - next) / 2.
    expect((anchor.x - pan.x) / 0.5).toBeCloseTo((anchor.x - next.x) / 2);
    expect((anchor.y - pan.y) / 0.5).toBeCloseTo((anchor.y - next.y) / 2);
  });

  it('changes nothing when the zoom stays', () => {
    expect(panForZoomAround({ x: 3, y: 4 }, 80, 80, { x: 100, y: 100 })).toEqual({ x: 3, y: 4 });
  });

  it('clamps to the canvas limits', () => {
    expect(clampZoom(1)).toBe(10);
    expect(clampZoom(1000)).toBe(400);
    expect(clampZoom(75)).toBe(75);
  });
});

describe('wheel', () => {
  const base = { deltaX: 0, deltaY: 0, ctrlKey: false, metaKey: false, shiftKey: false };
  it('pans without modifiers, against the delta', () => {
    expect(wheelAction({ ...base, deltaX: 10, deltaY: -20 })).toEqual({ kind: 'pan', dx: -10, dy: 20 });
  });
  it('pans sideways with Shift', () => {
    expect(wheelAction({ ...base, deltaY: 30, shiftKey: true })).toEqual({ kind: 'pan', dx: -30, dy: 0 });
  });
  it('zooms with Ctrl or ⌘ (and pinch): in for a negative delta, out for a positive one', () => {
    const zoomIn = wheelAction({ ...base, deltaY: -50, ctrlKey: true });
    const zoomOut = wheelAction({ ...base, deltaY: 50, metaKey: true });
    expect(zoomIn.kind).toBe('zoom');
    expect(zoomIn.kind === 'zoom' && zoomIn.factor).toBeGreaterThan(1);
    expect(zoomOut.kind === 'zoom' && zoomOut.factor).toBeLessThan(1);
  });
  it('bounds one big wheel turn', () => {
    const huge = wheelAction({ ...base, deltaY: -10_000, ctrlKey: true });
    expect(huge.kind === 'zoom' && huge.factor).toBeCloseTo(Math.exp(0.25));
  });
});

describe('zoom steps', () => {
  it('goes to the next step up or down', () => {
    expect(nextZoomStep(50, 1)).toBe(67);
    expect(nextZoomStep(50, -1)).toBe(33);
    expect(nextZoomStep(55, 1)).toBe(67);
    expect(nextZoomStep(55, -1)).toBe(50);
  });
  it('stops at the limits', () => {
    expect(nextZoomStep(400, 1)).toBe(400);
    expect(nextZoomStep(10, -1)).toBe(10);
  });
});

describe('frames on screen', () => {
  const frames = [
    { frameId: 'a', rect: { left: 100, top: 100, width: 640, height: 400 } },
    { frameId: 'b', rect: { left: 800, top: 100, width: 187.5, height: 406 } },
  ];

  it('finds the frame under a point and the point in its own pixels', () => {
    expect(pointInFrames(frames, 50, 100, 100)).toEqual({ frameId: 'a', x: 0, y: 0 });
    expect(pointInFrames(frames, 50, 420, 300)).toEqual({ frameId: 'a', x: 640, y: 400 });
    expect(pointInFrames(frames, 50, 900, 150)).toEqual({ frameId: 'b', x: 200, y: 100 });
  });

  it('is null outside every frame, including the right and bottom edges', () => {
    expect(pointInFrames(frames, 50, 760, 150)).toBeNull();
    expect(pointInFrames(frames, 50, 740, 150)).toBeNull();
    expect(pointInFrames(frames, 50, 99, 150)).toBeNull();
  });

  it('takes the frame drawn last where frames overlap', () => {
    const overlapping = [frames[0]!, { frameId: 'c', rect: { left: 200, top: 200, width: 100, height: 100 } }];
    expect(pointInFrames(overlapping, 100, 250, 250)?.frameId).toBe('c');
  });

  it('maps a frame point back to the screen', () => {
    expect(framePointToClient({ left: 800, top: 100 }, 50, 200, 100)).toEqual({ x: 900, y: 150 });
  });
});

describe('fitting and placing frames', () => {
  const desktop = { x: 0, y: 0, viewport: { width: 1280, height: 800 } };
  const mobile = { x: 1360, y: 0, viewport: { width: 375, height: 812 } };

  it('fits every frame inside the surface, centred', () => {
    const size = { width: 1000, height: 700 };
    const { zoomPerc, pan } = fitFrames([desktop, mobile], size);
    const zoom = zoomPerc / 100;
    const width = (1360 + 375) * zoom;
    expect(width).toBeLessThanOrEqual(size.width - 80);
    expect(812 * zoom + FRAME_TITLE_HEIGHT).toBeLessThanOrEqual(size.height - 80 + 1);
    expect(pan.x).toBeCloseTo((size.width - width) / 2, 0);
    expect(pan.y).toBeGreaterThanOrEqual(FRAME_TITLE_HEIGHT);
  });

  it('never fits beyond the zoom limits', () => {
    expect(fitFrames([{ x: 0, y: 0, viewport: { width: 200, height: 200 } }], { width: 5000, height: 5000 }).zoomPerc).toBe(400);
  });

  it('puts a new frame right of the others', () => {
    expect(placeForNewFrame([])).toEqual({ x: 0, y: 0 });
    expect(placeForNewFrame([desktop, mobile])).toEqual({ x: 1360 + 375 + 80, y: 0 });
  });
});

describe('keeping the frames in view', () => {
  const bounds = { left: 0, top: 0, right: 1000, bottom: 800 };
  const size = { width: 1200, height: 700 };

  it('leaves a pan alone that shows the frames', () => {
    expect(panKeepingInView({ x: 100, y: 50 }, 100, bounds, size)).toEqual({ x: 100, y: 50 });
  });

  it('brings frames pushed off one side back by the least move, keeping a strip of them on screen', () => {
    // At 200 %, the frames span 2000 px; a pan of -3000 puts all of them left of the surface.
    expect(panKeepingInView({ x: -3000, y: 0 }, 200, bounds, size)).toEqual({ x: 80 - 2000, y: 0 });
    expect(panKeepingInView({ x: 5000, y: 0 }, 200, bounds, size)).toEqual({ x: 1200 - 80, y: 0 });
    expect(panKeepingInView({ x: 0, y: 9000 }, 100, bounds, size)).toEqual({ x: 0, y: 700 - 80 });
  });

  it('keeps tiny frames whole', () => {
    const small = { left: 0, top: 0, right: 20, bottom: 20 };
    expect(panKeepingInView({ x: -500, y: 0 }, 100, small, size)).toEqual({ x: 0, y: 0 });
  });

  it('fits a rectangle centred, not beyond a zoom cap', () => {
    const fit = fitBounds({ left: 100, top: 100, right: 200, bottom: 150 }, size, 40, 200);
    expect(fit.zoomPerc).toBe(200);
    // The rectangle's centre lands on the surface's centre (below the title bar's room).
    expect(fit.pan.x + 150 * 2).toBeCloseTo(size.width / 2);
    expect(framesBounds([])).toBeNull();
  });
});
