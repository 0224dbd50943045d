import { describe, expect, it } from 'vitest';
import { initialTextEditState, textEditTransition } from './text-edit-machine.js';

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
