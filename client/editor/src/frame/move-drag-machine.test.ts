import { describe, expect, it } from 'vitest';
import { dropFollowState, initialMoveDragState, moveDragTransition, type MoveDragEvent, type MoveDragState } from './move-drag-machine';

const run = (events: MoveDragEvent[], from: MoveDragState = initialMoveDragState) => {
  let state = from;
  const effects = [];
  for (const event of events) {
    const step = moveDragTransition(state, event);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
};

const start: MoveDragEvent = { type: 'DRAG_START', frameId: 'f1', elementKey: 'a|f1|0-0' };
const elsewhere = { parentKey: 'p|f1|0', beforeKey: 'c|f1|0-2', afterKey: null };
const there = { parentKey: 'p|f1|0', beforeKey: null, afterKey: 'd|f1|0-3' };
const point = { pageX: 10, pageY: 20 };

describe('move by drag', () => {
  it('shows each new place once and writes the last one at the end', () => {
    const { state, effects } = run([
      start,
      { type: 'TARGET', frameId: 'f1', target: elsewhere, isCurrent: false, point },
      { type: 'TARGET', frameId: 'f1', target: { ...elsewhere }, isCurrent: false, point },
      { type: 'TARGET', frameId: 'f1', target: there, isCurrent: false, point },
      { type: 'DRAG_END', frameId: 'f1' },
    ]);
    expect(state).toEqual({ kind: 'idle' });
    expect(effects).toEqual([
      { type: 'showTarget', frameId: 'f1', elementKey: 'a|f1|0-0', target: elsewhere },
      { type: 'showTarget', frameId: 'f1', elementKey: 'a|f1|0-0', target: there },
      { type: 'submitMove', frameId: 'f1', elementKey: 'a|f1|0-0', target: there },
    ]);
  });

  it('writes nothing when the element is dropped where it was', () => {
    const { effects } = run([start, { type: 'TARGET', frameId: 'f1', target: elsewhere, isCurrent: true, point }, { type: 'DRAG_END', frameId: 'f1' }]);
    expect(effects.map((effect) => effect.type)).toEqual(['showTarget']);
  });

  it('with Alt at the release, writes a copy at the place shown, or right after itself where it was', () => {
    const moved = run([start, { type: 'TARGET', frameId: 'f1', target: there, isCurrent: false, point }, { type: 'DRAG_END', frameId: 'f1', copy: true }]);
    expect(moved.effects.at(-1)).toEqual({ type: 'submitCopy', frameId: 'f1', elementKey: 'a|f1|0-0', target: there });
    const inPlace = run([start, { type: 'TARGET', frameId: 'f1', target: elsewhere, isCurrent: true, point }, { type: 'DRAG_END', frameId: 'f1', copy: true }]);
    expect(inPlace.effects.at(-1)).toEqual({ type: 'submitCopy', frameId: 'f1', elementKey: 'a|f1|0-0', target: null });
    expect(run([start, { type: 'DRAG_END', frameId: 'f1', copy: true }]).effects).toEqual([{ type: 'submitCopy', frameId: 'f1', elementKey: 'a|f1|0-0', target: null }]);
  });

  it('writes nothing when the pointer never found a place', () => {
    expect(run([start, { type: 'TARGET', frameId: 'f1', target: null, isCurrent: false, point }, { type: 'DRAG_END', frameId: 'f1' }]).effects).toEqual([]);
  });

  it('keeps the last place when the pointer is over nothing droppable', () => {
    const { state } = run([start, { type: 'TARGET', frameId: 'f1', target: there, isCurrent: false, point }, { type: 'TARGET', frameId: 'f1', target: null, isCurrent: false, point }]);
    expect(state.kind === 'dragging' && state.target).toEqual(there);
  });

  it('is dropped when the frame cancels, telling the frame nothing', () => {
    const { state, effects } = run([start, { type: 'TARGET', frameId: 'f1', target: there, isCurrent: false, point }, { type: 'FRAME_CANCEL', frameId: 'f1' }, { type: 'DRAG_END', frameId: 'f1' }]);
    expect(state.kind).toBe('idle');
    expect(effects.map((effect) => effect.type)).toEqual(['showTarget']);
  });

  it('is cancelled by Escape, telling the frame', () => {
    const { state, effects } = run([start, { type: 'TARGET', frameId: 'f1', target: there, isCurrent: false, point }, { type: 'CANCEL' }]);
    expect(state.kind).toBe('idle');
    expect(effects.at(-1)).toEqual({ type: 'cancelInFrame', frameId: 'f1' });
  });

  it('ignores another frame and events while idle', () => {
    const other = run([start, { type: 'TARGET', frameId: 'f2', target: there, isCurrent: false, point }, { type: 'DRAG_END', frameId: 'f2' }]);
    expect(other.effects).toEqual([]);
    expect(other.state.kind).toBe('dragging');
    expect(run([{ type: 'DRAG_END', frameId: 'f1' }, { type: 'CANCEL' }]).effects).toEqual([]);
  });

  it('remembers where the pointer was at each move followed, a move with no place included', () => {
    const moved = { pageX: 11, pageY: 25 };
    const { state } = run([start, { type: 'TARGET', frameId: 'f1', target: there, isCurrent: false, point }, { type: 'TARGET', frameId: 'f1', target: null, isCurrent: false, point: moved }]);
    expect(dropFollowState(state, 'f1')).toEqual({ target: there, point: moved });
    expect(dropFollowState(state, 'f2')).toBeNull();
    expect(dropFollowState(initialMoveDragState, 'f1')).toBeNull();
    expect(dropFollowState(run([start]).state, 'f1')).toEqual({ target: null, point: null });
  });
});
