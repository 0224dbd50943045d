/**
 * What the built console makes a browser download: the JavaScript and CSS the first page needs (the entry and
 * its static imports), gzipped, and each route's own chunk. Budget: initial JavaScript at most 150 KB gzipped.
 */
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchModule, BenchRow } from './bench-row.js';
import { buildConsole, consoleRootOf, type Manifest } from './console-build.js';

export const INITIAL_JS_BUDGET_KB = 150;

export interface BundleSizes {
  initialJs: number;
  initialCss: number;
  /** Route file (relative to the console's source folder) → gzipped KB of what it loads beyond the initial set. */
  routes: Map<string, number>;
}

/** Every chunk key reachable from `key` through static imports, `key` included. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** Works out the sizes from a build's manifest; `gzippedKb(file)` gives a built file's gzipped size. */
export async function bundleSizes(manifest: Manifest, gzippedKb: (file: string) => Promise<number>): Promise<BundleSizes> {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entries.length === 0) throw new Error('the build manifest has no entry chunk');
  const initial = new Set<string>();
  for (const entry of entries) staticClosure(manifest, entry, initial);
  const sum = async (files: Iterable<string>) => {
    let total = 0;
    for (const file of new Set(files)) total += await gzippedKb(file);
    return total;
  };
  const initialJs = await sum([...initial].map((key) => manifest[key]!.file));
  const initialCss = await sum([...initial].flatMap((key) => manifest[key]!.css ?? []));

  const routes = new Map<string, number>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const own = [...staticClosure(manifest, key)].filter((k) => !initial.has(k));
    const size = await sum([...own.map((k) => manifest[k]!.file), ...own.flatMap((k) => manifest[k]!.css ?? [])]);
    const name = (chunk.src ?? key).replace(/\?.*$/, '');
    routes.set(name, (routes.get(name) ?? 0) + size);
  }
  return { initialJs, initialCss, routes };
}

export const bundleBench: BenchModule = {
  name: 'bundle',
  async run(context) {
    const { dir, manifest } = await buildConsole(context.root);
    const sizes = await bundleSizes(manifest, async (file) => gzipSync(await readFile(join(dir, file)), { level: 9 }).length / 1024);
    const consoleSrc = join(consoleRootOf(context.root), 'src');
    const rows: BenchRow[] = [
      {
        name: 'console: initial JS (gzip)',
        value: sizes.initialJs,
        unit: 'KB',
        budget: { kind: 'value-max', limit: INITIAL_JS_BUDGET_KB },
        note: 'entry chunk and its static imports, gzip -9',
      },
      { name: 'console: initial CSS (gzip)', value: sizes.initialCss, unit: 'KB', note: 'CSS of the initial chunks, gzip -9' },
    ];
    for (const [route, kb] of [...sizes.routes].sort(([a], [b]) => a.localeCompare(b))) {
      const file = relative(consoleSrc, join(consoleRootOf(context.root), route)).replace(/\\/g, '/');
      rows.push({ name: `console: route chunk ${file}`, value: kb, unit: 'KB', note: 'gzipped JS and CSS beyond the initial set' });
    }
    return rows;
  },
};
