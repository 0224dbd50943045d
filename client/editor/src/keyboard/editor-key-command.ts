/**
 * Which editor command a key press means (the README's "Keys"), the same for a key pressed in the editor and one a
 * frame forwards (`KEY_DOWN`). Keys typed into a field (of the editor, or of the console page in a frame) are the
 * field's, never a command.
 */
import { isEditableTarget, tabWalksSelection } from '@contracts/editor-keys.js';
import { keyboardEventData, type ActiveElementInfo, type KeyboardEventData } from '@contracts/frame-protocol.js';

export type EditorCommand =
  | 'delete'
  | 'undo'
  | 'redo'
  | 'duplicate'
  | 'wrapInDiv'
  | 'copy'
  | 'cut'
  | 'paste'
  | 'copyStyle'
  | 'pasteStyle'
  | 'editText'
  | 'selectParent'
  | 'nextSibling'
  | 'previousSibling'
  | 'moveEarlier'
  | 'moveLater'
  | 'escape'
  | 'zoomIn'
  | 'zoomOut'
  | 'zoomReset'
  | 'fitAll'
  | 'fitSelection'
  | 'showKeys';

/** Whether Enter on the focused element is the element's own (a button or link activates on it). */
function takesEnter(active: ActiveElementInfo | null): boolean {
  return !!active && ['BUTTON', 'A', 'SUMMARY', 'INPUT'].includes(active.tagName.toUpperCase());
}

function commandWithModifier(key: string, event: KeyboardEventData): EditorCommand | null {
  // Figma's keys for a style: by the physical key, since Alt changes the character on macOS.
  if (event.altKey) return event.code === 'KeyC' ? 'copyStyle' : event.code === 'KeyV' ? 'pasteStyle' : null;
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && event.ctrlKey && !event.metaKey) return 'redo';
  if (event.shiftKey) return key === '+' ? 'zoomIn' : null;
  if (key === 'd') return 'duplicate';
  if (key === 'g') return 'wrapInDiv';
  if (key === 'c') return 'copy';
  if (key === 'x') return 'cut';
  if (key === 'v') return 'paste';
  if (key === '=' || key === '+') return 'zoomIn';
  if (key === '-') return 'zoomOut';
  if (key === '0') return 'zoomReset';
  return null;
}

export function editorCommandOf(event: KeyboardEventData): EditorCommand | null {
  if (isEditableTarget(event.activeElement)) return null;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (event.metaKey || event.ctrlKey) return commandWithModifier(key, event);
  if (key === 'Delete' || key === 'Backspace') return 'delete';
  if (key === 'Enter' && !takesEnter(event.activeElement)) return event.shiftKey ? 'selectParent' : 'editText';
  if (key === 'Tab' && tabWalksSelection(event.activeElement)) return event.shiftKey ? 'previousSibling' : 'nextSibling';
  if (key === 'Escape') return 'escape';
  // The arrows move the selection among its siblings, as in a Figma auto layout; a focused control keeps them.
  if (!event.shiftKey && tabWalksSelection(event.activeElement)) {
    if (key === 'ArrowUp' || key === 'ArrowLeft') return 'moveEarlier';
    if (key === 'ArrowDown' || key === 'ArrowRight') return 'moveLater';
  }
  // Shift+1 and Shift+2 as the key reads on most layouts (`!`, `@`; `"` on some), or as the digit itself.
  if (event.shiftKey && (key === '!' || key === '1')) return 'fitAll';
  if (event.shiftKey && (key === '@' || key === '"' || key === '2')) return 'fitSelection';
  if (key === '?') return 'showKeys';
  return null;
}

/** The key data of an editor keyboard event, in the shape a frame forwards. */
export function keyDataOf(event: KeyboardEvent): KeyboardEventData {
  const target = event.target instanceof HTMLElement ? event.target : document.activeElement;
  return keyboardEventData(event, target as HTMLElement | null);
}
