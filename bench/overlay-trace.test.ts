import { describe, expect, it } from 'vitest';
import { longestTask, parseTrace, taskHolding, tasksBetween } from './overlay-trace.js';

const TASK = 'ThreadControllerImpl::RunTask';
const main = { pid: 1, tid: 10 };
const task = (ts: number, dur: number, tdur?: number, where = main) => ({ name: TASK, ph: 'X', ...where, ts, dur, ...(tdur === undefined ? {} : { tdur }) });
const mark = (name: string, ts: number, where = main) => ({ name, ph: 'R', ...where, ts });

describe('tasksBetween', () => {
  const events = [
    task(0, 5_000, 4_000), // holds the start mark: the sender's own task, left out
    mark('start', 1_000),
    task(6_000, 12_000, 9_000),
    { name: 'FireAnimationFrame', ph: 'X', ...main, ts: 6_100, dur: 11_000 },
    { name: 'TimerFire', ph: 'X', pid: 2, tid: 20, ts: 20_100, dur: 100 }, // inside the other thread's task only
    task(20_000, 30_000, 25_000),
    task(20_000, 40_000, 1_000, { pid: 2, tid: 20 }), // another process's thread
    task(60_000, 15_000, 14_000), // holds the end mark: the receiver's task, left out
    mark('end', 61_000),
    task(80_000, 50_000, 50_000), // after the end
  ];

  it('keeps the tasks of the marking thread that begin after the start and before the task holding the end', () => {
    expect(tasksBetween(events, 'start', 'end')).toEqual([
      { wallMs: 12, cpuMs: 9, kind: 'animation-frame' },
      { wallMs: 30, cpuMs: 25, kind: 'other' },
    ]);
  });

  it('reports the longest task by each clock', () => {
    expect(longestTask([{ wallMs: 12, cpuMs: 11 }, { wallMs: 30, cpuMs: 8 }])).toEqual({ wallMs: 30, cpuMs: 11 });
  });

  it('caps a thread-clock reading above the wall clock', () => {
    expect(tasksBetween([mark('a', 0), task(1_000, 10_000, 60_000), mark('b', 20_000)], 'a', 'b')).toEqual([{ wallMs: 10, cpuMs: 10, kind: 'other' }]);
  });

  it('tells a timer task from a message task', () => {
    const traced = tasksBetween(
      [
        mark('a', 0),
        task(1_000, 5_000),
        { name: 'HandlePostMessage', ph: 'X', ...main, ts: 1_100, dur: 4_000 },
        task(7_000, 5_000),
        { name: 'TimerFire', ph: 'X', ...main, ts: 7_100, dur: 4_000 },
        mark('b', 20_000),
      ],
      'a',
      'b',
    );
    expect(traced.map((entry) => entry.kind)).toEqual(['message', 'timer']);
  });

  it('fails clearly without the marks or without tasks', () => {
    expect(() => tasksBetween(events, 'start', 'missing')).toThrow(/no mark "missing"/);
    expect(() => longestTask([])).toThrow(/no main-thread task/);
  });
});

describe('taskHolding', () => {
  it('is the outermost task around the mark', () => {
    const events = [task(0, 20_000, 18_000), task(2_000, 5_000, 5_000), mark('walk', 3_000), task(30_000, 1_000)];
    expect(taskHolding(events, 'walk')).toEqual({ wallMs: 20, cpuMs: 18 });
  });
});

describe('parseTrace', () => {
  it('reads both trace file shapes', () => {
    const events = [mark('x', 1)];
    expect(parseTrace(Buffer.from(JSON.stringify({ traceEvents: events })))).toEqual(events);
    expect(parseTrace(Buffer.from(JSON.stringify(events)))).toEqual(events);
  });
});
