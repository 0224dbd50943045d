import { describe, expect, it } from 'vitest';
import { customViewport, newFrameName, nextFrameId } from './frame-viewport';

describe('frame viewports', () => {
  it('takes a custom size within the limits, naming a preset when it is one', () => {
    expect(customViewport('1000', '700')).toEqual({ preset: 'custom', width: 1000, height: 700 });
    expect(customViewport('375', '812')).toEqual({ preset: 'mobile', width: 375, height: 812 });
  });

  it('refuses sizes outside the limits or not whole pixels, saying the range', () => {
    for (const [width, height] of [['100', '700'], ['5000', '700'], ['800.5', '600'], ['', '600'], ['abc', '600']] as const) {
      expect(customViewport(width, height)).toEqual({ error: 'Width and height are whole numbers of pixels from 200 to 3840' });
    }
  });

  it('gives new frames free ids and names', () => {
    expect(nextFrameId([{ id: 'frame-1' }])).toBe('frame-2');
    expect(nextFrameId([{ id: 'frame-1' }, { id: 'frame-2' }, { id: 'frame-3' }].slice(1))).toBe('frame-4');
    expect(newFrameName([], 'mobile', '/')).toBe('Mobile');
    expect(newFrameName([{ name: 'Mobile' }], 'mobile', '/')).toBe('Mobile 2');
    expect(newFrameName([], 'tablet', '/drone')).toBe('Tablet /drone');
  });
});
