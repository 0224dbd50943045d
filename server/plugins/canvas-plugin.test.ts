import { mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANVAS_FOLDER, defaultCanvasDocument, type CanvasDocument } from '../../contracts/studio-api.js';
import { indexJsxElements, parseJsxSource } from '../codebase-ids/index-jsx-elements.js';
import { createServer, type StudioServer } from '../create-server.js';
import { hashTree } from '../mutations/mutations-test-support.js';
import { STUDIO_TOKEN_HEADER, STUDIO_TOKEN_META } from '../studio-token.js';
import { CANVAS_BODY_LIMIT } from './canvas-plugin.js';

const MOCK = { mode: 'mock', mock: { seed: 1, latencyMs: 0, tokenTtlSeconds: 60 } } as const;
const HOST = '127.0.0.1:4600';
const ORIGIN = `http://${HOST}`;

const PAGE = `export function Page() {
  return (
    <main className="p-4">
      <h1 className="text-xl">Vườn cao su</h1>
    </main>
  );
}
`;

const FILES: Record<string, string> = {
  'console/index.html': '<!doctype html><div id="root"></div>',
  'console/src/styles.css': '@import "tailwindcss";\n',
  'console/src/page.tsx': PAGE,
  'console/src/routes/__root.tsx': `import { createRootRoute, Outlet } from '@tanstack/react-router';\nexport const Route = createRootRoute({ component: () => <Outlet /> });\n`,
  'outside/keep.txt': 'outside the root\n',
};

/** Files Vite keeps in the project by itself (its dependency cache, the router's generated tree): not the studio's. */
const VITE_OWNED = /(?:^|\/)node_modules\/\.vite\/|routeTree\.gen\.ts$/;

function treeOf(base: string): Record<string, string> {
  return Object.fromEntries(Object.entries(hashTree(base)).filter(([path]) => !VITE_OWNED.test(path.split('\\').join('/'))));
}

function edited(id: string): CanvasDocument {
  const document = defaultCanvasDocument(id);
  return {
    ...document,
    name: 'Lô cao su',
    zoomPerc: 80,
    pan: { x: -120.5, y: 30 },
    stylingFramework: 'Inline',
    frames: [
      ...document.frames,
      { id: 'frame-2', name: 'Mobile', route: '/drone?page=1', viewport: { preset: 'mobile', width: 375, height: 812 }, x: 1400, y: 0 },
    ],
    changes: [{ id: 'c1', type: 'ADD_CLASS', humanName: 'Add class p-4', state: 'succeeded', files: ['src/page.tsx'], at: 1_700_000_000_000 }],
  };
}

describe('canvases and history', () => {
  let base: string;
  let root: string;
  let app: StudioServer;
  let token: string;

  const canvasFile = (id: string) => join(root, ...CANVAS_FOLDER.split('/'), `${id}.json`);
  const get = (url: string, server: StudioServer = app) => server.inject({ method: 'GET', url, headers: { host: HOST } });
  const send = (method: 'PUT' | 'POST', url: string, payload: unknown, headers: Record<string, string | undefined> = {}) => {
    const all: Record<string, string | undefined> = { host: HOST, origin: ORIGIN, [STUDIO_TOKEN_HEADER]: token, 'content-type': 'application/json', ...headers };
    const merged = Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined));
    return app.inject({ method, url, headers: merged, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });
  };
  const put = (id: string, document: unknown, headers?: Record<string, string | undefined>) => send('PUT', `/_studio/api/canvases/${id}`, document, headers);

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'plantation-studio-canvas-'));
    root = join(base, 'console');
    for (const [path, text] of Object.entries(FILES)) {
      await mkdir(join(base, path, '..'), { recursive: true });
      await writeFile(join(base, path), text);
    }
    app = await createServer({ api: MOCK, console: { kind: 'vite', root }, studio: true });
    await app.ready();
    token = new RegExp(`<meta name="${STUDIO_TOKEN_META}" content="([^"]+)">`).exec((await get('/_studio/')).body)![1]!;
  });
  afterAll(async () => {
    await app?.close();
    await rm(base, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  });

  it('a canvas never saved is the default one, and reading it writes nothing', async () => {
    const before = treeOf(base);
    const answer = await get('/_studio/api/canvases/default');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json()).toEqual(defaultCanvasDocument('default'));
    expect((await get('/_studio/api/canvases/Plan_2')).json()).toEqual(defaultCanvasDocument('Plan_2'));
    expect(treeOf(base)).toEqual(before);
  });

  it('a saved canvas is stored in the project and read back, also by the next server on the same project', async () => {
    const document = edited('plan-1');
    const saved = await put('plan-1', document);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ saved: true });
    expect(saved.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(await readFile(canvasFile('plan-1'), 'utf8'))).toEqual(document);
    expect((await get('/_studio/api/canvases/plan-1')).json()).toEqual(document);

    // Saved again: replaced whole.
    const again = { ...document, zoomPerc: 25, frames: document.frames.slice(1), changes: [] };
    expect((await put('plan-1', again)).statusCode).toBe(200);
    expect((await get('/_studio/api/canvases/plan-1')).json()).toEqual(again);

    const next = await createServer({ api: MOCK, console: { kind: 'vite', root }, studio: true });
    try {
      expect((await get('/_studio/api/canvases/plan-1', next)).json()).toEqual(again);
    } finally {
      await next.close();
    }
  });

  it('a save without the studio origin, token or JSON type is refused and writes nothing', async () => {
    const before = treeOf(base);
    const cases: Array<Record<string, string | undefined>> = [
      { origin: undefined },
      { origin: 'http://evil.example' },
      { origin: 'http://localhost:4600' },
      { [STUDIO_TOKEN_HEADER]: undefined },
      { [STUDIO_TOKEN_HEADER]: 'x'.repeat(43) },
      { 'content-type': 'text/plain' },
    ];
    for (const headers of cases) {
      const answer = await put('refused', edited('refused'), headers);
      expect(answer.statusCode, JSON.stringify(headers)).toBe(403);
      expect(answer.json()).toMatchObject({ code: 'STUDIO_WRITE_REFUSED' });
    }
    expect(treeOf(base)).toEqual(before);
  });

  it('a document that is not a canvas, or not this canvas, is refused with the reason, and nothing is written', async () => {
    const before = treeOf(base);
    const mismatch = await put('plan-3', edited('plan-4'));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ code: 'CANVAS_ID_MISMATCH', message: expect.stringContaining('"plan-4"') });

    const document = edited('plan-3');
    const invalid = await put('plan-3', {
      ...document,
      zoomPerc: 1000,
      frames: [document.frames[0], { ...document.frames[0], route: '//evil.example/' }],
    });
    expect(invalid.statusCode).toBe(400);
    const { code, errors } = invalid.json<{ code: string; errors: Array<{ field: string; message: string }> }>();
    expect(code).toBe('VALIDATION_FAILED');
    expect(errors.map((e) => e.field)).toEqual(expect.arrayContaining(['zoomPerc', 'frames.1.route']));

    const twice = await put('plan-3', { ...document, frames: [document.frames[0], document.frames[0]] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual([{ field: 'frames.1.id', message: 'the frame id "frame-1" is used twice' }]);

    expect((await put('plan-3', '{"version": 1,')).json()).toMatchObject({ code: 'INVALID_JSON' });
    expect((await put('plan-3', '')).statusCode).toBe(400);
    const huge = await put('plan-3', { ...document, name: 'x'.repeat(CANVAS_BODY_LIMIT) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining(String(CANVAS_BODY_LIMIT)) });
    expect(treeOf(base)).toEqual(before);
  });

  it('a stored file that is not a canvas is reported, naming the file and the problem, and is never overwritten', async () => {
    await mkdir(join(root, ...CANVAS_FOLDER.split('/')), { recursive: true });
    const broken = '{"version": 1, "id": "broken", ';
    await writeFile(canvasFile('broken'), broken);
    const read = await get('/_studio/api/canvases/broken');
    expect(read.statusCode).toBe(409);
    expect(read.json()).toMatchObject({
      code: 'CANVAS_UNREADABLE',
      message: expect.stringMatching(/^The stored canvas \.plantation-studio\/canvases\/broken\.json cannot be used: it is not valid JSON/),
    });
    const overwrite = await put('broken', edited('broken'));
    expect(overwrite.statusCode).toBe(409);
    expect(overwrite.json()).toMatchObject({ code: 'CANVAS_UNREADABLE' });
    expect(await readFile(canvasFile('broken'), 'utf8')).toBe(broken);

    const wrongShape = JSON.stringify({ ...edited('shape'), zoomPerc: 'far' });
    await writeFile(canvasFile('shape'), wrongShape);
    const shape = await get('/_studio/api/canvases/shape');
    expect(shape.statusCode).toBe(409);
    expect(shape.json().message).toMatch(/shape\.json cannot be used: it is not a canvas document \(zoomPerc: /);
    expect(await readFile(canvasFile('shape'), 'utf8')).toBe(wrongShape);

    await mkdir(canvasFile('folder'));
    expect((await get('/_studio/api/canvases/folder')).json()).toMatchObject({ code: 'CANVAS_UNREADABLE', message: expect.stringContaining('a folder') });
    expect((await put('folder', edited('folder'))).statusCode).toBe(409);
  });

  it('a canvas file reached through a symbolic link is refused, inside the root or out of it, and nothing is written', async () => {
    const folder = join(root, '.plantation-studio');
    await mkdir(folder, { recursive: true });
    await rename(folder, `${folder}-away`);
    try {
      // The whole folder leads outside the root.
      await symlink(join(base, 'outside'), folder);
      let before = treeOf(base);
      const out = await put('escape', edited('escape'));
      expect(out.statusCode).toBe(403);
      expect(out.json()).toMatchObject({ code: 'PATH_FORBIDDEN', message: expect.stringContaining('outside the project root') });
      expect((await get('/_studio/api/canvases/escape')).statusCode).toBe(403);
      expect(treeOf(base)).toEqual(before);
      await rm(folder);

      // A link to a missing target could be anywhere.
      await symlink(join(base, 'nowhere'), folder);
      before = treeOf(base);
      expect((await put('escape', edited('escape'))).statusCode).toBe(403);
      expect(treeOf(base)).toEqual(before);
      await rm(folder);

      // The file itself leads to a source file of the project.
      await mkdir(join(folder, 'canvases'), { recursive: true });
      await symlink(join(root, 'src', 'page.tsx'), canvasFile('linked'));
      before = treeOf(base);
      const inside = await put('linked', edited('linked'));
      expect(inside.statusCode).toBe(403);
      expect(inside.json().message).toContain('a symbolic link leads it elsewhere');
      expect(await readFile(join(root, 'src', 'page.tsx'), 'utf8')).toBe(PAGE);
      expect(treeOf(base)).toEqual(before);
    } finally {
      await rm(folder, { recursive: true, force: true });
      await rename(`${folder}-away`, folder);
    }
  });

  it('canvas ids other than letters, digits, hyphen and underscore are refused', async () => {
    for (const id of ['a.b', 'a%20b', '..', 'caf%C3%A9']) {
      for (const answer of [await get(`/_studio/api/canvases/${id}`), await get(`/_studio/api/canvases/${id}/history`), await put(id, edited('x'))]) {
        expect(answer.statusCode, id).toBe(id === '..' ? 404 : 400);
        if (id !== '..') expect(answer.json()).toMatchObject({ code: 'INVALID_CANVAS_ID' });
      }
    }
  });

  it('the history counts what can be undone and redone on each canvas', async () => {
    const h1 = indexJsxElements(parseJsxSource('src/page.tsx', PAGE), 'src/page.tsx').find((e) => e.tagName === 'h1')!.id;
    const history = async (id: string) => (await get(`/_studio/api/canvases/${id}/history`)).json();
    const empty = { undoCount: 0, redoCount: 0, done: [], undone: [] };
    expect(await history('edits')).toEqual(empty);
    const mutate = () =>
      send('POST', '/_studio/api/canvases/edits/parseAndMutate/mutate/addClass', {
        reactElement: { codebaseId: h1 },
        className: 'font-bold',
        changeName: 'Add class font-bold',
      });
    const written = await mutate();
    expect(written.statusCode).toBe(200);
    const item = { name: 'Add class font-bold', kind: 'addClass', files: ['src/page.tsx'], state: 'ready' };
    expect(written.json().item).toMatchObject(item);
    expect(await history('edits')).toMatchObject({ undoCount: 1, redoCount: 0, done: [item], undone: [] });
    expect(await history('other')).toEqual(empty);
    const undone = await send('POST', '/_studio/api/canvases/edits/parseAndMutate/activities/undoChangeToFiles', '');
    expect(undone.statusCode).toBe(200);
    // Who undid it is kept with the step (a person's redo of an agent's step it undid stays the person's to redo).
    expect(undone.json().item).toEqual({ ...written.json().item, state: 'ready', undoneBy: { by: 'studio' } });
    expect(await history('edits')).toMatchObject({ undoCount: 0, redoCount: 1, done: [], undone: [item] });
    expect(await readFile(join(root, 'src', 'page.tsx'), 'utf8')).toBe(PAGE);
  });

  it('a static build (`start`) answers the default canvas and an empty history, and cannot save', async () => {
    const dist = join(base, 'dist');
    await mkdir(dist, { recursive: true });
    await writeFile(join(dist, 'index.html'), '<div id="root"></div>');
    const server = await createServer({ api: MOCK, console: { kind: 'static', dir: dist }, studio: true });
    try {
      expect((await get('/_studio/api/canvases/plan-1', server)).json()).toEqual(defaultCanvasDocument('plan-1'));
      expect((await get('/_studio/api/canvases/plan-1/history', server)).json()).toEqual({ undoCount: 0, redoCount: 0, done: [], undone: [] });
      const save = await server.inject({
        method: 'PUT',
        url: '/_studio/api/canvases/plan-1',
        headers: { host: HOST, origin: ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify(edited('plan-1')),
      });
      expect(save.statusCode).toBe(404);
      expect(save.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    } finally {
      await server.close();
    }
  });
});
