/**
 * The studio's keyboard map, once: which keys run which command, as the `?` panel lists them and the README's
 * "Keys" table writes them (a unit test holds the two together). The keys follow Figma's where it has one: Enter
 * goes into the selection, Shift+Enter out of it, Tab and Shift+Tab to the next and previous sibling. Which key
 * press means which command is `editor-key-command.ts`; every command of it has its row here (the type says so).
 */
import type { EditorCommand } from './editor-key-command';

export interface KeyBinding {
  /** The keys as a person reads them (`⌘/Ctrl+Z`), alternatives separated by ` or `. */
  keys: string;
  /** What the command does, in a few words. */
  does: string;
}

/** Every command's keys and what it does; one row per command. */
const BINDINGS: { [C in EditorCommand]: KeyBinding } = {
  delete: { keys: 'Delete or Backspace', does: 'Delete the selection' },
  undo: { keys: '⌘/Ctrl+Z', does: 'Undo' },
  redo: { keys: '⌘/Ctrl+Shift+Z or Ctrl+Y', does: 'Redo' },
  duplicate: { keys: '⌘/Ctrl+D', does: 'Duplicate the selection' },
  wrapInDiv: { keys: '⌘/Ctrl+G', does: 'Wrap the selection in a div' },
  copy: { keys: '⌘/Ctrl+C', does: 'Copy the selected element' },
  cut: { keys: '⌘/Ctrl+X', does: 'Cut the selected element (copy, then delete it)' },
  paste: { keys: '⌘/Ctrl+V', does: 'Paste into the selection, at its end (after it when it cannot hold children), with the imports it needs' },
  copyStyle: { keys: '⌘/Ctrl+Alt+C', does: 'Copy the selected element’s classes (its style)' },
  pasteStyle: { keys: '⌘/Ctrl+Alt+V', does: 'Paste the copied classes onto the selection, in place of its own' },
  editText: { keys: 'Enter', does: 'Edit the selection’s text in place; on an element without text of its own, select its first child' },
  selectParent: { keys: 'Shift+Enter', does: 'Select the parent' },
  nextSibling: { keys: 'Tab', does: 'Select the next sibling (the first after the last)' },
  previousSibling: { keys: 'Shift+Tab', does: 'Select the previous sibling (the last before the first)' },
  moveEarlier: { keys: '↑ or ←', does: 'Move the selection one place earlier among its siblings' },
  moveLater: { keys: '↓ or →', does: 'Move the selection one place later among its siblings' },
  escape: { keys: 'Escape', does: 'Cancel a drag, else select the parent, then nothing' },
  zoomIn: { keys: '⌘/Ctrl+= or ⌘/Ctrl++', does: 'Zoom in' },
  zoomOut: { keys: '⌘/Ctrl+-', does: 'Zoom out' },
  zoomReset: { keys: '⌘/Ctrl+0', does: 'Zoom to 100 %' },
  fitAll: { keys: 'Shift+1', does: 'Zoom to fit every frame' },
  fitSelection: { keys: 'Shift+2', does: 'Zoom to fit the selection' },
  showKeys: { keys: '?', does: 'Show the list of keys' },
};

/** The rows in the order the panel and the README list them. */
export const KEY_MAP: readonly (KeyBinding & { command: EditorCommand })[] = (Object.keys(BINDINGS) as EditorCommand[]).map((command) => ({ command, ...BINDINGS[command] }));

