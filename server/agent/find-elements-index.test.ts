/**
 * `find_elements` over an index kept warm, on real files: once the project is indexed, a search reads no file and
 * resolves no real path (it checks each file's size and time), yet a file changed, added or removed on disk since,
 * and a change the engine wrote, show in the next answer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_THEME } from '../../contracts/theme-tokens.js';
import type { SourceEditor } from '../engine/source-editor.js';
import { studioSourceEditor } from '../studio-source-editor.js';
import { findElements } from './find-elements.js';

let root: string;
let editor: SourceEditor;

const page = (i: number, word: string) => `export function Page${i}() {\n  return <main><h1 className="p-2">${word} ${i}</h1></main>;\n}\n`;
const write = (relative: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  fs.writeFileSync(path.join(root, relative), text);
};
const find = (text: string) => editor.readSource((index) => findElements(index, { text }));
const files = async (text: string) => (await find(text)).elements.map((element) => `${element.file}:${element.line}`);

beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'find-index-')));
  for (let i = 0; i < 30; i += 1) write(`src/pages/page-${i}.tsx`, page(i, 'Trang'));
  editor = studioSourceEditor({ root, theme: async () => EMPTY_THEME });
});

afterEach(() => {
  vi.restoreAllMocks();
  editor.dispose();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('find_elements on a warm index', () => {
  it('reads no file and resolves no real path once the project is indexed', async () => {
    expect((await find('trang')).total).toBe(30);
    const reads = vi.spyOn(fs, 'readFileSync');
    const realPaths = vi.spyOn(fs, 'realpathSync');
    expect((await find('trang 7')).total).toBe(1);
    expect(reads).not.toHaveBeenCalled();
    expect(realPaths).not.toHaveBeenCalled();
  });

  it('answers what the disk holds now: a file changed, added or removed since, and a change the engine wrote', async () => {
    expect(await files('trang 3')).toEqual(['src/pages/page-3.tsx:2']);
    write('src/pages/page-3.tsx', `// moved down\n${page(3, 'Lô')}`);
    write('src/pages/new/page-100.tsx', page(100, 'Lô'));
    fs.rmSync(path.join(root, 'src/pages/page-4.tsx'));
    expect(await files('trang 3')).toEqual([]);
    expect(await files('lô')).toEqual(['src/pages/new/page-100.tsx:2', 'src/pages/page-3.tsx:3']);
    expect((await find('trang')).total).toBe(28);

    const [heading] = (await find('trang 5')).elements;
    await editor.mutate('c', 'changePropValue', { elementToModify: { codebaseId: heading!.codebaseId }, propName: 'title', propValue: 'Lô 5' });
    expect(await files('lô')).toEqual(['src/pages/new/page-100.tsx:2', 'src/pages/page-3.tsx:3', 'src/pages/page-5.tsx:2']);
  });
});
