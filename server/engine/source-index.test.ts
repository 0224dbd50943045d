import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codebaseIdFor } from '../codebase-ids/codebase-id-for.js';
import { ServedParses } from '../codebase-ids/served-parses.js';
import { realRoot } from './safe-paths.js';
import { SourceIndex } from './source-index.js';

const PAGE = `export function Page() {\n  return <main><h1>Lô cao su</h1></main>;\n}\n`;
const OTHER = `export const Other = () => <p>Khác</p>;\n`;

describe('SourceIndex with the parses the codebase-id plugin served', () => {
  let root: string;
  let served: ServedParses;
  const write = (relative: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    fs.writeFileSync(path.join(root, relative), text);
  };
  const serve = (relative: string, text: string) => served.parse(path.join(root, relative), relative, text);

  beforeEach(() => {
    root = realRoot(fs.mkdtempSync(path.join(os.tmpdir(), 'source-index-')));
    served = new ServedParses();
    write('src/page.tsx', PAGE);
    write('src/other.tsx', OTHER);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('finds a served element in its file alone, with the very parse the plugin made of the same text', () => {
    const servedEntries = serve('src/page.tsx', PAGE);
    const index = new SourceIndex(root, served);
    const found = index.lookup(codebaseIdFor('src/page.tsx', '0-0'));
    expect(found?.entry).toBe(servedEntries[1]);
    expect(found?.file).toMatchObject({ relative: 'src/page.tsx', text: PAGE });
    // Named as the index names its files: what follows imports from it (a component's prop types) reads the path.
    expect(found?.file.parsed.sourceFile.fileName).toBe('/src/page.tsx');
    // No walk of the root: the other file was not read.
    expect(index.hasScanned).toBe(false);
    expect(index.lookup(codebaseIdFor('src/other.tsx', '0'))).toBeNull();
  });

  it('parses the disk anew when it no longer holds the served text, and answers what the disk has', () => {
    const servedEntries = serve('src/page.tsx', PAGE);
    write('src/page.tsx', `export function Page() {\n  return <main><h2>Đổi</h2><p>mới</p></main>;\n}\n`);
    const index = new SourceIndex(root, served);
    const heading = index.lookup(codebaseIdFor('src/page.tsx', '0-0'));
    expect(heading?.entry.tagName).toBe('h2');
    expect(heading?.entry).not.toBe(servedEntries[1]);
    // An id the served text had and the disk has not is not found there.
    serve('src/gone.tsx', OTHER);
    expect(index.lookup(codebaseIdFor('src/gone.tsx', '0'))).toBeNull();
  });

  it('takes no file outside the root, nor one in a folder the index never searches', () => {
    const outside = realRoot(fs.mkdtempSync(path.join(os.tmpdir(), 'source-index-outside-')));
    try {
      fs.writeFileSync(path.join(outside, 'page.tsx'), PAGE);
      served.parse(path.join(outside, 'page.tsx'), 'src/page.tsx', PAGE);
      write('dist/page.tsx', PAGE);
      serve('dist/page.tsx', PAGE);
      const index = new SourceIndex(root, served);
      expect(index.lookup(codebaseIdFor('src/page.tsx', '0'))).toBeNull();
      expect(index.lookup(codebaseIdFor('dist/page.tsx', '0'))).toBeNull();
      // The root's own file is still found by the walk, from its own parse.
      expect(index.locate(codebaseIdFor('src/page.tsx', '0'))?.file.relative).toBe('src/page.tsx');
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });
});
