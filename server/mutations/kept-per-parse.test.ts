import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { keptPerParse } from './kept-per-parse.js';
import type { LoadSource } from './module-declarations.js';

const parse = (name: string, text: string) => ts.createSourceFile(`/${name}`, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);

/** A loader over `files` as they are when it is called, as each lookup's view of the sources is. */
const loaderOf = (files: Map<string, ts.SourceFile>, aliases?: LoadSource['aliases']): LoadSource =>
  Object.assign((relative: string) => files.get(relative) ?? null, aliases ? { aliases } : {});

describe('keptPerParse', () => {
  const page = parse('src/page.tsx', "import { Card } from './card';\n");
  // What a resolution does: probes a name that is not there, then reads the one that is.
  const work = (load: LoadSource) => [load('src/card.ts'), load('src/card.tsx')].find(Boolean) ?? null;

  it('works a parse out once while the files it read are the same parses, whatever loader reads them', () => {
    const files = new Map([['src/card.tsx', parse('src/card.tsx', 'export function Card() {}')]]);
    let runs = 0;
    const counted = (load: LoadSource) => ((runs += 1), work(load));
    const first = keptPerParse(page, loaderOf(files), 'card', counted);
    const second = keptPerParse(page, loaderOf(files), 'card', counted);
    expect(runs).toBe(1);
    expect(second).toBe(first);
    expect(second).toBe(files.get('src/card.tsx'));
  });

  it('works it out again when a file it read is parsed anew, or one it probed for is there now', () => {
    const files = new Map([['src/card.tsx', parse('src/card.tsx', 'export function Card() {}')]]);
    let runs = 0;
    const counted = (load: LoadSource) => ((runs += 1), work(load));
    keptPerParse(page, loaderOf(files), 'card', counted);
    files.set('src/card.tsx', parse('src/card.tsx', 'export function Card() { return null; }'));
    expect(keptPerParse(page, loaderOf(files), 'card', counted)).toBe(files.get('src/card.tsx'));
    expect(runs).toBe(2);
    // `card.ts` comes first in the resolution's order: a new file there changes what the import names.
    files.set('src/card.ts', parse('src/card.ts', 'export const Card = 1;'));
    expect(keptPerParse(page, loaderOf(files), 'card', counted)).toBe(files.get('src/card.ts'));
    expect(runs).toBe(3);
  });

  it('keeps each work apart, and works it out again when the path aliases change', () => {
    const files = new Map([['src/card.tsx', parse('src/card.tsx', 'export function Card() {}')]]);
    let runs = 0;
    const counted = (load: LoadSource) => ((runs += 1), work(load));
    keptPerParse(page, loaderOf(files), 'card', counted);
    keptPerParse(page, loaderOf(files), 'other', counted);
    expect(runs).toBe(2);
    keptPerParse(page, loaderOf(files, [{ prefix: '@/', folder: 'src' }]), 'card', counted);
    expect(runs).toBe(3);
  });
});
