import fc from 'fast-check';
import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { EditableFile } from './editable-file.js';
import { referencedNames, refersToImport, reparse } from './import-usage.js';
import { identifierCounts, isCounted } from './styled-declarations.js';
import { keepsUses, touchedNames } from './unchanged-uses.js';

const parse = (text: string) => ts.createSourceFile('src/page.tsx', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
const fileOf = (text: string) => new EditableFile('src/page.tsx', '/project/src/page.tsx', text, true, null);

/** The file with the lines holding `removed` (each a whole line of the text) taken out. */
function withoutLines(text: string, removed: readonly string[]): EditableFile {
  const file = fileOf(text);
  for (const line of removed) {
    const at = text.indexOf(`${line}\n`);
    file.replace(at, at + line.length + 1, '');
  }
  return file;
}

const PAGE = [
  "import { Card, Title } from './ui';",
  'export function Page({ item }: { item: { Card: string } }) {',
  '  return (',
  '    <div>',
  '      <Card />',
  '      <Title text="Card" />',
  '      <p>{item.Card}</p>',
  '      <Card />',
  '    </div>',
  '  );',
  '}',
  '',
].join('\n');

describe('uses a change leaves as they were', () => {
  it('counts a use away from the edits, and not the one an edit takes away', () => {
    const file = withoutLines(PAGE, ['      <Card />']);
    expect(touchedNames(file, ['Card', 'Title'])).toEqual(['Card']);
    // The second <Card /> is untouched: one use, not two (the first is the one removed).
    expect(keepsUses(file, parse(PAGE), 'Card', refersToImport, 1)).toBe(true);
    expect(keepsUses(file, parse(PAGE), 'Card', refersToImport, 2)).toBe(false);
  });

  it('does not count a string, a member name, an import binding or a use inside the construct an edit changes', () => {
    const text = PAGE.replace('      <Card />\n', '').replace('      <Card />\n', '      <section><Card /></section>\n');
    const sourceFile = parse(text);
    // Only `<Card />` in the section is a use; an edit inside that tag changes the construct it is written in.
    const file = fileOf(text);
    const tagEnd = text.indexOf('<Card />') + '<Card'.length;
    file.replace(tagEnd, tagEnd, ' open');
    expect(keepsUses(file, sourceFile, 'Card', refersToImport, 1)).toBe(false);
    // Without that edit, the one use counts (and the string, the member and the import binding do not).
    const elsewhere = fileOf(text);
    const title = text.indexOf('<Title');
    elsewhere.replace(title, title + '<Title text="Card" />'.length, '');
    expect(keepsUses(elsewhere, sourceFile, 'Card', refersToImport, 1)).toBe(true);
    expect(keepsUses(elsewhere, sourceFile, 'Card', refersToImport, 2)).toBe(false);
  });

  // The soundness the engine relies on: "still used" is only ever answered when the new text still uses the name.
  it('answers "still used" only when the text after the change uses the name (imports: referred to; locals: written twice)', () => {
    const kinds = ['      <Card />', '      <Card.Item />', '      <Title text="Card" />', '      <p>{item.Card}</p>', '      <p>Card</p>', '      {Card.name}', '      <Title>{Title}</Title>'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...kinds.keys()), { minLength: 1, maxLength: 12 }), fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), (children, removedFlags) => {
        // Each line made unique by a comment, so a removal takes exactly that line.
        const lines = children.map((kind, i) => `${kinds[kind]!} {/* ${i} */}`.replace('/> {/*', '/>{/*'));
        const text = ["import { Card, Title } from './ui';", 'export function Page({ item }: { item: { Card: string } }) {', '  return (', '    <div>', ...lines, '    </div>', '  );', '}', ''].join('\n');
        const before = parse(text);
        const removed = lines.filter((_, i) => removedFlags[i]);
        const file = withoutLines(text, removed);
        const after = reparse(file);
        const referred = referencedNames(after);
        const counts = identifierCounts(after, new Set(['Card', 'Title']));
        for (const name of ['Card', 'Title']) {
          if (keepsUses(file, before, name, refersToImport, 1)) expect(referred.has(name), name).toBe(true);
          if (keepsUses(file, before, name, isCounted, 2)) expect(counts.get(name) ?? 0, name).toBeGreaterThanOrEqual(2);
        }
      }),
      { numRuns: 300 },
    );
  });
});
