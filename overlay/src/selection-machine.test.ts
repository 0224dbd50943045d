import { describe, expect, it } from 'vitest';
import { initialSelectionState, primaryKey, selectedKeys, selectionTransition, type SelectionState } from './selection-machine.js';

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
