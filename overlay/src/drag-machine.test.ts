import { describe, expect, it } from 'vitest';
import { dragThreshold, dragTransition, initialDragState, type DragState } from './drag-machine.js';

describe('drag machine', () => {
  const down = (state: DragState, button = 0, onEditTextButton = false) =>
    dragTransition(state, { type: 'POINTER_DOWN', button, onEditTextButton, key: 'k', point: { x: 0, y: 0 }, offset: { x: 2, y: 3 } });
  const move = (state: DragState, x: number, opts: { buttons?: number; zoom?: number; ai?: boolean } = {}) =>
    dragTransition(state, { type: 'POINTER_MOVE', point: { x, y: 0 }, buttons: opts.buttons ?? 1, zoom: opts.zoom ?? 1, aiContext: opts.ai ?? false });

  it('threshold is 20 px divided by zoom', () => {
    expect(dragThreshold(1)).toBe(20);
    expect(dragThreshold(0.5)).toBe(40);
    expect(dragThreshold(2)).toBe(10);
  });

  it('arms only on the left button and not on the edit-text button', () => {
    expect(down(initialDragState, 2).state.kind).toBe('idle');
    expect(down(initialDragState, 0, true).state.kind).toBe('idle');
    expect(down(initialDragState).state.kind).toBe('armed');
  });

  it('starts past the threshold with a pointer lock requested then released; not below it', () => {
    const armed = down(initialDragState).state;
    expect(move(armed, 20).state.kind).toBe('armed');
    const started = move(armed, 21);
    expect(started.state.kind).toBe('dragging');
    expect(started.effects).toEqual(['requestPointerLock', 'releasePointerLock', 'dragStart']);
    expect(move(armed, 30, { zoom: 0.5 }).state.kind).toBe('armed');
    expect(move(armed, 15, { zoom: 2 }).state.kind).toBe('dragging');
  });

  it('does not start in AI context mode', () => {
    expect(move(down(initialDragState).state, 100, { ai: true }).state.kind).toBe('armed');
  });

  it('ends on pointer up, and a move without a button cancels', () => {
    const dragging = move(down(initialDragState).state, 50).state;
    expect(dragTransition(dragging, { type: 'POINTER_UP', point: { x: 50, y: 0 } })).toEqual({ state: { kind: 'idle' }, effects: ['dragEnd'] });
    expect(move(dragging, 60, { buttons: 0 })).toEqual({ state: { kind: 'idle' }, effects: ['dragCancel'] });
    expect(move(down(initialDragState).state, 60, { buttons: 0 })).toEqual({ state: { kind: 'idle' }, effects: [] });
    expect(dragTransition(down(initialDragState).state, { type: 'POINTER_UP', point: { x: 0, y: 0 } }).effects).toEqual([]);
  });

  it('the parent can start and cancel a drag', () => {
    const started = dragTransition(initialDragState, { type: 'START', key: 'k', point: { x: 1, y: 1 } });
    expect(started.effects).toContain('dragStart');
    expect(dragTransition(started.state, { type: 'CANCEL' }).effects).toEqual(['dragCancel']);
  });
});
