import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODEBASE_ID_ATTRIBUTE } from '../../contracts/dom.js';
import * as indexer from '../codebase-ids/index-jsx-elements.js';
import { consoleViteConfig } from '../console-vite-config.js';
import { addCodebaseIds, codebaseIdPlugin, projectJsxPath } from './codebase-id-plugin.js';

const PAGE = `import { Fragment } from 'react';
import { Card } from './card';

export function Page({ items }: { items: string[] }) {
  return (
    <main className="p-4">
      <h1>Title</h1>
      <Card<string> title="x" icon={<span>i</span>} />
      <Fragment key="k"><p>in a fragment</p></Fragment>
      <>
        {items.map((item) => <li key={item}>{item}</li>)}
      </>
    </main>
  );
}
`;

const CARD = `export function Card(props: { title: string; icon?: unknown }) {
  return <section {...props}><h2>{props.title}</h2></section>;
}
`;

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

const entriesOf = (code: string, relativePath: string) => indexer.indexJsxElements(indexer.parseJsxSource(relativePath, code), relativePath);

describe('addCodebaseIds', () => {
  const entries = entriesOf(PAGE, 'src/page.tsx');
  const marked = addCodebaseIds(entries, PAGE, '/project/src/page.tsx')!;

  it('gives every element the id indexJsxElements computes for it, Fragments excepted', () => {
    const written = [...marked.code.matchAll(/<([\w.:]+)(?:<string>)? data-codebase-id="([^"]+)"/g)].map((m) => [m[1], m[2]]);
    const expected = entries.filter((e) => e.tagName !== 'Fragment').map((e) => [e.tagName, e.id]);
    expect(written).toEqual(expected);
    expect(expected.map(([tag]) => tag)).toEqual(['main', 'h1', 'Card', 'span', 'p', 'li']);
    expect(marked.code).toContain('<Fragment key="k">');
  });

  it('puts the id right after the tag name (and type arguments), so a spread of props can carry a parent id', () => {
    const card = entries.find((e) => e.tagName === 'Card')!;
    expect(marked.code).toContain(`<Card<string> ${CODEBASE_ID_ATTRIBUTE}="${card.id}" title="x"`);
    const cardFile = addCodebaseIds(entriesOf(CARD, 'src/card.tsx'), CARD, 'card.tsx')!;
    expect(cardFile.code).toMatch(/<section data-codebase-id="tempo-[^"]+" \{\.\.\.props\}>/);
  });

  it('changes nothing else: removing the attributes gives the source back', () => {
    expect(marked.code.replace(/ data-codebase-id="[^"]+"/g, '')).toBe(PAGE);
  });

  it('answers null for a file without elements', () => {
    expect(addCodebaseIds(entriesOf('export const x = 1;', 'src/x.tsx'), 'export const x = 1;', 'x.tsx')).toBeNull();
  });

  it('returns a source map that maps every tag of the output back to its place in the source', () => {
    const map = new TraceMap(marked.map as unknown as ConstructorParameters<typeof TraceMap>[0]);
    const outputLines = marked.code.split('\n');
    const sourceLines = PAGE.split('\n');
    for (const tag of ['Title</h1>', 'key={item}', 'title="x"', 'in a fragment', '</main>']) {
      const line = outputLines.findIndex((l) => l.includes(tag));
      const column = outputLines[line]!.indexOf(tag);
      const original = originalPositionFor(map, { line: line + 1, column });
      expect(original.source, tag).toBe('/project/src/page.tsx');
      expect(sourceLines[original.line! - 1]!.slice(original.column!).startsWith(tag), tag).toBe(true);
    }
  });
});

describe('projectJsxPath', () => {
  const roots = ['/project'];
  it('gives the root-relative POSIX path of the project JSX files, with or without a query', () => {
    expect(projectJsxPath('/project/src/routes/index.tsx', roots)).toBe('src/routes/index.tsx');
    expect(projectJsxPath('/project/src/routes/index.tsx?tsr-split=component', roots)).toBe('src/routes/index.tsx');
    expect(projectJsxPath('/project/src/old.jsx', roots)).toBe('src/old.jsx');
  });
  it('leaves out other files, dependencies, files outside the root and non-code imports', () => {
    expect(projectJsxPath('/project/src/api.ts', roots)).toBeNull();
    expect(projectJsxPath('/project/node_modules/lib/x.tsx', roots)).toBeNull();
    expect(projectJsxPath('/elsewhere/x.tsx', roots)).toBeNull();
    expect(projectJsxPath('/project-other/x.tsx', roots)).toBeNull();
    expect(projectJsxPath('/project/src/x.tsx?raw', roots)).toBeNull();
    expect(projectJsxPath('\0virtual:x.tsx', roots)).toBeNull();
  });
});

describe('the plugin in the console Vite config', () => {
  let root: string;
  const files: Record<string, string> = {
    'index.html': '<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
    'src/styles.css': '@import "tailwindcss";\n',
    'src/page.tsx': PAGE,
    'src/card.tsx': CARD,
    'src/routes/__root.tsx': `import { createRootRoute, Outlet } from '@tanstack/react-router';\nexport const Route = createRootRoute({ component: () => <div className="shell"><Outlet /></div> });\n`,
    'src/main.tsx': `import { createRoot } from 'react-dom/client';\nimport { Page } from './page';\nimport './styles.css';\ncreateRoot(document.getElementById('root')!).render(<Page items={['a', 'b']} />);\n`,
  };
  const hashes = new Map<string, string>();

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'plantation-ids-'));
    for (const [path, text] of Object.entries(files)) {
      await mkdir(join(root, path, '..'), { recursive: true });
      await writeFile(join(root, path), text);
      hashes.set(path, sha256(text));
    }
  });
  afterAll(async () => {
    // Retries: Vite's dependency optimizer may still be finishing a write in the folder as it closes.
    await rm(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  });

  it('is there only when asked for, first, and only when serving', () => {
    const names = (codebaseIds?: boolean) =>
      (consoleViteConfig({ root, codebaseIds }).plugins ?? []).flat().map((p) => (p as { name?: string } | null)?.name);
    expect(names(true)[0]).toBe('plantation-studio:codebase-ids');
    expect(names(false)).not.toContain('plantation-studio:codebase-ids');
    expect(names()).not.toContain('plantation-studio:codebase-ids');
    expect(codebaseIdPlugin({ root }).apply).toBe('serve');
  });

  it('serves every element of a project file with its id, and leaves the file on disk untouched', async () => {
    const { createServer } = await import('vite');
    const vite = await createServer({
      ...consoleViteConfig({ root, codebaseIds: true }),
      logLevel: 'silent',
      appType: 'custom',
      server: { middlewareMode: true, hmr: false, fs: { allow: [root] } },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    try {
      const served = await vite.transformRequest('/src/page.tsx');
      const entries = indexer.indexJsxElements(indexer.parseJsxSource('page.tsx', PAGE), 'src/page.tsx');
      const servedIds = [...served!.code.matchAll(/"data-codebase-id": "([^"]+)"/g)].map((m) => m[1]);
      expect(servedIds).toEqual(entries.filter((e) => e.tagName !== 'Fragment').map((e) => e.id));
      // The map of the whole pipeline still points into the file as written.
      expect((served!.map as { sources?: string[] } | null)?.sources?.some((s) => s.endsWith('page.tsx'))).toBe(true);

      const rootRoute = await vite.transformRequest('/src/routes/__root.tsx');
      expect(rootRoute!.code).toContain('"data-codebase-id": "tempo-');

      for (const [path, hash] of hashes) expect(sha256(await readFile(join(root, path))), path).toBe(hash);
    } finally {
      await vite.close();
    }
  });

  it('never puts ids into `build` output, even when asked to', async () => {
    const { build } = await import('vite');
    for (const codebaseIds of [false, true]) {
      const outDir = join(root, `dist-${codebaseIds}`);
      await build({ ...consoleViteConfig({ root, outDir, codebaseIds }), logLevel: 'silent', mode: 'production' });
      const assets = await readdir(join(outDir, 'assets'));
      const scripts = assets.filter((name) => name.endsWith('.js'));
      expect(scripts.length).toBeGreaterThan(0);
      for (const name of scripts) {
        const code = await readFile(join(outDir, 'assets', name), 'utf8');
        expect(code, name).toContain('in a fragment');
        expect(code, name).not.toContain(CODEBASE_ID_ATTRIBUTE);
        expect(code, name).not.toMatch(/tempo-[0-9a-f]{8}-/);
      }
    }
    for (const [path, hash] of hashes) expect(sha256(await readFile(join(root, path))), path).toBe(hash);
  }, 120_000);
});
