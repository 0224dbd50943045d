/**
 * The history kept in the project, on real files: what one history records, the next one (the next start of the
 * server) reads back with its names; a stored file that cannot be used is set aside; the limit drops old steps and
 * their texts; each step says whether it could be applied now.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChangeHistory, defaultChangeName, HISTORY_FOLDER, type HistoryEntry } from './change-history.js';
import { sha256 } from './source-text.js';

let root: string;
const warnings: string[] = [];
const open = (limit?: number) => new ChangeHistory({ root, limit, warn: (message) => warnings.push(message) });
const blobFolder = () => path.join(root, HISTORY_FOLDER, 'blobs');
const blobs = () => (fs.existsSync(blobFolder()) ? fs.readdirSync(blobFolder()).sort() : []);

/** Writes `after` over the file (as the engine does) and answers the entry the engine would record. */
function write(relative: string, after: string | null, ids: Partial<Pick<HistoryEntry, 'prevIdToNewIdMap' | 'addedIds'>> = {}): HistoryEntry {
  const absolute = path.join(root, relative);
  const before = fs.existsSync(absolute) ? fs.readFileSync(absolute, 'utf8') : null;
  fs.mkdirSync(path.dirname(absolute), { recursive: true });
  if (after === null) fs.rmSync(absolute);
  else fs.writeFileSync(absolute, after);
  return {
    kind: 'addClass',
    files: [{ absolute, relative, before, after, beforeHash: before === null ? '' : sha256(before), afterHash: after === null ? '' : sha256(after), createdFolders: [] }],
    prevIdToNewIdMap: ids.prevIdToNewIdMap ?? {},
    addedIds: ids.addedIds ?? [],
  };
}

beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'change-history-')));
  warnings.length = 0;
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the stored history', () => {
  it('is read back by the next start with its names, ids, texts and order', async () => {
    const first = open();
    const a = await first.record('c', write('src/a.tsx', 'one'), 'Add class italic');
    await first.record('c', write('src/a.tsx', 'two', { prevIdToNewIdMap: { x: 'y' }, addedIds: ['z'] }));
    await first.record('other', write('src/b.tsx', 'b'), 'Edit text');
    // As the engine does: the file is written back, then the step moves to the redo stack.
    fs.writeFileSync(path.join(root, 'src/a.tsx'), 'one');
    expect(await first.markUndone('c')).toMatchObject({ name: 'Add class', state: 'ready' });

    const next = open();
    const status = next.status('c');
    expect(status).toMatchObject({
      undoCount: 1,
      redoCount: 1,
      done: [{ id: a.item.id, name: 'Add class italic', kind: 'addClass', files: ['src/a.tsx'], state: 'ready' }],
      undone: [{ name: 'Add class', state: 'ready' }],
    });
    expect(Date.parse(status.done[0]!.at)).not.toBeNaN();
    expect(next.status('other').done.map((item) => item.name)).toEqual(['Edit text']);
    expect(next.peekRedo('c')).toMatchObject({ files: [{ before: 'one', after: 'two' }], prevIdToNewIdMap: { x: 'y' }, addedIds: ['z'] });
    expect(next.peekUndo('c')).toMatchObject({ files: [{ before: null, after: 'one', beforeHash: '' }] });
    expect(warnings).toEqual([]);
  });

  it('stores each text once, however many steps use it', async () => {
    const history = open();
    await history.record('c', write('src/a.tsx', 'one'));
    await history.record('c', write('src/a.tsx', 'two'));
    await history.record('c', write('src/a.tsx', 'one'));
    expect(blobs()).toEqual([sha256('one'), sha256('two')].sort());
  });

  it('keeps the folder out of git by itself', async () => {
    await open().record('c', write('src/a.tsx', 'one'));
    expect(fs.readFileSync(path.join(root, '.plantation-studio/.gitignore'), 'utf8')).toMatch(/^\*$/m);
  });
});

describe('a stored history that cannot be used', () => {
  it.each([
    ['not JSON', '{"version": 1, "done": ['],
    ['another canvas', JSON.stringify({ version: 1, canvasId: 'other', done: [], undone: [] })],
    ['an entry that is not one', JSON.stringify({ version: 1, canvasId: 'c', done: [{ id: 1 }], undone: [] })],
    ['a path out of the root', JSON.stringify({
      version: 1, canvasId: 'c', undone: [],
      done: [{ id: 'x', name: 'n', kind: 'k', at: new Date(0).toISOString(), ids: null, files: [{ path: '../x', beforeHash: '', afterHash: '', createdFolders: [] }] }],
    })],
  ])('(%s) is set aside, said once, and the canvas starts empty', async (_name, text) => {
    await open().record('good', write('src/a.tsx', 'one'), 'Kept');
    fs.writeFileSync(path.join(root, HISTORY_FOLDER, 'c.json'), text);
    const history = open();
    expect(history.status('c')).toEqual({ undoCount: 0, redoCount: 0, done: [], undone: [] });
    expect(history.status('good').done.map((item) => item.name)).toEqual(['Kept']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/history\/c\.json was set aside as c\.json\.unreadable-.*canvas starts with an empty history/);
    const left = fs.readdirSync(path.join(root, HISTORY_FOLDER));
    expect(left).not.toContain('c.json');
    expect(left.filter((name) => name.startsWith('c.json.unreadable-'))).toHaveLength(1);
    // A new step is kept again under the canvas's own name.
    await history.record('c', write('src/a.tsx', 'two'), 'After');
    expect(open().status('c').done.map((item) => item.name)).toEqual(['After']);
  });

  it('drops the steps whose saved texts are gone (and the older ones), saying so', async () => {
    const history = open();
    await history.record('c', write('src/a.tsx', 'one'));
    await history.record('c', write('src/a.tsx', 'two'));
    await history.record('c', write('src/a.tsx', 'three'), 'Newest');
    // The text of 'one' is what the first two steps need (the first to redo, the second to undo).
    fs.rmSync(path.join(blobFolder(), sha256('one')));
    const next = open();
    expect(next.status('c').done.map((item) => item.name)).toEqual(['Newest']);
    expect(warnings.join('\n')).toMatch(/canvas c starts later than it was saved: 2 older step/);
  });
});

describe('the limit', () => {
  it('drops the oldest steps and removes the texts no step uses any more', async () => {
    const history = open(2);
    await history.record('c', write('src/a.tsx', 'one'));
    await history.record('c', write('src/a.tsx', 'two'));
    expect(blobs()).toEqual([sha256('one'), sha256('two')].sort());
    const third = await history.record('c', write('src/a.tsx', 'three'));
    expect(third.notice).toMatch(/keeps its last 2 changes/);
    // 'one' is still the text before the second step; the first step's absent file needs no text.
    expect(blobs()).toEqual([sha256('one'), sha256('two'), sha256('three')].sort());
    await history.record('c', write('src/a.tsx', 'four'));
    expect(blobs()).toEqual([sha256('two'), sha256('three'), sha256('four')].sort());
    expect(open(2).status('c').undoCount).toBe(2);
  });

  it('drops the redo steps a new change replaces, with their texts', async () => {
    const history = open();
    await history.record('c', write('src/a.tsx', 'one'));
    await history.record('c', write('src/a.tsx', 'two', { addedIds: ['n'] }));
    await history.markUndone('c');
    fs.writeFileSync(path.join(root, 'src/a.tsx'), 'one');
    await history.record('c', write('src/a.tsx', 'other'));
    expect(blobs()).toEqual([sha256('one'), sha256('other')].sort());
    expect(history.status('c')).toMatchObject({ undoCount: 2, redoCount: 0 });
  });

  it('applies a lower limit at the next start, and removes what the dropped steps alone used', async () => {
    const history = open();
    for (const text of ['1', '2', '3', '4']) await history.record('c', write('src/a.tsx', text));
    const next = open(2);
    expect(next.status('c').undoCount).toBe(2);
    expect(blobs()).toEqual([sha256('2'), sha256('3'), sha256('4')].sort());
  });
});

describe('the state of each step', () => {
  it('is ready, changed on disk or missing, for undo and for redo, judged in the order the steps would be taken', async () => {
    const history = open();
    await history.record('c', write('src/a.tsx', 'a1'), 'A1');
    await history.record('c', write('src/b.tsx', 'b1'), 'B1');
    await history.record('c', write('src/a.tsx', 'a2'), 'A2');
    const states = () => {
      const status = history.status('c');
      return [...status.done, ...status.undone].map((item) => `${item.name}:${item.state}`);
    };
    expect(states()).toEqual(['A1:ready', 'B1:ready', 'A2:ready']);
    fs.writeFileSync(path.join(root, 'src/a.tsx'), 'by hand');
    // A2's undo would be refused; A1 is judged as if A2 were undone.
    expect(states()).toEqual(['A1:ready', 'B1:ready', 'A2:changed-on-disk']);
    fs.rmSync(path.join(root, 'src/b.tsx'));
    expect(states()).toEqual(['A1:ready', 'B1:missing', 'A2:changed-on-disk']);
    fs.writeFileSync(path.join(root, 'src/a.tsx'), 'a2');
    fs.writeFileSync(path.join(root, 'src/b.tsx'), 'b1');
    await history.markUndone('c');
    await history.markUndone('c');
    fs.writeFileSync(path.join(root, 'src/a.tsx'), 'a1');
    fs.rmSync(path.join(root, 'src/b.tsx'));
    // Redo order: B1 first (it expects b.tsx absent), then A2.
    expect(states()).toEqual(['A1:ready', 'B1:ready', 'A2:ready']);
    fs.writeFileSync(path.join(root, 'src/b.tsx'), 'someone else');
    expect(states()).toEqual(['A1:ready', 'B1:changed-on-disk', 'A2:ready']);
  });
});

describe('default names', () => {
  it('are made from the kind', () => {
    expect(['addClass', 'moveJsxElement', 'changePropValue', 'wrapInDiv', 'styling'].map(defaultChangeName)).toEqual([
      'Add class',
      'Move element',
      'Change prop value',
      'Wrap in div',
      'Styling',
    ]);
  });
});
