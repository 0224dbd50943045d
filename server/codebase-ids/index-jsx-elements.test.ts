import { describe, expect, it } from 'vitest';
import { isValidCodebaseId } from '../../contracts/dom.js';
import { codebaseIdFor } from './codebase-id-for.js';
import { indexJsxElements, parseJsxSource } from './index-jsx-elements.js';

const source = `
import { Card } from './card';
export function Page({ items, open }: { items: string[]; open: boolean }) {
  return (
    <main className="p-4">
      <h1>Title</h1>
      <>
        <Card<string> title="x" icon={<span>i</span>} />
      </>
      {items.map((item) => <li key={item}>{item}</li>)}
      {open ? <p>open</p> : null}
      {open && <motion.div />}
    </main>
  );
}
export const Other = () => <section><svg:path /></section>;
`;

const index = (text: string, file = 'src/page.tsx') => indexJsxElements(parseJsxSource(file, text), file);

describe('indexJsxElements', () => {
  it('numbers elements by their place under their nearest enclosing element, fragments being transparent', () => {
    const entries = index(source);
    expect(entries.map((e) => [e.tagName, e.structuralPath])).toEqual([
      ['main', '0'],
      ['h1', '0-0'],
      ['Card', '0-1'],
      ['span', '0-1-0'],
      ['li', '0-2'],
      ['p', '0-3'],
      ['motion.div', '0-4'],
      ['section', '1'],
      ['svg:path', '1-0'],
    ]);
  });

  it('tells host elements from components and marks repeated and conditional ones', () => {
    const byTag = new Map(index(source).map((e) => [e.tagName, e]));
    expect(byTag.get('main')).toMatchObject({ isHost: true, rendering: 'static', parentId: null });
    expect(byTag.get('Card')).toMatchObject({ isHost: false, rendering: 'static' });
    expect(byTag.get('svg:path')?.isHost).toBe(true);
    expect(byTag.get('motion.div')).toMatchObject({ isHost: false, rendering: 'conditional' });
    expect(byTag.get('li')?.rendering).toBe('repeated');
    expect(byTag.get('p')?.rendering).toBe('conditional');
    expect(byTag.get('h1')?.parentId).toBe(byTag.get('main')?.id);
  });

  it('gives valid ids that depend on the file and the path only', () => {
    const entries = index(source);
    for (const entry of entries) expect(isValidCodebaseId(entry.id)).toBe(true);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    expect(entries[0]!.id).toBe(codebaseIdFor('src/page.tsx', '0'));
    expect(index(source, 'src/other.tsx')[0]!.id).not.toBe(entries[0]!.id);
    expect(codebaseIdFor('src\\page.tsx', '0')).toBe(codebaseIdFor('./src/page.tsx', '0'));
    // Formatting does not move ids; a sibling inserted before an element does.
    expect(index(source.replace('<h1>Title</h1>', '<h1>\n  Title\n</h1>'))[1]!.id).toBe(entries[1]!.id);
    const shifted = index(source.replace('<h1>Title</h1>', '<hr /><h1>Title</h1>'));
    expect(shifted[2]!.tagName).toBe('h1');
    expect(shifted[2]!.id).toBe(codebaseIdFor('src/page.tsx', '0-1'));
    expect(shifted[2]!.id).not.toBe(entries[1]!.id);
  });

  it('points the attribute position right after the tag name and its type arguments', () => {
    const text = '<Card<string> a="1" />';
    const [card] = index(`const x = ${text};`);
    const offset = 'const x = '.length;
    expect(card!.attributeInsertPosition - offset).toBe('<Card<string>'.length);
    const [div] = index('const y = <div className="a" />;');
    expect(div!.attributeInsertPosition).toBe('const y = <div'.length);
  });
});
