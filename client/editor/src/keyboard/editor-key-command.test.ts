import { describe, expect, it } from 'vitest';
import type { KeyboardEventData } from '@contracts/frame-protocol.js';
import { isEditableTarget } from '@contracts/editor-keys.js';
import { editorCommandOf } from './editor-key-command';

const press = (key: string, flags: Partial<KeyboardEventData> = {}): KeyboardEventData => ({
  key,
  metaKey: false,
  shiftKey: false,
  ctrlKey: false,
  activeElement: { tagName: 'BODY', isContentEditable: false, elementType: null },
  ...flags,
});

describe('editor keys', () => {
  it.each([
    ['Delete', {}, 'delete'],
    ['Backspace', {}, 'delete'],
    ['z', { metaKey: true }, 'undo'],
    ['z', { ctrlKey: true }, 'undo'],
    ['Z', { metaKey: true, shiftKey: true }, 'redo'],
    ['z', { ctrlKey: true, shiftKey: true }, 'redo'],
    ['y', { ctrlKey: true }, 'redo'],
    ['d', { metaKey: true }, 'duplicate'],
    ['d', { ctrlKey: true }, 'duplicate'],
    ['g', { ctrlKey: true }, 'wrapInDiv'],
    ['G', { metaKey: true }, 'wrapInDiv'],
    ['Enter', {}, 'editText'],
    ['Escape', {}, 'escape'],
    ['c', { metaKey: true }, 'copy'],
    ['x', { ctrlKey: true }, 'cut'],
    ['v', { ctrlKey: true }, 'paste'],
    ['Enter', { shiftKey: true }, 'selectParent'],
    ['Tab', {}, 'nextSibling'],
    ['Tab', { shiftKey: true }, 'previousSibling'],
    ['c', { ctrlKey: true, altKey: true, code: 'KeyC' }, 'copyStyle'],
    ['ç', { metaKey: true, altKey: true, code: 'KeyC' }, 'copyStyle'],
    ['v', { ctrlKey: true, altKey: true, code: 'KeyV' }, 'pasteStyle'],
    ['ArrowUp', {}, 'moveEarlier'],
    ['ArrowLeft', {}, 'moveEarlier'],
    ['ArrowDown', {}, 'moveLater'],
    ['ArrowRight', {}, 'moveLater'],
    ['=', { ctrlKey: true }, 'zoomIn'],
    ['+', { metaKey: true, shiftKey: true }, 'zoomIn'],
    ['-', { ctrlKey: true }, 'zoomOut'],
    ['0', { metaKey: true }, 'zoomReset'],
    ['!', { shiftKey: true }, 'fitAll'],
    ['@', { shiftKey: true }, 'fitSelection'],
    ['?', { shiftKey: true }, 'showKeys'],
  ] as const)('%s %o → %s', (key, flags, command) => {
    expect(editorCommandOf(press(key, flags))).toBe(command);
  });

  it.each([
    ['d', {}],
    ['z', {}],
    ['y', { metaKey: true }],
    ['a', { ctrlKey: true }],
    ['d', { ctrlKey: true, shiftKey: true }],
    ['1', {}],
    ['ArrowUp', { shiftKey: true }],
    ['d', { ctrlKey: true, altKey: true, code: 'KeyD' }],
    ['ArrowDown', { ctrlKey: true }],
  ] as const)('%s %o is no command', (key, flags) => {
    expect(editorCommandOf(press(key, flags))).toBeNull();
  });

  it('leaves keys typed into fields and editable text alone', () => {
    const typing = [
      { tagName: 'INPUT', isContentEditable: false, elementType: null },
      { tagName: 'INPUT', isContentEditable: false, elementType: 'search' },
      { tagName: 'TEXTAREA', isContentEditable: false, elementType: null },
      { tagName: 'DIV', isContentEditable: true, elementType: null },
      { tagName: 'SELECT', isContentEditable: false, elementType: null },
    ];
    for (const activeElement of typing) {
      expect(isEditableTarget(activeElement)).toBe(true);
      expect(editorCommandOf(press('Backspace', { activeElement }))).toBeNull();
      expect(editorCommandOf(press('z', { ctrlKey: true, activeElement }))).toBeNull();
    }
  });

  it('leaves Tab to the focus when a control or a field has it', () => {
    expect(editorCommandOf(press('Tab', { activeElement: { tagName: 'BUTTON', isContentEditable: false, elementType: 'button' } }))).toBeNull();
    expect(editorCommandOf(press('Tab', { activeElement: { tagName: 'INPUT', isContentEditable: false, elementType: 'text' } }))).toBeNull();
    expect(editorCommandOf(press('Tab', { activeElement: { tagName: 'IFRAME', isContentEditable: false, elementType: null } }))).toBe('nextSibling');
    // The arrows too: a focused control or list keeps them.
    expect(editorCommandOf(press('ArrowDown', { activeElement: { tagName: 'BUTTON', isContentEditable: false, elementType: 'button' } }))).toBeNull();
  });

  it('leaves Enter to a focused button or link', () => {
    expect(editorCommandOf(press('Enter', { activeElement: { tagName: 'BUTTON', isContentEditable: false, elementType: 'button' } }))).toBeNull();
    expect(editorCommandOf(press('Enter', { activeElement: { tagName: 'A', isContentEditable: false, elementType: null } }))).toBeNull();
  });

  it('takes keys on buttons and checkboxes as commands', () => {
    expect(editorCommandOf(press('Delete', { activeElement: { tagName: 'BUTTON', isContentEditable: false, elementType: 'button' } }))).toBe('delete');
    expect(editorCommandOf(press('Delete', { activeElement: { tagName: 'INPUT', isContentEditable: false, elementType: 'checkbox' } }))).toBe('delete');
    expect(editorCommandOf(press('Delete', { activeElement: null }))).toBe('delete');
  });
});
