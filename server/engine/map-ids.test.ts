/**
 * Identity through a change: every element of a changed file is either carried to its new id (`prevIdToNewIdMap`,
 * or the same id when it did not change) or named removed (`removedIds`), so an id an earlier write made stale is
 * never taken for the element that now has it. Each element carries a mark (`data-m`) to tell it by.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MutationAnswer } from '../../contracts/change-kinds.js';
import { EMPTY_THEME } from '../../contracts/theme-tokens.js';
import { indexJsxElements, parseJsxSource } from '../codebase-ids/index-jsx-elements.js';
import { studioSourceEditor } from '../studio-source-editor.js';

const FILE = 'src/page.tsx';
const SOURCE = `export function Page() {
  return (
    <main data-m="main">
      <h1 data-m="title">Title</h1>
      <section data-m="list">
        <p data-m="first">One</p>
        <p data-m="second">Two</p>
        <p data-m="third">Three</p>
      </section>
      <footer data-m="footer">End</footer>
    </main>
  );
}
`;

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

/** Each element's id → its mark, as the file on disk has them now. */
function marksById(root: string): Map<string, string> {
  const text = fs.readFileSync(path.join(root, FILE), 'utf8');
  const marks = new Map<string, string>();
  for (const entry of indexJsxElements(parseJsxSource(FILE, text), FILE)) {
    const mark = /data-m="([^"]+)"/.exec(text.slice(entry.start, text.indexOf('>', entry.start)))?.[1];
    marks.set(entry.id, mark ?? '(new)');
  }
  return marks;
}

async function change(kind: string, body: (id: (mark: string) => { codebaseId: string }) => unknown) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'map-ids-'));
  roots.push(root);
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(path.join(root, FILE), SOURCE);
  const before = marksById(root);
  const idOf = (mark: string) => ({ codebaseId: [...before].find(([, m]) => m === mark)![0] });
  const editor = studioSourceEditor({ root, theme: () => Promise.resolve(EMPTY_THEME) });
  try {
    const answer: MutationAnswer = await editor.mutate('c', kind, body(idOf));
    return { before, after: marksById(root), answer };
  } finally {
    editor.dispose();
  }
}

/** Where each element that was there before is now, as the answer says: its mark under its new id, or removed. */
function followed({ before, after, answer }: Awaited<ReturnType<typeof change>>): Record<string, string> {
  const removed = new Set(answer.removedIds);
  return Object.fromEntries(
    [...before].map(([id, mark]) => {
      if (removed.has(id)) return [mark, 'removed'];
      const now = answer.prevIdToNewIdMap[id] ?? id;
      return [mark, after.get(now) ?? 'nowhere'];
    }),
  );
}

const ALL_KEPT = { main: 'main', title: 'title', list: 'list', first: 'first', second: 'second', third: 'third', footer: 'footer' };

describe('ids through a change', () => {
  it('a removal names the removed element, and the sibling that took its id is followed to it', async () => {
    const result = await change('removeJsxElement', (id) => ({ elementsToRemove: [id('first')] }));
    expect(followed(result)).toEqual({ ...ALL_KEPT, first: 'removed' });
    // The removed element's id now names its next sibling: it must be in removedIds, not taken for that sibling.
    expect(result.after.get([...result.before].find(([, m]) => m === 'first')![0])).toBe('second');
  });

  it('a move follows the moved element and the siblings it shifted', async () => {
    const result = await change('moveJsxElement', (id) => ({ elementToMove: id('third'), afterElement: id('title') }));
    expect(followed(result)).toEqual(ALL_KEPT);
    expect(result.answer.removedIds).toEqual([]);
  });

  it('a wrap and a duplicate follow every element they shifted, and name none removed', async () => {
    for (const [kind, body] of [
      ['wrapInDiv', (id: (mark: string) => unknown) => ({ reactElements: [id('list')] })],
      ['duplicate', (id: (mark: string) => unknown) => ({ reactElements: [id('title')] })],
    ] as const) {
      const result = await change(kind, body);
      expect(followed(result), kind).toEqual(ALL_KEPT);
      expect(result.answer.removedIds, kind).toEqual([]);
    }
  });
});
