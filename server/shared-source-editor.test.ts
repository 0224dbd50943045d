import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedSourceEditor, type SharedSourceEditor } from './shared-source-editor.js';

describe('sharedSourceEditor.warm', () => {
  let root: string;
  let shared: SharedSourceEditor | undefined;
  afterEach(async () => {
    await shared?.dispose();
    await rm(root, { recursive: true, force: true });
  });

  const makeRoot = async () => {
    root = await mkdtemp(path.join(tmpdir(), 'shared-editor-warm-'));
    fs.mkdirSync(path.join(root, 'src'), { recursive: true });
    for (let i = 0; i < 3; i += 1) fs.writeFileSync(path.join(root, 'src', `card-${i}.tsx`), `export function Card${i}() {\n  return <p>Thẻ ${i}</p>;\n}\n`);
  };

  it('indexes the whole project in the background, before any lookup asks for it', async () => {
    await makeRoot();
    shared = sharedSourceEditor(root);
    shared.warm();
    // Called again (each time the studio page is served): one indexing, not one per page.
    shared.warm();
    const editor = await shared.get();
    const scanned = () => editor.readSource((index) => index.hasScanned);
    for (let tries = 0; tries < 200 && !(await scanned()); tries += 1) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await scanned()).toBe(true);
    expect(await editor.readSource((index) => index.cachedFiles().map((file) => file.relative).sort())).toEqual(['src/card-0.tsx', 'src/card-1.tsx', 'src/card-2.tsx']);
  });

  it('holds its walk while a studio page opens, and goes on once that page asks its first lookup', async () => {
    await makeRoot();
    shared = sharedSourceEditor(root);
    const editor = await shared.get();
    shared.pageServed();
    let walked = false;
    const walk = shared.rescanned().then(() => (walked = true));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(walked).toBe(false);
    expect(await editor.readSource((index) => index.hasScanned)).toBe(false);
    // The page's frame asks its first lookup (the route calls warm): the walk goes on.
    shared.warm();
    await walk;
    expect(await editor.readSource((index) => index.hasScanned)).toBe(true);
  });

  it('walks in slices: a read asked for meanwhile is answered before the walk ends', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'shared-editor-slices-'));
    fs.mkdirSync(path.join(root, 'src'), { recursive: true });
    for (let i = 0; i < 800; i += 1) fs.writeFileSync(path.join(root, 'src', `page-${i}.tsx`), `export const Page${i} = () => <main><h1>Trang ${i}</h1><p>Lô ${i}</p></main>;\n`);
    shared = sharedSourceEditor(root);
    const editor = await shared.get();
    const order: string[] = [];
    const walk = shared.rescanned().then(() => order.push('whole root'));
    // Asked once the first slice is under way, as the frame's lookup comes while the palette's list is made.
    await new Promise((resolve) => setImmediate(resolve));
    const read = editor.readSource((index) => index.cachedFiles().length).then((files) => {
      order.push('read');
      return files;
    });
    const [filesAtRead] = await Promise.all([read, walk]);
    expect(order).toEqual(['read', 'whole root']);
    expect(filesAtRead).toBeLessThan(800);
    expect(await editor.readSource((index) => [index.hasScanned, index.cachedFiles().length])).toEqual([true, 800]);
  });

  it('walks at once when no page is opening', async () => {
    await makeRoot();
    shared = sharedSourceEditor(root);
    const editor = await shared.get();
    await shared.rescanned();
    expect(await editor.readSource((index) => index.cachedFiles().length)).toBe(3);
  });
});
