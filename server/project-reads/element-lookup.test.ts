import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADD_JSX_PLACEHOLDER_PREFIX, STORYBOARD_CODEBASE_ID, WRAP_IN_DIV_PLACEHOLDER_ID } from '../../contracts/dom.js';
import { SNIPPET_LIMIT } from '../../contracts/studio-api.js';
import { codebaseIdFor } from '../codebase-ids/codebase-id-for.js';
import { realRoot } from '../engine/safe-paths.js';
import { SourceIndex } from '../engine/source-index.js';
import { lookupElements } from './element-lookup.js';

const LIST = `import { Card } from './card';

export function List({ items, title, open }: { items: string[]; title: string; open: boolean }) {
  return (
    <section className="p-4">
      <h2>Danh sách lô</h2>
      <p>
        Tổng: {items.length} lô {/* counted */}
      </p>
      <p>{title}</p>
      <ul>
        {items.map((item) => (
          <li key={item}>{item.toUpperCase()}</li>
        ))}
      </ul>
      {open ? <Card title="Lô A" /> : null}
      <span> </span>
      <img src="/a.png" alt="" />
    </section>
  );
}
`;

const id = (file: string, structuralPath: string) => codebaseIdFor(file, structuralPath);

describe('lookupElements', () => {
  let root: string;
  beforeAll(() => {
    root = realRoot(fs.mkdtempSync(path.join(os.tmpdir(), 'element-lookup-')));
    fs.mkdirSync(path.join(root, 'src'));
    fs.writeFileSync(path.join(root, 'src', 'list.tsx'), LIST);
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('tells where each element is written, how it renders and where its text comes from', () => {
    const index = new SourceIndex(root);
    const file = 'src/list.tsx';
    const elements = lookupElements(index, ['0', '0-0', '0-1', '0-2', '0-3', '0-3-0', '0-4', '0-5', '0-6'].map((p) => id(file, p)));
    const at = (p: string) => elements[id(file, p)]!;
    expect(at('0')).toMatchObject({ file, line: 5, column: 5, tagName: 'section', isComponent: false, rendering: 'static', isStaticText: false, dynamicText: [] });
    // `{open ? <Card … /> : null}` shows markup or nothing: the section has no text of its own to edit or explain.
    expect(at('0').textHome).toBeUndefined();
    expect(at('0-0')).toMatchObject({ line: 6, column: 7, tagName: 'h2', isStaticText: true, staticText: 'Danh sách lô', dynamicText: [], snippet: '<h2>Danh sách lô</h2>' });
    // Text mixed with expressions: not editable, and each expression is named with its line (comments are not).
    expect(at('0-1')).toMatchObject({ isStaticText: false, dynamicText: [{ expression: 'items.length', line: 8 }] });
    expect(at('0-2')).toMatchObject({ isStaticText: false, dynamicText: [{ expression: 'title', line: 10 }] });
    expect(at('0-2').staticText).toBeUndefined();
    // Expressions that render elements (a map, a condition) are not where text comes from.
    expect(at('0-3')).toMatchObject({ tagName: 'ul', isStaticText: false, dynamicText: [] });
    expect(at('0-3-0')).toMatchObject({ tagName: 'li', rendering: 'repeated', dynamicText: [{ expression: 'item.toUpperCase()', line: 13 }] });
    expect(at('0-4')).toMatchObject({ tagName: 'Card', isComponent: true, rendering: 'conditional', isStaticText: false });
    // Blank text shows nothing to edit; a self-closing element has no text at all.
    expect(at('0-5')).toMatchObject({ tagName: 'span', isStaticText: false, dynamicText: [] });
    expect(at('0-6')).toMatchObject({ tagName: 'img', isStaticText: false, snippet: '<img src="/a.png" alt="" />' });
    expect(at('0').snippet).toBe(LIST.slice(LIST.indexOf('<section'), LIST.indexOf('</section>') + '</section>'.length));
  });

  it("tells the classes each className writes, always or under a condition, and none for one computed by code", () => {
    fs.writeFileSync(
      path.join(root, 'src', 'classes.tsx'),
      `import styles from './x.module.css';
export function Classes({ on }: { on: boolean }) {
  return (
    <div className={cn('p-4 text-sm', on && 'ring-2')}>
      <p className={\`m-1 \${on ? 'font-bold' : ''}\`}>A</p>
      <p className={styles.card}>B</p>
      <p>C</p>
    </div>
  );
}
`,
    );
    const file = 'src/classes.tsx';
    const elements = lookupElements(new SourceIndex(root), ['0', '0-0', '0-1', '0-2'].map((p) => id(file, p)));
    const classesAt = (p: string) => elements[id(file, p)]!.classes;
    expect(classesAt('0')).toEqual({ always: ['p-4', 'text-sm'], conditional: ['ring-2'] });
    expect(classesAt('0-0')).toEqual({ always: ['m-1'], conditional: ['font-bold'] });
    expect(classesAt('0-1')).toBeNull();
    expect(classesAt('0-2')).toEqual({ always: [], conditional: [] });
  });

  it('leaves out placeholders, the storyboard root, malformed and unknown ids, and walks the root at most once', () => {
    const index = new SourceIndex(root);
    const rescan = vi.spyOn(index, 'scanFor');
    const known = id('src/list.tsx', '0-0');
    const unknown = Array.from({ length: 300 }, (_, i) => id('src/missing.tsx', String(i)));
    const elements = lookupElements(index, [
      known,
      known,
      WRAP_IN_DIV_PLACEHOLDER_ID,
      `${ADD_JSX_PLACEHOLDER_PREFIX}1`,
      STORYBOARD_CODEBASE_ID,
      'not-an-id',
      '../etc/passwd',
      ...unknown,
    ]);
    expect(Object.keys(elements)).toEqual([known]);
    expect(rescan).toHaveBeenCalledTimes(1);

    // Everything known: no walk at all.
    rescan.mockClear();
    expect(Object.keys(lookupElements(index, [known, id('src/list.tsx', '0-1')]))).toHaveLength(2);
    expect(rescan).not.toHaveBeenCalled();
  });

  it('follows the file on disk: an element added outside the studio is found, a removed one is gone', () => {
    const index = new SourceIndex(root);
    const file = path.join(root, 'src', 'extra.tsx');
    fs.writeFileSync(file, 'export const Extra = () => <b>mới</b>;\n');
    const extra = id('src/extra.tsx', '0');
    expect(lookupElements(index, [extra])[extra]).toMatchObject({ file: 'src/extra.tsx', line: 1, column: 28, isStaticText: true });
    fs.rmSync(file);
    expect(lookupElements(index, [extra])).toEqual({});
  });

  it('tells literal props from props bound to an expression, and reads union choices from the declared prop type', () => {
    const index = new SourceIndex(root);
    fs.writeFileSync(path.join(root, 'src', 'tones.ts'), `export type Tone = 'plain' | 'alert';\n`);
    fs.writeFileSync(
      path.join(root, 'src', 'tiles.tsx'),
      `import type { Tone } from './tones';
function Tile(props: { label: string; value: number | string; tone?: Tone; open?: boolean }) { return null; }
export const Tiles = ({ data }: { data?: number }) => (
  <div>
    <Tile label="Showing" value={data ? data : '—'} tone="alert" open />
    <Tile label={"Total"} value={-3} tone={null} {...{ open: false }} />
  </div>
);
`,
    );
    const [first, second] = [id('src/tiles.tsx', '0-0'), id('src/tiles.tsx', '0-1')];
    const elements = lookupElements(index, [first, second, id('src/tiles.tsx', '0')]);
    expect(elements[first]).toMatchObject({
      props: {
        label: { kind: 'literal', value: 'Showing', line: 5 },
        value: { kind: 'expression', text: "data ? data : '—'", line: 5 },
        tone: { kind: 'literal', value: 'alert' },
        open: { kind: 'literal', value: true },
      },
      propChoices: { tone: ['plain', 'alert'] },
    });
    expect(elements[second]!.props).toEqual({
      label: { kind: 'literal', value: 'Total', line: 6 },
      value: { kind: 'literal', value: -3, line: 6 },
      tone: { kind: 'literal', value: null, line: 6 },
    });
    // A host element has attributes, not a component's prop types.
    expect(elements[id('src/tiles.tsx', '0')]).toMatchObject({ props: {}, propChoices: {} });
  });

  it('names every use of a constant a prop is bound to, in any JSX file of the project that imports it', () => {
    const index = new SourceIndex(root);
    fs.mkdirSync(path.join(root, 'src', 'pages'), { recursive: true });
    fs.writeFileSync(path.join(root, 'src', 'tone.ts'), `export const DEFAULT_TONE = 'green';\n`);
    const tag = (name: string, use: string) => `import { DEFAULT_TONE as tone } from '../tone';\nexport const ${name} = () => <b title={${use}} />;\n`;
    fs.writeFileSync(path.join(root, 'src', 'pages', 'badge.tsx'), `import { DEFAULT_TONE } from '../tone';\nexport const Badge = () => <i title={DEFAULT_TONE} />;\n`);
    fs.writeFileSync(path.join(root, 'src', 'pages', 'a.tsx'), tag('A', 'tone'));
    fs.writeFileSync(path.join(root, 'src', 'pages', 'b.tsx'), tag('B', '`${tone}!`'));
    const badge = id('src/pages/badge.tsx', '0');
    const constant = (lookupElements(index, [badge])[badge]!.props.title as { constant?: { file: string; line: number; alsoUsedBy: string[] } }).constant;
    expect(constant).toMatchObject({ file: 'src/tone.ts', line: 1 });
    expect(constant!.alsoUsedBy.sort()).toEqual(['src/pages/a.tsx:2', 'src/pages/b.tsx:2']);
  });

  it('offers no constant for a prop bound to a computed one, which no value can be written over', () => {
    const index = new SourceIndex(root);
    fs.writeFileSync(
      path.join(root, 'src', 'provider.tsx'),
      `const client = new Map();\nconst LIMIT = 3 as const;\nexport const P = () => <Provider client={client} limit={LIMIT} />;\n`,
    );
    const provider = id('src/provider.tsx', '0');
    const props = lookupElements(index, [provider])[provider]!.props;
    expect(props.client).toEqual({ kind: 'expression', text: 'client', line: 3 });
    expect(props.limit).toMatchObject({ kind: 'expression', constant: { file: 'src/provider.tsx', line: 2 } });
  });

  it("answers a lookup of reach 'file' from the element's file alone: no text home, no constant, no other file read", () => {
    fs.mkdirSync(path.join(root, 'src', 'reach'), { recursive: true });
    fs.writeFileSync(path.join(root, 'src', 'reach', 'tone.ts'), `export const TONE = 'green';\n`);
    fs.writeFileSync(path.join(root, 'src', 'reach', 'card.tsx'), `import { TONE } from './tone';\nexport const Card = ({ title }: { title: string }) => <h3 title={TONE}>{title}</h3>;\n`);
    fs.writeFileSync(path.join(root, 'src', 'reach', 'page.tsx'), `import { Card } from './card';\nexport const Page = () => <Card title="Lô A" />;\n`);
    const heading = id('src/reach/card.tsx', '0');
    const index = new SourceIndex(root);
    const quick = lookupElements(new SourceIndex(root), [heading], { [heading]: 'Lô A' }, {}, 'file')[heading]!;
    expect(quick).toMatchObject({ reach: 'file', tagName: 'h3', dynamicText: [{ expression: 'title', line: 2 }], props: { title: { kind: 'expression', text: 'TONE' } } });
    expect(quick.textHome).toBeUndefined();
    expect(quick.props.title).not.toHaveProperty('constant');
    const full = lookupElements(index, [heading], { [heading]: 'Lô A' })[heading]!;
    expect(full).not.toHaveProperty('reach');
    expect(full.textHome).toMatchObject({ editable: true, places: [{ file: 'src/reach/page.tsx', line: 2 }] });
    expect(full.props.title).toMatchObject({ constant: { file: 'src/reach/tone.ts', line: 1 } });
  });

  it('follows a styled component to the file that declares it, with its other uses and not its own export', () => {
    const index = new SourceIndex(root);
    for (const folder of ['ui', 'pages']) fs.mkdirSync(path.join(root, 'src', folder), { recursive: true });
    fs.writeFileSync(path.join(root, 'src', 'ui', 'Heading.jsx'), "import styled from 'styled-components';\n\nconst Heading = styled.h1`\n  font-size: 3rem;\n`;\n\nexport default Heading;\n");
    // Its closing tag on a line of its own is the same use.
    const page = (name: string) => `import Heading from '../ui/Heading';\n\nexport const ${name} = () => (\n  <main>\n    <Heading as="h1">\n      ${name}\n    </Heading>\n  </main>\n);\n`;
    fs.writeFileSync(path.join(root, 'src', 'pages', 'cabins.jsx'), page('Cabins'));
    fs.writeFileSync(path.join(root, 'src', 'pages', 'users.jsx'), page('Users'));
    const heading = id('src/pages/cabins.jsx', '0-0');
    expect(lookupElements(index, [heading])[heading]!.styling).toEqual({
      own: 'styled-template',
      fits: ['styled-template', 'styled-wrapper', 'css', 'inline'],
      declaration: { name: 'Heading', file: 'src/ui/Heading.jsx', line: 3, alsoUsedBy: ['src/pages/users.jsx:5'] },
    });
  });

  it('caps the snippet of a long element', () => {
    const index = new SourceIndex(root);
    const long = `export const Long = () => <div>${'<p>dòng</p>\n'.repeat(800)}</div>;\n`;
    fs.writeFileSync(path.join(root, 'src', 'long.tsx'), long);
    const info = lookupElements(index, [id('src/long.tsx', '0')])[id('src/long.tsx', '0')]!;
    expect(info.snippet.length).toBe(SNIPPET_LIMIT);
    expect(info.snippet.endsWith('\n…')).toBe(true);
    expect(long).toContain(info.snippet.slice(0, -2));
  });
});
