/**
 * The rules of the studio's keys that the editor and the overlay in a frame both follow: when a key belongs to a
 * field being typed in, when Tab walks the selection, and which commands a frame must keep from its browser (Tab
 * would move the console page's focus, ⌘/Ctrl+= zoom it, ⌘/Ctrl+D bookmark it) besides forwarding them. Which key
 * means which command is the editor's (`client/editor/src/keyboard/`).
 */
import type { ActiveElementInfo, KeyboardEventData } from './frame-protocol.js';

/** Input types that take no typed text: a key pressed on them is a command. */
const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** Whether the focused element takes typed text (a text field, a text area, an editable region). */
export function isEditableTarget(active: ActiveElementInfo | null): boolean {
  if (!active) return false;
  if (active.isContentEditable) return true;
  const tag = active.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !NON_TEXT_INPUTS.has((active.elementType ?? 'text').toLowerCase());
  return false;
}

/**
 * Whether Tab walks the selection rather than the focus: only when nothing in particular has the focus (the page,
 * or a frame), so that Tab still moves through the editor's controls and a form's fields.
 */
export function tabWalksSelection(active: ActiveElementInfo | null): boolean {
  return !active || ['BODY', 'HTML', 'IFRAME'].includes(active.tagName.toUpperCase());
}

/**
 * ⌘/Ctrl with these keys is a command of the editor's: duplicate, wrap, copy, cut, paste, zoom, undo, redo (and with
 * Alt, C and V copy and paste a style).
 */
const MODIFIED_COMMAND_KEYS = new Set(['d', 'g', 'c', 'x', 'v', '=', '+', '-', '0', 'z', 'y']);

const ARROW_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/**
 * Whether a frame keeps this key from its own browser (it forwards every key to the editor in any case): the
 * editor's commands that the browser would also act on, never a key typed into a field.
 */
export function frameHoldsBackKey(data: KeyboardEventData, hasSelection: boolean): boolean {
  if (isEditableTarget(data.activeElement)) return false;
  if (data.key === 'Tab') return tabWalksSelection(data.activeElement);
  // The arrows move a selected element (the page would scroll too); with nothing selected they are the page's.
  if (ARROW_KEYS.has(data.key) && !data.shiftKey && !data.metaKey && !data.ctrlKey) return hasSelection && tabWalksSelection(data.activeElement);
  if (!data.metaKey && !data.ctrlKey) return false;
  // With Alt: the style's copy and paste, read by the physical key (macOS makes Alt+C a `ç`).
  if (data.altKey) return data.code === 'KeyC' || data.code === 'KeyV';
  return MODIFIED_COMMAND_KEYS.has(data.key.length === 1 ? data.key.toLowerCase() : data.key);
}
