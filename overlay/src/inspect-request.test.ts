import { describe, expect, it } from 'vitest';
import { INSPECT_REPLIES, planInspection } from './inspect-request.js';

describe('inspect request', () => {
  it('answers with the inspection texts', () => {
    expect(planInspection({})).toEqual({ kind: 'error', reply: INSPECT_REPLIES.noComponentName });
    expect(planInspection({ componentName: 'Card' })).toEqual({ kind: 'error', reply: 'Could not find element' });
    expect(planInspection({ componentName: 'Card', isComponent: true })).toEqual({ kind: 'component', componentName: 'Card', elementId: null });
    expect(planInspection({ componentName: 'Card', tempoElementID: 'tempo-x' })).toEqual({ kind: 'element', componentName: 'Card', elementId: 'tempo-x' });
  });
});
