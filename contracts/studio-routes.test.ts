import { describe, expect, it } from 'vitest';
import { canvasIdOfStudioPath, isValidCanvasId, MAX_CANVAS_ID_LENGTH, STUDIO_API_PATHS, withCanvasId } from './studio-routes.js';

describe('studio routes', () => {
  it('takes canvas ids of 1 to 100 letters, digits, hyphens and underscores', () => {
    expect(MAX_CANVAS_ID_LENGTH).toBe(100);
    expect(isValidCanvasId('plan-4_b')).toBe(true);
    expect(isValidCanvasId('x'.repeat(100))).toBe(true);
    expect(isValidCanvasId('x'.repeat(101))).toBe(false);
    expect(isValidCanvasId('')).toBe(false);
    expect(isValidCanvasId('a.b')).toBe(false);
    expect(isValidCanvasId('..')).toBe(false);
  });

  it("reads a canvas page's id, and nothing else", () => {
    expect(canvasIdOfStudioPath('/_studio/canvas/c-12')).toBe('c-12');
    expect(canvasIdOfStudioPath('/_studio/canvas/c-12/')).toBe('c-12');
    expect(canvasIdOfStudioPath('/_studio/')).toBeNull();
    expect(canvasIdOfStudioPath('/_studio/canvas/')).toBeNull();
    expect(canvasIdOfStudioPath('/_studio/canvas/a/b')).toBeNull();
    expect(canvasIdOfStudioPath(`/_studio/canvas/${'x'.repeat(101)}`)).toBeNull();
    expect(canvasIdOfStudioPath('/drone/canvas/c-12')).toBeNull();
  });

  it('puts a canvas id into a canvas call', () => {
    expect(withCanvasId(STUDIO_API_PATHS.history, 'plan-4')).toBe('/canvases/plan-4/history');
  });
});
