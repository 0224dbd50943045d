import { describe, expect, it } from 'vitest';
import { dragThreshold, dragTransition, initialDragState, type DragState } from './drag-machine.js';
import { hoverTransition, initialHoverState, visibleHoverKey } from './hover-machine.js';
import { initialSelectionState, primaryKey, selectedKeys, selectionTransition, type SelectionState } from './selection-machine.js';
import { initialTextEditState, textEditTransition } from './text-edit-machine.js';

describe('hover machine', () => {
  it('shows the pointer element unless dragging, Alt, editing or drive mode suppresses it', () => {
    let state = hoverTransition(initialHoverState, { type: 'POINTER_OVER', key: 'a' });
    expect(visibleHoverKey(state)).toBe('a');
    for (const reason of ['drag', 'alt', 'editing', 'drive'] as const) {
      const suppressed = hoverTransition(state, { type: 'SUPPRESS', reason });
      expect(visibleHoverKey(suppressed)).toBeNull();
      expect(visibleHoverKey(hoverTransition(suppressed, { type: 'RELEASE', reason }))).toBe('a');
    }
    state = hoverTransition(state, { type: 'SUPPRESS', reason: 'alt' });
    state = hoverTransition(state, { type: 'SUPPRESS', reason: 'drag' });
    state = hoverTransition(state, { type: 'RELEASE', reason: 'alt' });
    expect(visibleHoverKey(state)).toBeNull();
    state = hoverTransition(state, { type: 'POINTER_OVER', key: 'b' });
    state = hoverTransition(state, { type: 'RELEASE', reason: 'drag' });
    expect(visibleHoverKey(state)).toBe('b');
    expect(visibleHoverKey(hoverTransition(state, { type: 'CLEAR' }))).toBeNull();
  });
});

describe('selection machine', () => {
  const siblings = new Set(['a', 'b', 'c']);
  const areSiblings = (x: string, y: string) => siblings.has(x) && siblings.has(y);
  const click = (state: SelectionState, nearestKey: string | null, opts: { shift?: boolean; ctrl?: boolean; exactKey?: string; storyboard?: boolean } = {}) =>
    selectionTransition(state, {
      type: 'CLICK',
      target: { nearestKey, exactKey: opts.exactKey ?? null, isStoryboard: opts.storyboard ?? false },
      ctrlOrMeta: opts.ctrl ?? false,
      shift: opts.shift ?? false,
      areSiblings,
    });

  it('click selects the nearest element, Ctrl/Cmd-click the exact one, the root the storyboard', () => {
    expect(click(initialSelectionState, 'a')).toEqual({ kind: 'element', key: 'a' });
    expect(click(initialSelectionState, 'a', { ctrl: true, exactKey: 'inner' })).toEqual({ kind: 'element', key: 'inner' });
    expect(click(initialSelectionState, 'root', { storyboard: true })).toEqual({ kind: 'storyboard', key: 'root' });
    expect(click({ kind: 'element', key: 'a' }, null)).toEqual({ kind: 'element', key: 'a' });
  });

  it('shift-click adds siblings, removes selected ones, and ignores non-siblings', () => {
    let state = click(initialSelectionState, 'a');
    state = click(state, 'b', { shift: true });
    expect(state).toEqual({ kind: 'multi', keys: ['a', 'b'] });
    state = click(state, 'c', { shift: true });
    expect(selectedKeys(state)).toEqual(['a', 'b', 'c']);
    expect(click(state, 'elsewhere', { shift: true })).toBe(state);
    state = click(state, 'b', { shift: true });
    expect(selectedKeys(state)).toEqual(['a', 'c']);
    state = click(state, 'c', { shift: true });
    expect(state).toEqual({ kind: 'element', key: 'a' });
    expect(primaryKey(state)).toBe('a');
  });

  it('is set by the parent', () => {
    expect(selectionTransition(initialSelectionState, { type: 'SET_MULTI', keys: ['a', 'b', 'a'] })).toEqual({ kind: 'multi', keys: ['a', 'b'] });
    expect(selectionTransition({ kind: 'element', key: 'a' }, { type: 'SET', key: null })).toEqual({ kind: 'none' });
    expect(selectionTransition(initialSelectionState, { type: 'CLEAR' })).toEqual({ kind: 'none' });
  });
});

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

describe('text edit machine', () => {
  const candidate = { key: 'k', onlyTextChildren: true, staticText: true, text: 'Máy bay' };

  it('starts only on static text, keeping the original', () => {
    const step = textEditTransition(initialTextEditState, { type: 'START', candidate });
    expect(step.state).toEqual({ kind: 'editing', key: 'k', originalText: 'Máy bay' });
    expect(step.effects).toEqual([
      { type: 'makeEditable', key: 'k' },
      { type: 'notifyStart', key: 'k', oldText: 'Máy bay' },
    ]);
  });

  it('offers the dynamic-text editor for text from an expression, and nothing for mixed children', () => {
    expect(textEditTransition(initialTextEditState, { type: 'START', candidate: { ...candidate, staticText: false } })).toEqual({
      state: { kind: 'idle' },
      effects: [{ type: 'showDynamicTextButton', key: 'k' }],
    });
    expect(textEditTransition(initialTextEditState, { type: 'START', candidate: { ...candidate, onlyTextChildren: false } }).effects).toEqual([]);
  });

  it('blur or a click elsewhere sends new and old text, clears the selection and ends editing', () => {
    const editing = textEditTransition(initialTextEditState, { type: 'START', candidate }).state;
    for (const type of ['BLUR', 'CLICK_ELSEWHERE'] as const) {
      const step = textEditTransition(editing, { type, currentText: 'Drone' });
      expect(step.state).toEqual({ kind: 'idle' });
      expect(step.effects).toEqual([
        { type: 'sendEditedText', key: 'k', newText: 'Drone', oldText: 'Máy bay' },
        { type: 'clearSelection' },
        { type: 'removeEditable', key: 'k' },
      ]);
    }
    expect(textEditTransition(initialTextEditState, { type: 'BLUR', currentText: 'x' }).effects).toEqual([]);
  });
});
