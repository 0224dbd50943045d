import { describe, expect, it } from 'vitest';
import { instantDuringFlush } from './flush-rules.js';

describe('instant updates during a flush', () => {
  it('allows styling and class changes, and undo or redo of them', () => {
    for (const type of ['STYLING', 'ADD_CLASS', 'UPDATE_CLASSES'] as const) {
      expect(instantDuringFlush({ type, changeFields: {} })).toBe(true);
      expect(instantDuringFlush({ type: 'UNDO', changeFields: { changeToUndo: { type } } })).toBe(true);
      expect(instantDuringFlush({ type: 'REDO', changeFields: { changeToRedo: { type } } })).toBe(true);
    }
  });

  it('holds back everything else', () => {
    for (const type of ['ADD_JSX', 'MOVE_JSX', 'REMOVE_JSX', 'REMOVE_CLASS', 'WRAP_DIV', 'DUPLICATE', 'CHANGE_TAG'] as const) {
      expect(instantDuringFlush({ type, changeFields: {} })).toBe(false);
      expect(instantDuringFlush({ type: 'UNDO', changeFields: { changeToUndo: { type } } })).toBe(false);
    }
    expect(instantDuringFlush({ type: 'UNDO', changeFields: {} })).toBe(false);
  });
});
