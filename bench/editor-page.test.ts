import { afterEach, describe, expect, it } from 'vitest';
import { describeHotReloadLog, hotReloadShown, type HotReloadLog } from './editor-page.js';

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
