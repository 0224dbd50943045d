import { describe, expect, it } from 'vitest';
import { frameHoldsBackKey, isEditableTarget, tabWalksSelection } from './editor-keys.js';
import type { ActiveElementInfo, KeyboardEventData } from './frame-protocol.js';

const body: ActiveElementInfo = { tagName: 'BODY', isContentEditable: false, elementType: null };
const field: ActiveElementInfo = { tagName: 'INPUT', isContentEditable: false, elementType: 'text' };
const press = (key: string, flags: Partial<KeyboardEventData> = {}): KeyboardEventData => ({ key, metaKey: false, shiftKey: false, ctrlKey: false, activeElement: body, ...flags });

describe('the keys a frame keeps from its browser', () => {
  it('holds back Tab and the modified command keys when nothing is typed into', () => {
    expect(frameHoldsBackKey(press('Tab'), false)).toBe(true);
    expect(frameHoldsBackKey(press('Tab', { shiftKey: true }), false)).toBe(true);
    for (const key of ['=', '+', '-', '0', 'd', 'G', 'c', 'x', 'v']) expect(frameHoldsBackKey(press(key, { ctrlKey: true }), false)).toBe(true);
    expect(frameHoldsBackKey(press('=', { metaKey: true }), false)).toBe(true);
    // A style's copy and paste, by the physical key whatever character Alt makes of it.
    expect(frameHoldsBackKey(press('ç', { metaKey: true, altKey: true, code: 'KeyC' }), false)).toBe(true);
    expect(frameHoldsBackKey(press('v', { ctrlKey: true, altKey: true, code: 'KeyV' }), false)).toBe(true);
    expect(frameHoldsBackKey(press('d', { ctrlKey: true, altKey: true, code: 'KeyD' }), false)).toBe(false);
  });

  it('holds back the arrows only while an element is selected and nothing has the focus', () => {
    for (const key of ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']) expect(frameHoldsBackKey(press(key), true)).toBe(true);
    expect(frameHoldsBackKey(press('ArrowDown'), false)).toBe(false);
    expect(frameHoldsBackKey(press('ArrowDown', { activeElement: field }), true)).toBe(false);
    expect(frameHoldsBackKey(press('ArrowDown', { activeElement: { tagName: 'BUTTON', isContentEditable: false, elementType: null } }), true)).toBe(false);
    expect(frameHoldsBackKey(press('ArrowDown', { shiftKey: true }), true)).toBe(false);
  });

  it('leaves plain keys, and every key typed into a field, to the page', () => {
    expect(frameHoldsBackKey(press('a'), false)).toBe(false);
    expect(frameHoldsBackKey(press('ArrowDown'), false)).toBe(false);
    expect(frameHoldsBackKey(press('a', { ctrlKey: true }), false)).toBe(false);
    expect(frameHoldsBackKey(press('Tab', { activeElement: field }), false)).toBe(false);
    expect(frameHoldsBackKey(press('c', { ctrlKey: true, activeElement: field }), false)).toBe(false);
    expect(frameHoldsBackKey(press('Tab', { activeElement: { tagName: 'A', isContentEditable: false, elementType: null } }), false)).toBe(false);
  });

  it('knows fields and where Tab walks the selection', () => {
    expect(isEditableTarget(field)).toBe(true);
    expect(isEditableTarget({ tagName: 'INPUT', isContentEditable: false, elementType: 'checkbox' })).toBe(false);
    expect(tabWalksSelection(null)).toBe(true);
    expect(tabWalksSelection({ tagName: 'IFRAME', isContentEditable: false, elementType: null })).toBe(true);
    expect(tabWalksSelection(field)).toBe(false);
  });
});
