/**
 * The engine's index after real changes and undos, on a file on disk: whatever random sequence of changes, the
 * parse the index holds for the file (made from the previous one, only the changed element re-parsed) has exactly
 * the ids, paths and positions a fresh parse of the disk's text gives, and its tree is the fresh tree. An element
 * the change did not touch keeps its very node: the file was not parsed again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { ts } from 'ts-morph';
import { afterAll, describe, expect, it } from 'vitest';
import { EMPTY_THEME } from '../../contracts/theme-tokens.js';
import { AppError } from '../../contracts/errors.js';
import { parseJsxSource, type JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';
import { studioSourceEditor } from '../studio-source-editor.js';
import type { ParsedSource } from './editable-file.js';
import { resolveInRoot } from './safe-paths.js';
import { parsedSource } from './source-index.js';

const FILE = 'src/page.tsx';
const PAGE = `import { Card } from './card';

export function Page({ rows, active }: { rows: Array<{ id: string; name: string }>; active: boolean }) {
  return (
    <main className="p-2">
${Array.from({ length: 6 }, (_, i) => `      <section className="grid gap-2" aria-label="Lô ${i}">
        <h2 className="text-lg font-semibold">Lô số ${i}</h2>
        <div className="rounded border p-2">
          <p className="text-sm">Diện tích: ${i} ha</p>
          <Card title="Khu ${i}" />
        </div>
        <ul>{rows.map((row) => <li key={row.id}>{row.name}</li>)}</ul>
        {active && <span className="text-xs">Đang khai thác</span>}
      </section>`).join('\n')}
    </main>
  );
}

export const Footer = () => <footer className="mt-4"><small>Cuối trang</small></footer>;
`;

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

function shapeOf(parsed: ParsedSource) {
  return parsed.entries.map((entry) => [entry.id, entry.structuralPath, entry.start, entry.node.getStart(parsed.sourceFile), entry.node.end, entry.tagName, entry.rendering, entry.attributeInsertPosition, entry.parentId]);
}

function treeOf(sourceFile: ts.SourceFile): string[] {
  const lines: string[] = [];
  const visit = (node: ts.Node): void => {
    lines.push(`${node.kind} ${node.pos}-${node.end} ${node.parent?.pos}`);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(sourceFile, visit);
  return lines;
}

type Step = { kind: number; element: number; other: number };
const KINDS = ['addClass', 'removeClass', 'editText', 'changePropValue', 'changeElementTag', 'duplicate', 'wrapInDiv', 'removeJsxElement', 'moveJsxElement', 'addJsxElement', 'undo'] as const;

function bodyFor(kind: (typeof KINDS)[number], entries: JsxElementEntry[], step: Step): unknown {
  const entry = entries[step.element % entries.length]!;
  const other = entries[step.other % entries.length]!;
  const ref = { codebaseId: entry.id };
  switch (kind) {
    case 'addClass':
      return { reactElement: ref, className: `mt-${step.other % 9}`, stylingFramework: 'Tailwind' };
    case 'removeClass':
      return { reactElement: ref, className: 'text-lg' };
    case 'editText':
      return { element: ref, oldText: ts.isJsxElement(entry.node) ? entry.node.children.map((c) => c.getText()).join('').trim() : '', newText: `Lô mới ${step.other}` };
    case 'changePropValue':
      return { elementToModify: ref, propName: 'title', propValue: `Khu ${step.other}` };
    case 'changeElementTag':
      return { elementToModify: ref, newTag: step.other % 2 === 0 ? 'article' : 'div' };
    case 'duplicate':
    case 'wrapInDiv':
      return { reactElements: [ref] };
    case 'removeJsxElement':
      return { elementsToRemove: [ref] };
    case 'moveJsxElement':
      return { elementToMove: ref, afterElement: { codebaseId: other.id } };
    default:
      return { afterElement: ref, newElement: { type: 'native', nativeTag: 'hr' }, propsToSet: { className: 'my-2' } };
  }
}

describe('the index the engine patches', () => {
  it('holds after random changes and undos exactly the ids, positions and tree a fresh parse of the disk gives', async () => {
    let kept = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ kind: fc.nat(), element: fc.nat(), other: fc.nat() }), { minLength: 1, maxLength: 8 }), async (steps) => {
        const root = fs.mkdtempSync(path.join(os.tmpdir(), 'patched-index-'));
        roots.push(root);
        fs.mkdirSync(path.join(root, 'src'));
        fs.writeFileSync(path.join(root, FILE), PAGE);
        fs.writeFileSync(path.join(root, 'src/card.tsx'), 'export function Card(props: { title: string; className?: string }) {\n  return <p className={props.className}>{props.title}</p>;\n}\n');
        const editor = studioSourceEditor({ root, theme: async () => EMPTY_THEME });
        const held = () => editor.readSource((index) => index.fresh(resolveInRoot(root, FILE))!.parsed);
        let done = 0;
        try {
          for (const step of steps) {
            const kind = KINDS[step.kind % KINDS.length]!;
            const before = await held();
            const footer = before.entries.find((entry) => entry.tagName === 'footer');
            try {
              if (kind === 'undo') {
                if (done === 0) continue;
                await editor.undo('property');
                done -= 1;
              } else {
                await editor.mutate('property', kind, bodyFor(kind, before.entries, step));
                done += 1;
              }
            } catch (error) {
              if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
              continue;
            }
            const after = await held();
            const fresh = parsedSource(parseJsxSource(`/${FILE}`, fs.readFileSync(path.join(root, FILE), 'utf8')), FILE);
            expect(after.sourceFile.text).toBe(fresh.sourceFile.text);
            expect(shapeOf(after)).toEqual(shapeOf(fresh));
            expect(treeOf(after.sourceFile)).toEqual(treeOf(fresh.sourceFile));
            // The footer comes after every element a change here touches: its node is the one parsed before.
            const footerAfter = after.entries.find((entry) => entry.tagName === 'footer');
            if (footer && footerAfter?.node === footer.node) kept += 1;
          }
        } finally {
          editor.dispose();
        }
      }),
      { numRuns: 25 },
    );
    expect(kept).toBeGreaterThan(25);
  }, 240_000);
});
