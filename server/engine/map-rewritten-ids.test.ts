/**
 * Identity through a hand edit (a file rewritten by the person's code editor, not by the studio): each element of
 * the old text is carried to the one that is the same element in the new text, or named removed when that cannot
 * be known for sure, never paired with another element. Each element carries a mark (`data-m`) to tell it by.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EMPTY_THEME } from '../../contracts/theme-tokens.js';
import { diskChanged } from '../codebase-ids/disk-changes.js';
import { studioSourceEditor } from '../studio-source-editor.js';
import { idWriteOf } from './id-write-log.js';
import { mapRewrittenIds } from './map-ids.js';
import { parsedSource } from './source-index.js';
import { parseJsxSource } from '../codebase-ids/index-jsx-elements.js';

const FILE = 'src/page.tsx';
const page = (body: string) => `export function Page() {\n  return (\n    <main data-m="main">\n${body}    </main>\n  );\n}\n`;
const LIST = `      <h1 data-m="title">Title</h1>
      <section data-m="list">
        <p data-m="first">One</p>
        <p data-m="second">Two</p>
      </section>
      <footer data-m="footer">End</footer>
`;

const parse = (text: string) => parsedSource(parseJsxSource(`/${FILE}`, text), FILE);
const markOf = (entry: { opening: { getText(): string } }) => /data-m="([^"]+)"/.exec(entry.opening.getText())?.[1] ?? '?';

/** Old mark → the mark of the element its id is carried to (itself when unmoved), or `removed`; and the added marks. */
function rewrite(before: string, after: string) {
  const [old, now] = [parse(before), parse(after)];
  const ids = mapRewrittenIds(old, now);
  const carried: Record<string, string> = {};
  for (const entry of old.entries) {
    if (ids.removed.includes(entry.id)) carried[markOf(entry)] = 'removed';
    else carried[markOf(entry)] = markOf(now.byId.get(ids.map[entry.id] ?? entry.id)!);
  }
  const write = idWriteOf({ ...ids, before: new Set(old.entries.map((e) => e.id)), after: new Set(now.entries.map((e) => e.id)) });
  return { carried, added: ids.added.map((id) => markOf(now.byId.get(id)!)), write };
}

const same = (marks: string[]) => Object.fromEntries(marks.map((mark) => [mark, mark]));
const ALL = ['main', 'title', 'list', 'first', 'second', 'footer'];

describe('ids through a file rewritten outside the studio', () => {
  it('an element inserted before others: each keeps its element, and the ids it shifted are said retaken', () => {
    const { carried, added, write } = rewrite(page(LIST), page(`      <p data-m="new">New</p>\n${LIST}`));
    expect(carried).toEqual(same(ALL));
    expect(added).toEqual(['new']);
    // The new paragraph took the title's old id, and each sibling the next one's.
    expect(write.retaken.length).toBeGreaterThan(0);
    expect(Object.keys(write.map).length).toBeGreaterThan(0);
  });

  it('an element removed: it is gone; the siblings after it keep their elements', () => {
    const { carried, write } = rewrite(page(LIST), page(LIST.replace('      <h1 data-m="title">Title</h1>\n', '')));
    expect(carried).toEqual({ ...same(ALL), title: 'removed' });
    expect(write.removed).toHaveLength(1);
  });

  it('an element moved (cut and pasted elsewhere): it and its children are found by their text', () => {
    const section = LIST.slice(LIST.indexOf('      <section'), LIST.indexOf('      <footer'));
    const moved = LIST.replace(section, '') + section;
    const { carried, added } = rewrite(page(LIST), page(moved));
    expect(carried).toEqual(same(ALL));
    expect(added).toEqual([]);
  });

  it('an edit inside an element (its text, an attribute after its tag, a child added): it and its children stay', () => {
    for (const edited of [
      LIST.replace('>One<', '>One and more<'),
      LIST.replace('<section data-m="list">', '<section data-m="list" className="p-4">'),
      LIST.replace('</section>', '  <p data-m="third">Three</p>\n      </section>'),
    ]) {
      const { carried, added } = rewrite(page(LIST), page(edited));
      expect(carried).toEqual(same(ALL));
      expect(added).toEqual(edited.includes('third') ? ['third'] : []);
    }
  });

  it('edits in several places at once (a save of many edits): every element keeps its own', () => {
    const edited = LIST.replace('<h1 data-m="title">', '<h1 data-m="title" id="t">').replace('<p data-m="second">', '<p data-m="second" hidden>').replace('>End<', '>Fin<');
    const { carried } = rewrite(page(LIST), page(edited));
    expect(carried).toEqual(same(ALL));
  });

  it('an element whose tag was changed is not taken for the new one', () => {
    const { carried } = rewrite(page(LIST), page(LIST.replace('<h1 data-m="title">Title</h1>', '<h2 data-m="title">Title</h2>')));
    expect(carried.title).toBe('removed');
    expect(carried.footer).toBe('footer');
  });

  it('ambiguous: of two alike elements, one removed and the other moved, neither is guessed', () => {
    const twins = `      <p data-m="twin">Same</p>\n      <p data-m="twin">Same</p>\n      <footer data-m="footer">End</footer>\n`;
    // Both twins are inside the changed part, and one is left after the footer: which one cannot be told.
    const after = `      <hr data-m="rule" />\n      <footer data-m="footer">End</footer>\n      <p data-m="twin">Same</p>\n`;
    const old = parse(page(twins));
    const ids = mapRewrittenIds(old, parse(page(after)));
    const twinIds = old.entries.filter((entry) => markOf(entry) === 'twin').map((entry) => entry.id);
    for (const id of twinIds) expect(ids.removed).toContain(id);
    expect(rewrite(page(twins), page(after)).carried.footer).toBe('footer');
  });

  it('a text the same but for one element: nothing moves, the map is empty', () => {
    const { write } = rewrite(page(LIST), page(LIST.replace('>Two<', '>Deux<')));
    expect(write).toEqual({ map: {}, removed: [], retaken: [] });
  });
});

describe('the engine through a save of the person\'s code editor', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rewritten-ids-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('logs the rewrite as the watcher tells it, and refuses a change whose ids were resolved before it', async () => {
    fs.mkdirSync(path.join(root, 'src'));
    const absolute = path.join(root, FILE);
    fs.writeFileSync(absolute, page(LIST));
    const editor = studioSourceEditor({ root, theme: () => Promise.resolve(EMPTY_THEME) });
    try {
      const old = parse(page(LIST));
      const footer = old.entries.find((entry) => markOf(entry) === 'footer')!.id;
      await editor.readSource((index) => index.rescan());
      const asOf = editor.idWrites.since(0);
      fs.writeFileSync(absolute, page(`      <p data-m="new">New</p>\n${LIST}`));
      // Not told yet: the check reads the file itself.
      await expect(editor.checkIdsSince(asOf, [footer])).rejects.toMatchObject({ code: 'STALE_ELEMENT' });
      const [write] = editor.idWrites.since(asOf.seq).writes!;
      expect(write).toMatchObject({ seq: asOf.seq + 1, name: `edit of ${FILE}`, removed: [] });
      const now = parse(page(`      <p data-m="new">New</p>\n${LIST}`));
      expect(markOf(now.byId.get(write!.map[footer]!)!)).toBe('footer');
      // Told by the watcher: logged at once, before any call asks.
      fs.writeFileSync(absolute, page(LIST));
      diskChanged(absolute);
      await editor.readSource(() => undefined);
      expect(editor.idWrites.since(asOf.seq + 1).writes).toHaveLength(1);
      await expect(editor.checkIdsSince({ ...asOf, seq: asOf.seq + 2 }, [footer])).resolves.toBeUndefined();
    } finally {
      editor.dispose();
    }
  });
});
