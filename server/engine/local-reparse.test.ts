/**
 * A parse made locally (the changed element alone, spliced into the old tree, its index patched) is the parse a
 * whole re-parse gives: the same element entries (ids, paths, positions, tags, rendering, parents) and the same tree
 * (every node's kind and range, every parent link), after random chains of edits, some of which leave no element to
 * re-parse alone or break the syntax (then the whole file is parsed, as the engine does).
 */
import fc from 'fast-check';
import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { parseJsxSource } from '../codebase-ids/index-jsx-elements.js';
import type { ParsedSource } from './editable-file.js';
import { conventionTally } from './file-conventions.js';
import { changedRange, reparseLocally, settleParse } from './local-reparse.js';
import { parsedSource } from './source-index.js';

const FILE = 'src/page.tsx';

function page(sections: number): string {
  const blocks = Array.from({ length: sections }, (_, i) => `      <section className="grid gap-2" aria-label="Lô ${i}">
        <h2 className="text-lg">Lô số ${i}</h2>
        {/* @ts-expect-error a directive the splice keeps in place */}
        <div className={cn('p-2', active && 'ring-2')}>
          <p>Diện tích: ${i} ha</p>
          <Card<string> title="Khu ${i}" onSelect={() => select(${i})} icon={<span>i</span>} />
        </div>
        <ul>{rows.map((row) => (<li key={row.id}>{row.name}</li>))}</ul>
        {active ? <em>on</em> : <b>off</b>}
      </section>`);
  return `import { Card } from './card';

/** The page. */
export function Page({ rows, active }: Props) {
  return (
    <main className="p-2">
${blocks.join('\n')}
    </main>
  );
}

/** Another part, whose comment moves with it. */
export const Other = () => <aside><hr /></aside>;
`;
}

function fullParse(text: string): ParsedSource {
  return parsedSource(parseJsxSource(`/${FILE}`, text), FILE);
}

/** What the index says of each element, positions read from the tree as well as from the entry. */
function entriesOf(parsed: ParsedSource) {
  return parsed.entries.map((entry) => ({
    id: entry.id,
    path: entry.structuralPath,
    start: entry.start,
    treeStart: entry.node.getStart(parsed.sourceFile),
    end: entry.node.end,
    tag: entry.tagName,
    host: entry.isHost,
    rendering: entry.rendering,
    attributes: entry.attributeInsertPosition,
    parent: entry.parentId,
    text: entry.node.getText(),
    byId: parsed.byId.get(entry.id) === entry,
  }));
}

/** Every node's kind and range, every list's range, and whether each node's parent is the node it hangs under. */
function treeOf(sourceFile: ts.SourceFile): string[] {
  const lines: string[] = [];
  const visit = (node: ts.Node, parent: ts.Node): void => {
    lines.push(`${ts.SyntaxKind[node.kind]} ${node.pos}-${node.end}${node.parent === parent ? '' : ' (wrong parent)'}`);
    for (const doc of (node as { jsDoc?: ts.Node[] }).jsDoc ?? []) lines.push(`doc ${doc.pos}-${doc.end}`);
    ts.forEachChild(
      node,
      (child) => visit(child, node),
      (nodes) => {
        lines.push(`[ ${nodes.pos}-${nodes.end}`);
        for (const child of nodes) visit(child, node);
      },
    );
  };
  ts.forEachChild(sourceFile, (child) => visit(child, sourceFile), (nodes) => {
    lines.push(`[ ${nodes.pos}-${nodes.end}`);
    for (const child of nodes) visit(child, sourceFile);
  });
  return lines;
}

type Edit = { start: number; end: number; text: string };

const TEXTS = ["{'một'}", '{f("hai", \'ba\')}', '{() => { go(); }}', 'Xin chào', 'a', '', ' ', 'Lô {7}', '{x}', '<b>đậm</b>', 'a < b', '}', '</p>', 'hai\ndòng', 'cr\r\nlf', '\n', '\r', 'đoạn\u2028mới'];

/**
 * A move of an element into another one (after its opening tag): two edits, one where it was and one where it goes,
 * as the engine's move makes them; null when the other element is the moved one, inside it, or has no children.
 */
function moveFor(parsed: ParsedSource, entry: ParsedSource['entries'][number], into: ParsedSource['entries'][number]): Edit[] | null {
  const target = into.node;
  if (!ts.isJsxElement(target) || (into.start >= entry.start && into.start < entry.node.end)) return null;
  const at = target.openingElement.end;
  if (at > entry.start && at < entry.node.end) return null;
  return [
    { start: entry.start, end: entry.node.end, text: '' },
    { start: at, end: at, text: parsed.sourceFile.text.slice(entry.start, entry.node.end) },
  ];
}

/** The text with `edits` (which do not overlap) made. */
function withEdits(text: string, edits: readonly Edit[]): string {
  return [...edits].sort((a, b) => b.start - a.start || b.end - a.end).reduce((made, edit) => made.slice(0, edit.start) + edit.text + made.slice(edit.end), text);
}

/**
 * An edit a change could make to one element: an attribute, its text, its tag, removed, copied, wrapped, moved into
 * another element, or noise.
 */
function editFor(parsed: ParsedSource, choice: { element: number; kind: number; text: number; at: number }): Edit | Edit[] {
  const { text } = parsed.sourceFile;
  const entry = parsed.entries[choice.element % parsed.entries.length]!;
  const node = entry.node;
  const words = TEXTS[choice.text % TEXTS.length]!;
  switch (choice.kind % 9) {
    case 8:
      return moveFor(parsed, entry, parsed.entries[choice.at % parsed.entries.length]!) ?? { start: entry.start, end: entry.start, text: '' };
    case 0:
      return { start: entry.attributeInsertPosition, end: entry.attributeInsertPosition, text: ` data-note="${words.replace(/"/g, '')}"` };
    case 1: {
      const child = ts.isJsxElement(node) ? node.children.find((c) => ts.isJsxText(c)) : undefined;
      return child ? { start: child.pos, end: child.end, text: words } : { start: entry.start, end: entry.start, text: '' };
    }
    case 2: {
      const tag = entry.opening.tagName;
      return { start: tag.getStart(parsed.sourceFile), end: tag.end, text: entry.tagName === 'div' ? 'section' : 'div' };
    }
    case 3:
      return { start: entry.start, end: node.end, text: '' };
    case 4:
      return { start: node.end, end: node.end, text: text.slice(entry.start, node.end) };
    case 5:
      return { start: entry.start, end: node.end, text: `<div className="wrap">${text.slice(entry.start, node.end)}</div>` };
    case 6:
      return { start: entry.start + 1 + (choice.at % Math.max(1, node.end - entry.start - 1)), end: entry.start + 1 + (choice.at % Math.max(1, node.end - entry.start - 1)), text: words };
    default:
      return { start: node.end - 1, end: node.end - 1, text: ' ' };
  }
}

const choiceArbitrary = fc.record({ element: fc.nat(), kind: fc.nat(), text: fc.nat(), at: fc.nat() });

describe('reparseLocally', () => {
  it('gives the entries and the tree a whole parse gives, after random chains of edits', () => {
    let local = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), fc.array(choiceArbitrary, { minLength: 1, maxLength: 10 }), (sections, choices) => {
        let parsed = fullParse(page(sections));
        for (const choice of choices) {
          if (parsed.entries.length === 0) break;
          const before = parsed.sourceFile.text;
          // Line starts worked out before the change are carried through it (a transform asks for lines).
          if (choice.at % 2 === 0) parsed.sourceFile.getLineStarts();
          // So is the tally the file's conventions are read from, once worked out.
          if (choice.text % 2 === 0) conventionTally(parsed.sourceFile);
          const edit = editFor(parsed, choice);
          const after = withEdits(before, Array.isArray(edit) ? edit : [edit]);
          const made = reparseLocally(parsed, before, after, FILE);
          if (made) {
            local += 1;
            settleParse(made);
            parsed = made;
          } else {
            parsed = fullParse(after);
          }
          const fresh = fullParse(after);
          expect(parsed.sourceFile.text).toBe(after);
          expect(entriesOf(parsed)).toEqual(entriesOf(fresh));
          expect(treeOf(parsed.sourceFile)).toEqual(treeOf(fresh.sourceFile));
          expect(parsed.sourceFile.getLineStarts()).toEqual(fresh.sourceFile.getLineStarts());
          expect(conventionTally(parsed.sourceFile)).toEqual(conventionTally(fresh.sourceFile));
          expect((parsed.sourceFile as unknown as { commentDirectives?: unknown[] }).commentDirectives?.length ?? 0).toBe(
            (fresh.sourceFile as unknown as { commentDirectives?: unknown[] }).commentDirectives?.length ?? 0,
          );
        }
      }),
      { numRuns: 80 },
    );
    // Most of the edits fall inside an element: the property is about the local path, not the fallback.
    expect(local).toBeGreaterThan(80);
  });

  it('leaves the old parse as it was until the new one is settled, and keeps the tree outside the element', () => {
    const before = page(2);
    const parsed = fullParse(before);
    const h2 = parsed.entries.find((entry) => entry.tagName === 'h2')!;
    const aside = parsed.entries.find((entry) => entry.tagName === 'aside')!;
    const after = `${before.slice(0, h2.attributeInsertPosition)} id="t"${before.slice(h2.attributeInsertPosition)}`;
    const made = reparseLocally(parsed, before, after, FILE)!;
    expect(treeOf(parsed.sourceFile)).toEqual(treeOf(fullParse(before).sourceFile));
    settleParse(made);
    expect(made.byId.get(aside.id)!.node).toBe(aside.node);
    expect(made.byId.get(aside.id)!.start).toBe(aside.start + ' id="t"'.length);
    expect(treeOf(made.sourceFile)).toEqual(treeOf(fullParse(after).sourceFile));
  });

  it('parses a move into a later sibling\'s subtree as its two children alone: what lies between keeps its nodes', () => {
    const before = page(3);
    const parsed = fullParse(before);
    const sections = parsed.entries.filter((entry) => entry.tagName === 'section');
    const h2 = parsed.entries.find((entry) => entry.tagName === 'h2')!;
    const after = withEdits(before, moveFor(parsed, h2, sections[2]!)!);
    const made = reparseLocally(parsed, before, after, FILE)!;
    expect(made).not.toBeNull();
    // Nothing spliced until settled; then the section between the two is the very node it was.
    expect(treeOf(parsed.sourceFile)).toEqual(treeOf(fullParse(before).sourceFile));
    settleParse(made);
    expect(made.byId.get(sections[1]!.id)!.node).toBe(sections[1]!.node);
    expect(made.byId.get(sections[0]!.id)!.node).not.toBe(sections[0]!.node);
    expect(entriesOf(made)).toEqual(entriesOf(fullParse(after)));
    expect(treeOf(made.sourceFile)).toEqual(treeOf(fullParse(after).sourceFile));
    expect(made.sourceFile.getLineStarts()).toEqual(fullParse(after).sourceFile.getLineStarts());
  });

  it('declines what no element alone can show: a change between elements, a broken file, await', () => {
    const before = page(1);
    const parsed = fullParse(before);
    expect(reparseLocally(parsed, before, `// top\n${before}`, FILE)).toBeNull();
    const broken = before.replace('<h2 className="text-lg">', '<h2 className="text-lg>');
    expect(reparseLocally(parsed, before, broken, FILE)).toBeNull();
    expect(reparseLocally(parsed, before, before.replace('Lô số 0', '{await x}'), FILE)).toBeNull();
  });

  it('finds the changed range from both ends', () => {
    expect(changedRange('abcdef', 'abXYef')).toEqual({ start: 2, beforeEnd: 4, afterEnd: 4 });
    expect(changedRange('aab', 'aaab')).toEqual({ start: 2, beforeEnd: 2, afterEnd: 3 });
    expect(changedRange('same', 'same')).toEqual({ start: 4, beforeEnd: 4, afterEnd: 4 });
  });

  it('finds the range a character-by-character comparison finds, in texts longer than the blocks it compares', () => {
    const naive = (before: string, after: string) => {
      const shorter = Math.min(before.length, after.length);
      let start = 0;
      while (start < shorter && before[start] === after[start]) start += 1;
      let tail = 0;
      while (tail < shorter - start && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail += 1;
      return { start, beforeEnd: before.length - tail, afterEnd: after.length - tail };
    };
    const long = fc.string({ unit: fc.constantFrom('a', 'b', 'ô', '\n'), maxLength: 3000 });
    fc.assert(
      fc.property(long, long, fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }), (head, tail, one, other) => {
        const [before, after] = [head + one + tail, head + other + tail];
        expect(changedRange(before, after)).toEqual(naive(before, after));
      }),
      { numRuns: 300 },
    );
  });

  it('carries line starts through a change that joins a CR before it with an LF it writes', () => {
    const before = `const a = <p>x\r{y}</p>;\n`;
    const parsed = fullParse(before);
    parsed.sourceFile.getLineStarts();
    const at = before.indexOf('{y}');
    const after = `${before.slice(0, at)}\n${before.slice(at)}`;
    const made = reparseLocally(parsed, before, after, FILE)!;
    settleParse(made);
    expect(made.sourceFile.getLineStarts()).toEqual(fullParse(after).sourceFile.getLineStarts());
  });
});
