/**
 * `find_elements` by bound words on real files, a file changed between two calls: the words of the elements that
 * change cannot reach are kept (their text is not followed again), and the answer is still what the project holds
 * now — a call site's prop changed, a new file rendering a component, a module's constant changed, a change the
 * engine wrote, a file added and removed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_THEME } from '../../contracts/theme-tokens.js';
import type { SourceEditor } from '../engine/source-editor.js';
import { studioSourceEditor } from '../studio-source-editor.js';
import { findElements } from './find-elements.js';

const followed = vi.hoisted(() => ({ count: 0 }));
vi.mock('../project-reads/text-sources.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../project-reads/text-sources.js')>();
  return {
    ...actual,
    boundWords: (...args: Parameters<typeof actual.boundWords>) => {
      followed.count += 1;
      return actual.boundWords(...args);
    },
  };
});

const WIDGETS = 20;
let root: string;
let editor: SourceEditor;

const write = (relative: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  fs.writeFileSync(path.join(root, relative), text);
};
const widget = (i: number) => `export function Widget${i}({ title }: { title: string }) {\n  return <h3>{title}</h3>;\n}\n`;
const page = (i: number, title: string) =>
  `import { Widget${i} } from '../components/widget-${i}';\nexport function Page${i}() {\n  return <main><Widget${i} title="${title}" /></main>;\n}\n`;
/** The headings and paragraphs showing the words: the components' elements, not the pages' call sites. */
const found = async (text: string) => {
  const answer = await editor.readSource((index) => ({
    elements: ['h3', 'p'].flatMap((tag) => findElements(index, { text, tag }).elements),
  }));
  return answer.elements.map((element) => `${element.file}:${element.line}`);
};

beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'find-bound-')));
  for (let i = 0; i < WIDGETS; i += 1) {
    write(`src/components/widget-${i}.tsx`, widget(i));
    write(`src/pages/page-${i}.tsx`, page(i, `Lô ${i}`));
  }
  write('src/lib/words.ts', `export const GREETING = 'Xin chào';\n`);
  write('src/components/greeting.tsx', `import { GREETING } from '../lib/words';\nexport function Greeting() {\n  return <p>{GREETING}</p>;\n}\n`);
  editor = studioSourceEditor({ root, theme: async () => EMPTY_THEME });
});

afterEach(() => {
  editor.dispose();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('find_elements by bound words after one file changed', () => {
  it('follows again only the text the changed file reaches, and answers what the files hold now', async () => {
    expect(await found('lô 7')).toEqual(['src/components/widget-7.tsx:2']);
    expect(await found('xin chào')).toEqual(['src/components/greeting.tsx:3']);

    followed.count = 0;
    write('src/pages/page-7.tsx', page(7, 'Mây'));
    expect(await found('lô 7')).toEqual([]);
    expect(await found('mây')).toEqual(['src/components/widget-7.tsx:2']);
    // Widget7's heading, and the heading whose following first read every file's imports: not the other 18.
    expect(followed.count).toBeLessThanOrEqual(2);

    followed.count = 0;
    write('src/lib/words.ts', `export const GREETING = 'Tạm biệt';\n`);
    expect(await found('xin chào')).toEqual([]);
    expect(await found('tạm biệt')).toEqual(['src/components/greeting.tsx:3']);
    expect(followed.count).toBeLessThanOrEqual(1);

    // A page now rendering a component it did not (an import added, no file added or removed).
    write('src/pages/page-3.tsx', `import { Widget3 } from '../components/widget-3';\nimport { Widget5 } from '../components/widget-5';\nexport function Page3() {\n  return <main><Widget3 title="Lô 3" /><Widget5 title="Gió" /></main>;\n}\n`);
    expect(await found('gió')).toEqual(['src/components/widget-5.tsx:2']);

    const [heading] = (await editor.readSource((index) => findElements(index, { tag: 'Widget9' }))).elements;
    await editor.mutate('c', 'changePropValue', { elementToModify: { codebaseId: heading!.codebaseId }, propName: 'title', propValue: 'Mưa' });
    expect(await found('lô 9')).toEqual([]);
    expect(await found('mưa')).toEqual(['src/components/widget-9.tsx:2']);

    // A file added or removed starts the words again.
    write('src/pages/extra.tsx', `import { Widget4 } from '../components/widget-4';\nexport function Extra() {\n  return <Widget4 title="Sương" />;\n}\n`);
    expect(await found('sương')).toEqual(['src/components/widget-4.tsx:2']);
    fs.rmSync(path.join(root, 'src/pages/extra.tsx'));
    expect(await found('sương')).toEqual([]);
  });
});
