import { describe, expect, it } from 'vitest';
import { hoverTransition, initialHoverState, measuredKey, visibleHoverKey } from './hover-machine.js';

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

  it('measures against the pointer element while Alt alone holds the hover back', () => {
    let state = hoverTransition(initialHoverState, { type: 'POINTER_OVER', key: 'a' });
    expect(measuredKey(state)).toBeNull();
    state = hoverTransition(state, { type: 'SUPPRESS', reason: 'alt' });
    expect(measuredKey(state)).toBe('a');
    expect(measuredKey(hoverTransition(state, { type: 'POINTER_OVER', key: 'b' }))).toBe('b');
    expect(measuredKey(hoverTransition(state, { type: 'SUPPRESS', reason: 'drag' }))).toBeNull();
    expect(measuredKey(hoverTransition(state, { type: 'RELEASE', reason: 'alt' }))).toBeNull();
  });
});
