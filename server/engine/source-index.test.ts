import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codebaseIdFor } from '../codebase-ids/codebase-id-for.js';
import { ServedParses } from '../codebase-ids/served-parses.js';
import { mapRewrittenIds } from './map-ids.js';
import { realRoot } from './safe-paths.js';
import { SourceIndex, type CachedFile, type EarlierFile } from './source-index.js';

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

describe('SourceIndex.freshAt', () => {
  let root: string;
  let outside: string;
  beforeEach(() => {
    root = realRoot(fs.mkdtempSync(path.join(os.tmpdir(), 'source-index-at-')));
    outside = realRoot(fs.mkdtempSync(path.join(os.tmpdir(), 'source-index-at-outside-')));
    fs.mkdirSync(path.join(root, 'src'));
    fs.writeFileSync(path.join(root, 'src', 'page.tsx'), PAGE);
    fs.writeFileSync(path.join(outside, 'page.tsx'), OTHER);
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('answers a held file unchanged on disk as held, and one changed on disk only once its path is confined again', () => {
    const index = new SourceIndex(root);
    const held = index.freshAt('src/page.tsx');
    expect(held?.text).toBe(PAGE);
    expect(index.freshAt('src/page.tsx')).toBe(held);
    // Its folder replaced by a link out of the root, and the file there differs: refused, never read.
    fs.renameSync(path.join(root, 'src'), path.join(root, 'moved'));
    fs.symlinkSync(outside, path.join(root, 'src'));
    expect(() => index.freshAt('src/page.tsx')).toThrow(/outside the project root/);
  });

  it('answers null for a name nothing is written at, and refuses a path leaving the root', () => {
    const index = new SourceIndex(root);
    expect(index.freshAt('src/card.tsx')).toBeNull();
    expect(index.freshAt('src/card/index.tsx')).toBeNull();
    expect(() => index.freshAt('../page.tsx')).toThrow(/project root/);
  });
});

describe('SourceIndex told of a hand edit of a file it does not hold', () => {
  let root: string;
  let served: ServedParses;
  let rewrites: Array<{ before: EarlierFile | null; after: CachedFile | null }>;
  const LIST = `export const List = () => (\n  <ul>\n    <li>Một</li>\n    <li>Hai</li>\n  </ul>\n);\n`;
  // The person's editor adds a sibling above: "Hai" moves from the second place to the third.
  const EDITED = LIST.replace('<li>Một</li>', '<li>Mới</li>\n    <li>Một</li>');
  const absolute = () => path.join(root, 'src/list.tsx');
  const indexWatching = () => {
    const index = new SourceIndex(root, served);
    index.onRewrite = (before, after) => rewrites.push({ before, after });
    return index;
  };

  beforeEach(() => {
    root = realRoot(fs.mkdtempSync(path.join(os.tmpdir(), 'source-index-hand-')));
    fs.mkdirSync(path.join(root, 'src'));
    fs.writeFileSync(absolute(), LIST);
    served = new ServedParses();
    rewrites = [];
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('compares the new text with what the plugin served, once, so the page ids are carried to the same elements', () => {
    served.parse(absolute(), 'src/list.tsx', LIST);
    const index = indexWatching();
    // Taken when the watcher tells, before the page asks for the file again and the plugin serves the new text.
    const taken = index.servedOf(absolute());
    fs.writeFileSync(absolute(), EDITED);
    served.parse(absolute(), 'src/list.tsx', EDITED);
    index.refresh(absolute(), taken);
    expect(rewrites).toHaveLength(1);
    const [{ before, after }] = rewrites as [{ before: EarlierFile; after: CachedFile }];
    expect(before.parsed.sourceFile.text).toBe(LIST);
    expect(after.text).toBe(EDITED);
    const ids = mapRewrittenIds(before.parsed, after.parsed);
    expect(ids.map[codebaseIdFor('src/list.tsx', '0-1')]).toBe(codebaseIdFor('src/list.tsx', '0-2'));
    expect(ids.removed).toEqual([]);
    // The index holds the file now: neither the watcher's next word nor a lookup compares with the page's text again.
    index.refresh(absolute(), taken);
    index.lookup(codebaseIdFor('src/list.tsx', '0-2'));
    expect(rewrites).toHaveLength(1);
  });

  it('compares a lookup of a page id with the served text, when the watcher has not told yet', () => {
    served.parse(absolute(), 'src/list.tsx', LIST);
    const index = indexWatching();
    fs.writeFileSync(absolute(), EDITED);
    expect(index.lookup(codebaseIdFor('src/list.tsx', '0-1'))?.entry.node.getText()).toBe('<li>Một</li>');
    expect(rewrites.map(({ before }) => before?.parsed.sourceFile.text)).toEqual([LIST]);
  });

  it('reports a file it neither holds nor was served with its earlier text unknown, and a served file removed', () => {
    const index = indexWatching();
    fs.writeFileSync(absolute(), EDITED);
    index.refresh(absolute());
    expect(rewrites).toHaveLength(1);
    expect(rewrites[0]!.before).toBeNull();
    expect(rewrites[0]!.after?.text).toBe(EDITED);
    served.parse(path.join(root, 'src/gone.tsx'), 'src/gone.tsx', LIST);
    index.refresh(path.join(root, 'src/gone.tsx'));
    expect(rewrites[1]).toMatchObject({ before: { relative: 'src/gone.tsx' }, after: null });
  });
});

describe('SourceIndex looking for an id it has not met', () => {
  let root: string;
  const files = Array.from({ length: 40 }, (_, i) => `src/pages/page-${i}.tsx`);

  beforeEach(() => {
    root = realRoot(fs.mkdtempSync(path.join(os.tmpdir(), 'source-index-scan-')));
    fs.mkdirSync(path.join(root, 'src/pages'), { recursive: true });
    for (const [i, relative] of files.entries()) fs.writeFileSync(path.join(root, relative), `export const Page${i} = () => <main><h1>Trang ${i}</h1></main>;\n`);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  /** The files in the order the walk meets them (the folder's own order on this file system). */
  const walkOrder = () => fs.readdirSync(path.join(root, 'src/pages')).map((name) => `src/pages/${name}`);

  it('reads the files up to the one that has it, not the whole root', () => {
    const [first, second] = walkOrder() as [string, string];
    const index = new SourceIndex(root, new ServedParses());
    expect(index.locate(codebaseIdFor(first, '0-0'))?.file.relative).toBe(first);
    expect(index.cachedFiles().map((file) => file.relative)).toEqual([first]);
    expect(index.hasScanned).toBe(false);
    // Two ids at once: the walk goes on until both are found.
    index.scanFor([codebaseIdFor(first, '0'), codebaseIdFor(second, '0')]);
    expect(index.cachedFiles().map((file) => file.relative).sort()).toEqual([first, second].sort());
  });

  it('walks the whole root for an id no file has, and then forgets the files gone from the disk', () => {
    const index = new SourceIndex(root, new ServedParses());
    expect(index.locate(codebaseIdFor(files[0]!, '0-0'))).not.toBeNull();
    fs.rmSync(path.join(root, files[1]!));
    expect(index.locate(codebaseIdFor('src/pages/none.tsx', '0'))).toBeNull();
    expect(index.hasScanned).toBe(true);
    expect(index.cachedFiles()).toHaveLength(files.length - 1);
    expect(index.cachedFiles().some((file) => file.relative === files[1])).toBe(false);
  });
});
