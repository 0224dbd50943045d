/**
 * Which editor command a key press means (the README's "Keys"), the same for a key pressed in the editor and one a
 * frame forwards (`KEY_DOWN`). Keys typed into a field (of the editor, or of the console page in a frame) are the
 * field's, never a command.
 */
import { keyboardEventData, type ActiveElementInfo, type KeyboardEventData } from '@contracts/frame-protocol.js';

export type EditorCommand = 'delete' | 'undo' | 'redo' | 'duplicate' | 'wrapInDiv' | 'editText' | 'escape';

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

/** Whether Enter on the focused element is the element's own (a button or link activates on it). */
function takesEnter(active: ActiveElementInfo | null): boolean {
  return !!active && ['BUTTON', 'A', 'SUMMARY', 'INPUT'].includes(active.tagName.toUpperCase());
}

export function editorCommandOf(event: KeyboardEventData): EditorCommand | null {
  if (isEditableTarget(event.activeElement)) return null;
  const mod = event.metaKey || event.ctrlKey;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (mod) {
    if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
    if (key === 'y' && event.ctrlKey && !event.metaKey) return 'redo';
    if (key === 'd' && !event.shiftKey) return 'duplicate';
    if (key === 'g' && !event.shiftKey) return 'wrapInDiv';
    return null;
  }
  if (key === 'Delete' || key === 'Backspace') return 'delete';
  if (key === 'Enter' && !event.shiftKey && !takesEnter(event.activeElement)) return 'editText';
  if (key === 'Escape') return 'escape';
  return null;
}

/** The key data of an editor keyboard event, in the shape a frame forwards. */
export function keyDataOf(event: KeyboardEvent): KeyboardEventData {
  const target = event.target instanceof HTMLElement ? event.target : document.activeElement;
  return keyboardEventData(event, target as HTMLElement | null);
}
