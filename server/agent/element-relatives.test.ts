import { describe, expect, it } from 'vitest';
import { indexJsxElements, parseJsxSource } from '../codebase-ids/index-jsx-elements.js';
import { relativesIn } from './element-relatives.js';

const FILE = 'src/page.tsx';
const SOURCE = `export function Page({ items }: { items: string[] }) {
  return (
    <>
      <header>
        <h1>Drones &amp; pilots</h1>
        <nav>{'Fleet'}</nav>
        <button>Add</button>
      </header>
      <ul>{items.map((item) => <li key={item}>{item}</li>)}</ul>
    </>
  );
}
export function Other() {
  return <footer>Elsewhere</footer>;
}
`;

function fileOf() {
  const sourceFile = parseJsxSource(FILE, SOURCE);
  const entries = indexJsxElements(sourceFile, FILE);
  return { relative: FILE, parsed: { sourceFile, entries, byId: new Map(entries.map((entry) => [entry.id, entry])) } };
}

describe("an element's relatives", () => {
  it('are its parent, its children and its siblings in source order, with their place and own text', () => {
    const file = fileOf();
    const nav = file.parsed.entries.find((entry) => entry.tagName === 'nav')!;
    const relatives = relativesIn(file, nav, 100);
    expect(relatives.element).toMatchObject({ tagName: 'nav', file: FILE, line: 6, column: 9, text: 'Fleet' });
    expect(relatives.parent).toMatchObject({ tagName: 'header', line: 4, text: '' });
    expect(relatives.children).toEqual([]);
    expect(relatives.siblings.map((sibling) => [sibling.tagName, sibling.text])).toEqual([
      ['h1', 'Drones & pilots'],
      ['button', 'Add'],
    ]);
    expect([relatives.childCount, relatives.siblingCount]).toEqual([0, 2]);
  });

  it("at the top of a component's JSX, has no parent and the other top elements of that component as siblings", () => {
    const file = fileOf();
    const header = file.parsed.entries.find((entry) => entry.tagName === 'header')!;
    const relatives = relativesIn(file, header, 2);
    expect(relatives.parent).toBeUndefined();
    expect(relatives.siblings.map((sibling) => sibling.tagName)).toEqual(['ul']);
    expect(relatives.children.map((child) => child.tagName)).toEqual(['h1', 'nav']);
    expect(relatives.childCount).toBe(3);
  });
});
