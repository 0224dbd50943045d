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

  it('Enter writes and keeps the element selected; the editor asking ends the edit like a click elsewhere', () => {
    const editing = textEditTransition(initialTextEditState, { type: 'START', candidate }).state;
    expect(textEditTransition(editing, { type: 'ENTER', currentText: 'Drone' })).toEqual({
      state: { kind: 'idle' },
      effects: [
        { type: 'sendEditedText', key: 'k', newText: 'Drone', oldText: 'Máy bay' },
        { type: 'removeEditable', key: 'k' },
      ],
    });
    expect(textEditTransition(editing, { type: 'COMMIT_REQUESTED', currentText: 'Drone' }).effects).toContainEqual({ type: 'clearSelection' });
    expect(textEditTransition(initialTextEditState, { type: 'ENTER', currentText: 'x' }).effects).toEqual([]);
  });

  it('writes the text as a person sees it: a pasted line break is a space, an untouched text writes nothing new', () => {
    const editing = textEditTransition(initialTextEditState, { type: 'START', candidate: { ...candidate, text: ' Máy  bay ' } }).state;
    expect(textEditTransition(editing, { type: 'ENTER', currentText: 'Máy\nbay  mới ' }).effects).toEqual([
      { type: 'restoreText', key: 'k', text: 'Máy bay mới' },
      { type: 'sendEditedText', key: 'k', newText: 'Máy bay mới', oldText: ' Máy  bay ' },
      { type: 'removeEditable', key: 'k' },
    ]);
    expect(textEditTransition(editing, { type: 'BLUR', currentText: 'Máy bay' }).effects[0]).toEqual({ type: 'restoreText', key: 'k', text: ' Máy  bay ' });
    expect(textEditTransition(editing, { type: 'BLUR', currentText: 'Máy bay' }).effects[1]).toEqual({
      type: 'sendEditedText',
      key: 'k',
      newText: ' Máy  bay ',
      oldText: ' Máy  bay ',
    });
  });

  it('Escape puts the original text back and writes nothing; Shift+Enter only shows the hint', () => {
    const editing = textEditTransition(initialTextEditState, { type: 'START', candidate }).state;
    expect(textEditTransition(editing, { type: 'ESCAPE' })).toEqual({
      state: { kind: 'idle' },
      effects: [
        { type: 'restoreText', key: 'k', text: 'Máy bay' },
        { type: 'sendEditedText', key: 'k', newText: 'Máy bay', oldText: 'Máy bay' },
        { type: 'removeEditable', key: 'k' },
      ],
    });
    expect(textEditTransition(editing, { type: 'SHIFT_ENTER' })).toEqual({ state: editing, effects: [{ type: 'showLineBreakHint', key: 'k' }] });
    expect(textEditTransition(initialTextEditState, { type: 'SHIFT_ENTER' }).effects).toEqual([]);
    expect(textEditTransition(initialTextEditState, { type: 'ESCAPE' }).effects).toEqual([]);
  });
});
