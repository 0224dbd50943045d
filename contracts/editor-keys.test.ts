import { describe, expect, it } from 'vitest';
import { frameHoldsBackKey, isEditableTarget, tabWalksSelection } from './editor-keys.js';
import type { ActiveElementInfo, KeyboardEventData } from './frame-protocol.js';

const body: ActiveElementInfo = { tagName: 'BODY', isContentEditable: false, elementType: null };
const field: ActiveElementInfo = { tagName: 'INPUT', isContentEditable: false, elementType: 'text' };
const press = (key: string, flags: Partial<KeyboardEventData> = {}): KeyboardEventData => ({ key, metaKey: false, shiftKey: false, ctrlKey: false, activeElement: body, ...flags });

describe('the keys a frame keeps from its browser', () => {
  it('holds back Tab and the modified command keys when nothing is typed into', () => {
    expect(frameHoldsBackKey(press('Tab'))).toBe(true);
    expect(frameHoldsBackKey(press('Tab', { shiftKey: true }))).toBe(true);
    for (const key of ['=', '+', '-', '0', 'd', 'G', 'c', 'x', 'v']) expect(frameHoldsBackKey(press(key, { ctrlKey: true }))).toBe(true);
    expect(frameHoldsBackKey(press('=', { metaKey: true }))).toBe(true);
  });

  it('leaves plain keys, and every key typed into a field, to the page', () => {
    expect(frameHoldsBackKey(press('a'))).toBe(false);
    expect(frameHoldsBackKey(press('ArrowDown'))).toBe(false);
    expect(frameHoldsBackKey(press('a', { ctrlKey: true }))).toBe(false);
    expect(frameHoldsBackKey(press('Tab', { activeElement: field }))).toBe(false);
    expect(frameHoldsBackKey(press('c', { ctrlKey: true, activeElement: field }))).toBe(false);
    expect(frameHoldsBackKey(press('Tab', { activeElement: { tagName: 'A', isContentEditable: false, elementType: null } }))).toBe(false);
  });

  it('knows fields and where Tab walks the selection', () => {
    expect(isEditableTarget(field)).toBe(true);
    expect(isEditableTarget({ tagName: 'INPUT', isContentEditable: false, elementType: 'checkbox' })).toBe(false);
    expect(tabWalksSelection(null)).toBe(true);
    expect(tabWalksSelection({ tagName: 'IFRAME', isContentEditable: false, elementType: null })).toBe(true);
    expect(tabWalksSelection(field)).toBe(false);
  });
});
