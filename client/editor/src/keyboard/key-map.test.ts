import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { editorCommandOf, type EditorCommand } from './editor-key-command';
import { KEY_MAP } from './key-map';

/** The rows of the README's table of keys (the one headed `| keys | what it does |`). */
function readmeRows(): { keys: string; does: string }[] {
  const lines = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8').split('\n');
  const start = lines.indexOf('| keys | what it does |');
  expect(start, 'the README has a table of keys').toBeGreaterThanOrEqual(0);
  const rows: { keys: string; does: string }[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line.split('|').slice(1, -1).map((cell) => cell.trim());
    rows.push({ keys: cells[0]!, does: cells[1]! });
  }
  return rows;
}

describe('the keyboard map', () => {
  it('is the README’s table of keys, row for row', () => {
    expect(readmeRows()).toEqual(KEY_MAP.map(({ keys, does }) => ({ keys, does })));
  });

  it('lists each command once', () => {
    const commands = KEY_MAP.map((row) => row.command);
    expect(new Set(commands).size).toBe(commands.length);
  });

  // Each row's first keys, pressed, run the row's command: the list says what the keys do.
  const firstPress: Record<EditorCommand, { key: string; ctrlKey?: boolean; shiftKey?: boolean; altKey?: boolean; code?: string }> = {
    delete: { key: 'Delete' },
    undo: { key: 'z', ctrlKey: true },
    redo: { key: 'z', ctrlKey: true, shiftKey: true },
    duplicate: { key: 'd', ctrlKey: true },
    wrapInDiv: { key: 'g', ctrlKey: true },
    copy: { key: 'c', ctrlKey: true },
    cut: { key: 'x', ctrlKey: true },
    paste: { key: 'v', ctrlKey: true },
    copyStyle: { key: 'c', ctrlKey: true, altKey: true, code: 'KeyC' },
    pasteStyle: { key: 'v', ctrlKey: true, altKey: true, code: 'KeyV' },
    editText: { key: 'Enter' },
    selectParent: { key: 'Enter', shiftKey: true },
    nextSibling: { key: 'Tab' },
    previousSibling: { key: 'Tab', shiftKey: true },
    moveEarlier: { key: 'ArrowUp' },
    moveLater: { key: 'ArrowDown' },
    escape: { key: 'Escape' },
    zoomIn: { key: '=', ctrlKey: true },
    zoomOut: { key: '-', ctrlKey: true },
    zoomReset: { key: '0', ctrlKey: true },
    fitAll: { key: '!', shiftKey: true },
    fitSelection: { key: '@', shiftKey: true },
    showKeys: { key: '?', shiftKey: true },
  };
  it.each(KEY_MAP.map((row) => [row.keys, row.command] as const))('%s → %s', (_keys, command) => {
    const press = firstPress[command];
    const data = { metaKey: false, ctrlKey: false, shiftKey: false, ...press, activeElement: { tagName: 'BODY', isContentEditable: false, elementType: null } };
    expect(editorCommandOf(data)).toBe(command);
  });
});
