import { describe, expect, it } from 'vitest';
import { FIRST_CONTENT_MS, HOT_RELOAD_WAIT_MS, initialRebuildSchedule, rebuildTransition, SETTLE_MS, WRITE_WAIT_LIMIT_MS, type RebuildEffect, type RebuildEvent, type RebuildSchedule } from './rebuild-schedule.js';

/** Runs events in order; answers the state and every effect, in order. */
function run(events: RebuildEvent[], from: RebuildSchedule = initialRebuildSchedule): { state: RebuildSchedule; effects: RebuildEffect[] } {
  let state = from;
  const effects: RebuildEffect[] = [];
  for (const event of events) {
    const step = rebuildTransition(state, event);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
}

const builds = (effects: RebuildEffect[]) => effects.filter((effect) => effect.type === 'build');

describe('rebuild schedule', () => {
  it('builds once the page has been still, clearing the markers a hot reload makes due', () => {
    const { state, effects } = run([{ type: 'PAGE_CHANGED' }, { type: 'PAGE_CHANGED' }, { type: 'TIMER' }]);
    expect(effects).toEqual([{ type: 'arm', ms: SETTLE_MS }, { type: 'arm', ms: SETTLE_MS }, { type: 'build', clearMarkers: true }]);
    expect(state).toEqual(initialRebuildSchedule);
  });

  it("builds the page's first elements in the next task: nothing shown yet is what a person waits on", () => {
    const { effects } = run([{ type: 'PAGE_CHANGED', beforeFirstContent: true }, { type: 'TIMER' }]);
    expect(effects).toEqual([{ type: 'arm', ms: FIRST_CONTENT_MS }, { type: 'build', clearMarkers: true }]);
    expect(FIRST_CONTENT_MS).toBeLessThan(SETTLE_MS);
  });

  it('one edit, one build: the instant update, the remapped ids and the hot reload of its write', () => {
    const { effects } = run([
      { type: 'EDITED' },
      { type: 'WRITING', writing: true },
      { type: 'EDITED' },
      { type: 'WRITING', writing: false },
      { type: 'PAGE_CHANGED' },
      { type: 'TIMER' },
    ]);
    expect(builds(effects)).toEqual([{ type: 'build', clearMarkers: true }]);
    // While the write is under way the edit waits for it, then for its hot reload, each a bounded time at most.
    expect(effects.filter((effect) => effect.type === 'arm').map((effect) => (effect as { ms: number }).ms)).toEqual([
      SETTLE_MS,
      WRITE_WAIT_LIMIT_MS,
      WRITE_WAIT_LIMIT_MS,
      HOT_RELOAD_WAIT_MS,
      SETTLE_MS,
    ]);
  });

  it('an edit with no write after it is built once the page has settled, leaving instant markers alone', () => {
    expect(run([{ type: 'EDITED' }, { type: 'TIMER' }]).effects).toEqual([{ type: 'arm', ms: SETTLE_MS }, { type: 'build', clearMarkers: false }]);
  });

  it('a write whose hot reload does not come: the edit is built a bounded time after the answer', () => {
    const { effects } = run([{ type: 'WRITING', writing: true }, { type: 'EDITED' }, { type: 'WRITING', writing: false }, { type: 'TIMER' }]);
    expect(effects).toEqual([
      { type: 'arm', ms: WRITE_WAIT_LIMIT_MS },
      { type: 'arm', ms: HOT_RELOAD_WAIT_MS },
      { type: 'build', clearMarkers: false },
    ]);
  });

  it('a page change waits for the page alone, even while a write is under way', () => {
    const { effects } = run([{ type: 'WRITING', writing: true }, { type: 'PAGE_CHANGED' }, { type: 'EDITED' }, { type: 'WRITING', writing: false }]);
    expect(effects.map((effect) => (effect.type === 'arm' ? effect.ms : effect.type))).toEqual([SETTLE_MS, WRITE_WAIT_LIMIT_MS, SETTLE_MS]);
  });

  it('builds now when asked, and when a waiting build is wanted now; nothing when none waits', () => {
    expect(builds(run([{ type: 'NOW' }]).effects)).toHaveLength(1);
    expect(run([{ type: 'IF_WANTED' }]).effects).toEqual([]);
    const { effects } = run([{ type: 'EDITED' }, { type: 'IF_WANTED' }, { type: 'TIMER' }]);
    expect(effects).toEqual([{ type: 'arm', ms: SETTLE_MS }, { type: 'disarm' }, { type: 'build', clearMarkers: false }]);
  });

  it('holds every build during a drag, and builds on release only what came due', () => {
    const held = run([{ type: 'HOLD' }, { type: 'PAGE_CHANGED' }, { type: 'TIMER' }, { type: 'NOW' }]);
    expect(builds(held.effects)).toEqual([]);
    expect(builds(rebuildTransition(held.state, { type: 'RELEASE' }).effects)).toEqual([{ type: 'build', clearMarkers: true }]);
    const waiting = run([{ type: 'HOLD' }, { type: 'EDITED' }, { type: 'RELEASE' }]);
    expect(builds(waiting.effects)).toEqual([]);
    expect(builds(rebuildTransition(waiting.state, { type: 'TIMER' }).effects)).toHaveLength(1);
  });

  it('a timer with nothing wanted does nothing', () => {
    expect(run([{ type: 'NOW' }, { type: 'TIMER' }]).effects).toEqual([{ type: 'disarm' }, { type: 'build', clearMarkers: false }]);
  });
});
