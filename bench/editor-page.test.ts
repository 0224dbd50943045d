import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeHotReloadLog, hotReloadShown, requestsDuring, type HotReloadLog } from './editor-page.js';

const PROBE = 'probe';
const CLASS = 'text-[#c80100]';

/** The frame's globals as the probe leaves them: its log under `window[probe]`. */
function frameWith(log: HotReloadLog | undefined): void {
  (globalThis as Record<string, unknown>).window = log ? { [PROBE]: log } : {};
}

afterEach(() => {
  delete (globalThis as Record<string, unknown>).window;
});

describe('hotReloadShown', () => {
  it('counts the first class change after the module arrived, not the instant update before it', () => {
    frameWith({
      arrivals: [1_200],
      classes: [
        { at: 1_050, value: `a b tempo-instant-x ${CLASS}` }, // before the module: never counted, even with the class
        { at: 1_210, value: 'a b tempo-instant-x' }, // after it, but not yet the class
        { at: 1_300, value: `a b ${CLASS}` },
        { at: 1_400, value: `a b ${CLASS}` },
      ],
    });
    expect(hotReloadShown({ probe: PROBE, since: 1_000, className: CLASS, present: true })).toEqual({ arrivedAt: 1_200, shownAt: 1_300 });
  });

  it('waits while the module has not arrived since the action, or no change after it shows the class', () => {
    frameWith({ arrivals: [900], classes: [{ at: 950, value: CLASS }] });
    expect(hotReloadShown({ probe: PROBE, since: 1_000, className: CLASS, present: true })).toBeNull();
    frameWith({ arrivals: [900, 1_100], classes: [{ at: 1_050, value: CLASS }] });
    expect(hotReloadShown({ probe: PROBE, since: 1_000, className: CLASS, present: true })).toBeNull();
  });

  it('matches whole class names, and finds the class gone for a restore (or the element gone)', () => {
    frameWith({ arrivals: [2_000], classes: [{ at: 2_010, value: `x ${CLASS}-more` }] });
    expect(hotReloadShown({ probe: PROBE, since: 1_900, className: CLASS, present: true })).toBeNull();
    expect(hotReloadShown({ probe: PROBE, since: 1_900, className: CLASS, present: false })).toEqual({ arrivedAt: 2_000, shownAt: 2_010 });
    frameWith({ arrivals: [2_000], classes: [{ at: 2_020, value: null }] });
    expect(hotReloadShown({ probe: PROBE, since: 1_900, className: CLASS, present: false })).toEqual({ arrivedAt: 2_000, shownAt: 2_020 });
  });

  it('says so when the frame has no probe: its document was replaced by a full reload', () => {
    frameWith(undefined);
    expect(hotReloadShown({ probe: PROBE, since: 0, className: CLASS, present: true })).toBe('no probe');
    expect(describeHotReloadLog({ probe: PROBE, since: 0 })).toMatch(/no probe/);
  });
});

describe('describeHotReloadLog', () => {
  it('tells the arrivals and the last classes since the action, in milliseconds after it', () => {
    frameWith({ arrivals: [500, 1_040], classes: [{ at: 600, value: 'old' }, { at: 1_100, value: `a ${CLASS}` }] });
    expect(describeHotReloadLog({ probe: PROBE, since: 1_000 })).toBe(`modules arrived at 40 ms; the element's last classes 100 ms: "a ${CLASS}"`);
    frameWith({ arrivals: [], classes: [] });
    expect(describeHotReloadLog({ probe: PROBE, since: 1_000 })).toBe("modules arrived at none; the element's last classes unchanged");
  });
});

describe('requestsDuring', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the requests of the path in flight at some moment of the span, with their paths and page-clock times', () => {
    const entries = [
      { name: 'http://127.0.0.1:4600/_studio/api/theme', startTime: 100, responseEnd: 150 }, // ended before the span
      { name: 'http://127.0.0.1:4600/_studio/api/elements/lookup?x=1', startTime: 180, responseEnd: 260 }, // runs into it
      { name: 'http://127.0.0.1:4600/src/main.tsx?t=1', startTime: 210, responseEnd: 220 }, // another path
      { name: 'http://127.0.0.1:4600/_studio/api/canvases/c/parseAndMutate/mutate/styling', startTime: 300, responseEnd: 400 },
      { name: 'http://127.0.0.1:4600/_studio/api/health', startTime: 501, responseEnd: 510 }, // started after it
    ];
    vi.stubGlobal('performance', { timeOrigin: 1_000, getEntriesByType: () => entries });
    expect(requestsDuring({ urlPart: '/_studio/api', from: 1_200, to: 1_500 })).toEqual([
      { path: '/_studio/api/elements/lookup?x=1', startAt: 1_180, endAt: 1_260 },
      { path: '/_studio/api/canvases/c/parseAndMutate/mutate/styling', startAt: 1_300, endAt: 1_400 },
    ]);
  });
});
