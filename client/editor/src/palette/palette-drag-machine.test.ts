import { describe, expect, it } from 'vitest';
import { DRAG_THRESHOLD, dragStep, type DragEvent, type DragOutcome, type DragState, type DropTarget } from './palette-drag-machine';

const target: DropTarget = { frameId: 'frame-1', elementKey: 'k', destinationKey: 'p', description: 'Into section' };

function run(events: DragEvent<string>[]) {
  let state: DragState<string> = { kind: 'idle' };
  const outcomes: DragOutcome<string>[] = [];
  for (const event of events) {
    const step: ReturnType<typeof dragStep<string>> = dragStep(state, event);
    state = step.state;
    outcomes.push(step.outcome);
  }
  return { state, outcomes };
}

describe('palette drag', () => {
  it('a press released without moving is a click: no drop', () => {
    const { state, outcomes } = run([{ type: 'POINTER_DOWN', item: 'div', x: 10, y: 10 }, { type: 'POINTER_MOVE', x: 11, y: 11 }, { type: 'POINTER_UP' }]);
    expect(state).toEqual({ kind: 'idle' });
    expect(outcomes.every((outcome) => outcome.kind === 'none')).toBe(true);
  });

  it('starts dragging past the threshold and drops on the last target', () => {
    const { outcomes } = run([
      { type: 'POINTER_DOWN', item: 'div', x: 10, y: 10 },
      { type: 'POINTER_MOVE', x: 10 + DRAG_THRESHOLD, y: 10 },
      { type: 'TARGET', target, problem: null },
      { type: 'POINTER_MOVE', x: 200, y: 100 },
      { type: 'POINTER_UP' },
    ]);
    expect(outcomes.at(-1)).toEqual({ kind: 'drop', item: 'div', target });
  });

  it('a release over no target says why, and a cancel drops nothing', () => {
    const nowhere = run([
      { type: 'POINTER_DOWN', item: 'div', x: 0, y: 0 },
      { type: 'POINTER_MOVE', x: 50, y: 0 },
      { type: 'TARGET', target: null, problem: 'Nothing can be added next to html' },
      { type: 'POINTER_UP' },
    ]);
    expect(nowhere.outcomes.at(-1)).toEqual({ kind: 'dropped-nowhere', problem: 'Nothing can be added next to html' });
    const cancelled = run([
      { type: 'POINTER_DOWN', item: 'div', x: 0, y: 0 },
      { type: 'POINTER_MOVE', x: 50, y: 0 },
      { type: 'TARGET', target, problem: null },
      { type: 'CANCEL' },
      { type: 'POINTER_UP' },
    ]);
    expect(cancelled.outcomes.every((outcome) => outcome.kind === 'none')).toBe(true);
  });

  it('ignores targets that arrive when not dragging', () => {
    expect(dragStep<string>({ kind: 'idle' }, { type: 'TARGET', target, problem: null }).state).toEqual({ kind: 'idle' });
  });
});
