/**
 * The engine on a copy of the `prettier-plugin` fixture project (a `.prettierrc` naming a plugin that only the
 * project has, no semicolons, single quotes, tabs, one file never formatted), with this process's working folder
 * elsewhere (this checkout, which has no such plugin): Prettier and its plugin come from the project.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureProject, type FixtureProject } from '../../test-support/fixture-project.js';
import { codebaseIdFor } from '../codebase-ids/codebase-id-for.js';
import { hashTree } from '../mutations/mutations-test-support.js';
import { type SourceEditor } from './source-editor.js';
import { studioSourceEditor } from '../studio-source-editor.js';

const APP = 'src/App.tsx';
const NOTES = 'src/legacy/Notes.tsx';

let project: FixtureProject;
let editor: SourceEditor;

const id = (file: string, structuralPath: string) => ({ codebaseId: codebaseIdFor(file, structuralPath) });
const read = (file: string) => fs.readFileSync(path.join(project.root, file), 'utf8');
const write = (file: string, text: string) => fs.writeFileSync(path.join(project.root, file), text);

/** The lines of `after` that differ from `before`'s, compared from both ends (what a one-place change touched). */
function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail += 1;
  return { removed: a.slice(head, a.length - tail), added: b.slice(head, b.length - tail) };
}

beforeEach(async () => {
  project = await fixtureProject('prettier-plugin');
  editor = studioSourceEditor({ root: project.root });
});

afterEach(async () => {
  editor.dispose();
  await project.remove();
});

describe("the project's Prettier", () => {
  it('formats an edit with the plugin the project names, which the working folder does not have', async () => {
    expect(fs.existsSync(path.join(process.cwd(), 'node_modules', 'prettier-plugin-class-order'))).toBe(false);
    const before = read(APP);
    const answer = await editor.mutate('c', 'addClass', { reactElement: id(APP, '0-0'), className: 'a-first' });
    expect(answer.notice).toBeUndefined();
    // The plugin writes classes in order: without it the new class would come last.
    expect(changedLines(before, read(APP))).toEqual({
      removed: ["\t\t\t<h1 className='title'>Orchard notes</h1>"],
      added: ["\t\t\t<h1 className='a-first title'>Orchard notes</h1>"],
    });
  });

  it('writes unformatted and says so once when the plugin cannot load, and picks up a fixed configuration', async () => {
    write('prettier-plugin-class-order/index.js', "throw new Error('the class order plugin is broken')\n");
    const first = await editor.mutate('c', 'addClass', { reactElement: id(APP, '0-0'), className: 'a-first' });
    expect(read(APP)).toContain("<h1 className='title a-first'>");
    expect(first.notice).toContain('src/App.tsx was written without Prettier');
    expect(first.notice).toContain('prettier-plugin-class-order');
    expect(first.notice).toContain('the class order plugin is broken');
    const second = await editor.mutate('c', 'addClass', { reactElement: id(APP, '0-1-1'), className: 'a-second' });
    expect(read(APP)).toContain("<p className='muted small a-second'>");
    expect(second.notice).toBeUndefined();
    // Without the plugin the configuration loads again: a new element too long for one line is broken up.
    write('.prettierrc', JSON.stringify({ semi: false, singleQuote: true, jsxSingleQuote: true, useTabs: true }));
    const third = await editor.mutate('c', 'addJsxElement', {
      afterElement: id(APP, '0-0'),
      newElement: { type: 'native', nativeTag: 'p', propsToSet: { title: 'A rather long title for a paragraph of the notes', id: 'long-paragraph-id' } },
    });
    expect(third.notice).toBeUndefined();
    expect(read(APP)).toContain("\t\t\t<p\n\t\t\t\ttitle='A rather long title for a paragraph of the notes'\n\t\t\t\tid='long-paragraph-id'\n\t\t\t/>\n");
  });

  it('writes unformatted when Prettier itself cannot load, and says so once', async () => {
    fs.unlinkSync(path.join(project.root, 'node_modules', 'prettier'));
    fs.mkdirSync(path.join(project.root, 'node_modules', 'prettier'));
    write('node_modules/prettier/package.json', JSON.stringify({ name: 'prettier', version: '3.0.0', type: 'module', main: 'index.js' }));
    write('node_modules/prettier/index.js', "throw new Error('this Prettier is broken')\n");
    const first = await editor.mutate('c', 'addClass', { reactElement: id(APP, '0-0'), className: 'a-first' });
    expect(read(APP)).toContain("<h1 className='title a-first'>");
    expect(first.notice).toContain("the project's Prettier cannot be loaded (this Prettier is broken)");
    const second = await editor.mutate('c', 'addClass', { reactElement: id(APP, '0-0'), className: 'b-second' });
    expect(second.notice).toBeUndefined();
  });

  it('writes unformatted when the configuration cannot be read, and says so once', async () => {
    write('.prettierrc', '{ "semi": false, ');
    const first = await editor.mutate('c', 'addClass', { reactElement: id(APP, '0-0'), className: 'a-first' });
    expect(read(APP)).toContain("<h1 className='title a-first'>");
    expect(first.notice).toContain('src/App.tsx was written without Prettier: its configuration .prettierrc cannot be read');
    expect((await editor.mutate('c', 'addClass', { reactElement: id(APP, '0-0'), className: 'b-second' })).notice).toBeUndefined();
  });

  it("leaves alone a file the project's .prettierignore names", async () => {
    write('.prettierignore', 'dist\nsrc/App.tsx\n');
    const answer = await editor.mutate('c', 'addClass', { reactElement: id(APP, '0-0'), className: 'a-first' });
    expect(answer.notice).toBeUndefined();
    expect(read(APP)).toContain("<h1 className='title a-first'>");
  });

  it('changes only the edited lines when a plugin preprocesses the whole text, as import-sorting plugins do', async () => {
    // Such a plugin reprints the file's imports before Prettier parses: formatted over a range, its reprint outside the
    // range would stay (here, the imports with semicolons in a file without them).
    fs.mkdirSync(path.join(project.root, 'prettier-plugin-reprint-imports'));
    write(
      'prettier-plugin-reprint-imports/index.js',
      [
        "import { parsers as typescriptParsers } from 'prettier/plugins/typescript'",
        'const reprint = (text) => text.replace(/^(import [^\\n]*?);?$/gm, "$1;")',
        'export const parsers = { typescript: { ...typescriptParsers.typescript, preprocess: (text) => reprint(text) } }',
        '',
      ].join('\n'),
    );
    write('prettier-plugin-reprint-imports/package.json', JSON.stringify({ name: 'prettier-plugin-reprint-imports', type: 'module', main: 'index.js' }));
    const config = JSON.parse(read('.prettierrc')) as { plugins: string[] };
    write('.prettierrc', JSON.stringify({ ...config, plugins: [...config.plugins, './prettier-plugin-reprint-imports/index.js'] }));
    const before = read(APP);
    const answer = await editor.mutate('c', 'addClass', { reactElement: id(APP, '0-0'), className: 'a-first' });
    expect(answer.notice).toBeUndefined();
    expect(changedLines(before, read(APP))).toEqual({
      removed: ["\t\t\t<h1 className='title'>Orchard notes</h1>"],
      // The later plugin's parser takes TypeScript files, so the classes keep their order.
      added: ["\t\t\t<h1 className='title a-first'>Orchard notes</h1>"],
    });
  });

  it('changes only the edited lines of a file that was not Prettier-clean', async () => {
    const before = read(NOTES);
    await editor.mutate('c', 'editText', { element: id(NOTES, '0-2'), oldText: 'Kept as it was written', newText: 'Kept as written' });
    expect(changedLines(before, read(NOTES))).toEqual({
      removed: ['\t\t\t<p className="footnote">Kept as it was written</p>'],
      added: ['\t\t\t<p className="footnote">Kept as written</p>'],
    });
  });

  it('undoes every change byte for byte', async () => {
    const before = hashTree(path.join(project.root, 'src'));
    await editor.mutate('c', 'addClass', { reactElement: id(APP, '0-0'), className: 'a-first' });
    await editor.mutate('c', 'addJsxElement', {
      afterElement: id(APP, '0-0'),
      newElement: { type: 'component', componentName: 'Badge', importPath: './components', propsToSet: { label: 'New' } },
    });
    await editor.mutate('c', 'editText', { element: id(NOTES, '0-2'), oldText: 'Kept as it was written', newText: 'Kept' });
    await editor.mutate('c', 'addJsxElement', {
      afterElement: id(NOTES, '0-2'),
      newElement: { type: 'component', componentName: 'Badge', importPath: '../components', propsToSet: { label: 'Old' } },
    });
    expect(hashTree(path.join(project.root, 'src'))).not.toEqual(before);
    for (let step = 0; step < 4; step += 1) await editor.undo('c');
    expect(hashTree(path.join(project.root, 'src'))).toEqual(before);
  });
});

describe("the file's own conventions", () => {
  it('joins a new named import to the import of its module, in a formatted file', async () => {
    await editor.mutate('c', 'addJsxElement', {
      afterElement: id(APP, '0-0'),
      newElement: { type: 'component', componentName: 'Badge', importPath: './components', propsToSet: { label: 'New' } },
    });
    const app = read(APP);
    expect(app).toContain("import { Card, Badge } from './components'\n");
    expect(app.match(/from '\.\/components'/g)).toHaveLength(1);
    expect(app).toContain("\t\t\t<h1 className='title'>Orchard notes</h1>\n\t\t\t<Badge label='New' />\n");
    expect(app).not.toContain(';');
  });

  it('writes no semicolon, its own quotes and indentation into a file Prettier leaves alone', async () => {
    const before = read(NOTES);
    await editor.mutate('c', 'addJsxElement', {
      afterElement: id(NOTES, '0-2'),
      newElement: { type: 'component', componentName: 'Badge', importPath: '../components', propsToSet: { label: 'Old' } },
    });
    await editor.mutate('c', 'addClass', { reactElement: id(NOTES, '0-0'), className: 'toggle' });
    const notes = read(NOTES);
    expect(notes).not.toContain(';');
    // The file writes double quotes in code and in JSX, whatever Prettier's configuration says; nothing else moves.
    const expected = before
      .replace('import {useState} from "react"\n', '$&import { Badge } from "../components"\n')
      .replace('onClick={()=>setOpen(!open)}>', 'onClick={()=>setOpen(!open)} className="toggle">')
      .replace('\t\t\t<p className="footnote">Kept as it was written</p>\n', '$&\t\t\t<Badge label="Old" />\n');
    expect(notes).toBe(expected);
  });
});
