import { PROJECT_MARKER } from '../project-kind.js';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../create-server.js';
import { AppError } from '../../contracts/errors.js';
import { STUDIO_TOKEN_META } from '../studio-token.js';
import { CANVAS_FOLDER, defaultCanvasDocument } from '../../contracts/studio-api.js';
import { canvasScriptOf, STUDIO_CANVAS_SCRIPT_ID } from '../../contracts/studio-page-canvas.js';
import { EDITOR_DIR, studioPlugin, withCanvasDocument, withTokenMeta, type StudioInfo } from './studio-plugin.js';
import { earlyFramesScriptOf } from '../../contracts/studio-page-frames.js';

/** What @fastify/static's tables give a script: `application/javascript` today, `text/javascript` in newer ones. */
const JAVASCRIPT_TYPE = /^(text|application)\/javascript; charset=utf-8$/;

const MOCK = { mode: 'mock', mock: { seed: 1, latencyMs: 0, tokenTtlSeconds: 60 } } as const;
const HOST = '127.0.0.1:4600';
const INFO: StudioInfo = { root: '/project', api: { mode: 'mock', seed: 1 }, editable: true };
const TOKEN_META = new RegExp(`<meta name="${STUDIO_TOKEN_META}" content="([A-Za-z0-9_-]{43})">`);

const BUILT_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Plantation Studio</title>
    <script type="module" crossorigin src="/_studio/assets/index-Ab12_c.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

describe('withTokenMeta', () => {
  it('puts the token first in the head, escaped, and leaves a page without a token as it is', () => {
    const page = withTokenMeta(BUILT_PAGE, 'a"b<c');
    expect(page).toContain(`<head>\n    <meta name="${STUDIO_TOKEN_META}" content="a&quot;b&lt;c">\n    <meta charset`);
    expect(page.indexOf(STUDIO_TOKEN_META)).toBeLessThan(page.indexOf('<script'));
    expect(withTokenMeta(BUILT_PAGE, undefined)).toBe(BUILT_PAGE);
    expect(withTokenMeta('<p>no head</p>', 't')).toBe(`<meta name="${STUDIO_TOKEN_META}" content="t">\n<p>no head</p>`);
  });
});

describe('the studio plugin with an editor build of its own', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'studio-plugin-'));
    await mkdir(join(dir, 'editor', 'assets'), { recursive: true });
    await writeFile(join(dir, 'editor', 'index.html'), BUILT_PAGE);
    await writeFile(join(dir, 'editor', 'assets', 'index-Ab12_c.js'), 'console.log("editor");');
    await writeFile(join(dir, 'editor', 'assets', 'index-Zz9.css'), 'body{color:red}');
    await writeFile(join(dir, 'secret.txt'), 'outside the assets');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function serverFor(editorDir: string, token?: string) {
    const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    app.setErrorHandler((error, _request, reply) =>
      error instanceof AppError ? reply.code(error.statusCode).send(error.toJSON()) : reply.code(500).send({ message: String(error) }),
    );
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ code: 'ROUTE_NOT_FOUND' }));
    await app.register(studioPlugin, { info: INFO, token, editorDir });
    return app;
  }

  it('serves the page at /_studio/ and /_studio/canvas/{id}, with the token and never cached', async () => {
    const app = await serverFor(join(dir, 'editor'), 'T'.repeat(43));
    for (const url of ['/_studio/', '/_studio', '/_studio/canvas/default', '/_studio/canvas/Plan_2-b']) {
      const answer = await app.inject(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body).toBe(withTokenMeta(BUILT_PAGE, 'T'.repeat(43)));
    }
    await app.close();
  });

  it('refuses a canvas id with other characters than letters, digits, hyphen and underscore', async () => {
    const app = await serverFor(join(dir, 'editor'), 'T'.repeat(43));
    for (const id of ['a.b', 'a%20b', 'a%2Fb', '..a', 'caf%C3%A9']) {
      const answer = await app.inject(`/_studio/canvas/${id}`);
      expect(answer.statusCode, id).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'INVALID_CANVAS_ID', message: expect.stringContaining('letters, digits, hyphens or underscores') });
      expect(answer.body).not.toContain('T'.repeat(43));
    }
    // Longer than any canvas id: Fastify refuses the parameter before the route runs.
    expect((await app.inject(`/_studio/canvas/${'x'.repeat(101)}`)).statusCode).toBe(414);
    expect((await app.inject(`/_studio/canvas/${'x'.repeat(100)}`)).statusCode).toBe(200);
    await app.close();
  });

  it('serves the hashed assets for good, with their type, and nothing else', async () => {
    const app = await serverFor(join(dir, 'editor'));
    const script = await app.inject('/_studio/assets/index-Ab12_c.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(JAVASCRIPT_TYPE);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toBe('console.log("editor");');
    const style = await app.inject('/_studio/assets/index-Zz9.css');
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
    for (const url of ['/_studio/assets/missing.js', '/_studio/assets/..%2f..%2fsecret.txt', '/_studio/assets/../secret.txt', '/_studio/assets/%2e%2e/index.html', '/_studio/assets/']) {
      const answer = await app.inject(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body).not.toContain('outside the assets');
    }
    await app.close();
  });

  it('says how to build the editor when it is not built', async () => {
    const app = await serverFor(join(dir, 'not-built'), 'T'.repeat(43));
    for (const url of ['/_studio/', '/_studio/canvas/default']) {
      const answer = await app.inject(url);
      expect(answer.statusCode).toBe(500);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.body).toContain('npm run build');
      expect(answer.body).toContain('dist/editor/index.html');
      expect(answer.body).not.toContain('T'.repeat(43));
    }
    await app.close();
  });
});

describe('withCanvasDocument', () => {
  it('starts the frames in the head before the first script or stylesheet, puts the document at the end of the body, and leaves the page as it is without one', () => {
    const document = { id: 'a', frames: [] };
    const page = withCanvasDocument(BUILT_PAGE, document);
    expect(page).toContain(`<title>Plantation Studio</title>\n    ${earlyFramesScriptOf([])}\n    <script type="module"`);
    expect(page).toContain(`<div id="root"></div>${canvasScriptOf(document)}\n</body>`);
    expect(page.indexOf(earlyFramesScriptOf([]))).toBe(page.lastIndexOf(earlyFramesScriptOf([])));
    expect(withCanvasDocument(BUILT_PAGE, undefined)).toBe(BUILT_PAGE);
    // A page whose head names no asset: both at the end.
    expect(withCanvasDocument('<p>no body</p>', document)).toBe(`<p>no body</p>\n${canvasScriptOf(document)}\n${earlyFramesScriptOf([])}\n`);
  });

  it('starts each frame at its own address, whatever its route holds', () => {
    const frame = (id: string, route: string) => ({ id, name: id, route, viewport: { preset: 'custom', width: 390, height: 844 }, x: 0, y: 0 });
    const script = earlyFramesScriptOf([frame('f1', '/robot?page=2#top'), frame('f2', '//evil.example/</script><script>alert(1)</script>')]);
    expect(script).toContain('"src":"/robot?page=2&storyboard=true&storyboardId=f1&framework=VITE#top"');
    // A route is always a path of this origin, and no text of it ends the script element.
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).not.toContain('evil.example');
  });
});

describe('the studio page of a real server', () => {
  let base: string;
  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'studio-page-'));
    await mkdir(join(base, 'console', 'src', 'routes'), { recursive: true });
    await writeFile(join(base, 'console', 'index.html'), '<!doctype html><div id="root"></div>');
    // A console as `init` marks one: the studio page names no other project.
    await writeFile(join(base, 'console', PROJECT_MARKER), '{}\n');
    await writeFile(
      join(base, 'console', 'src', 'routes', '__root.tsx'),
      `import { createRootRoute, Outlet } from '@tanstack/react-router';\nexport const Route = createRootRoute({ component: () => <Outlet /> });\n`,
    );
    await mkdir(join(base, 'dist'), { recursive: true });
    await writeFile(join(base, 'dist', 'index.html'), '<div id="root"></div>');
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  });

  it('is the built editor, with the token in `dev` only, and its assets load', async () => {
    const built = await readFile(join(EDITOR_DIR, 'index.html'), 'utf8');
    const asset = /src="\/_studio\/(assets\/[^"]+\.js)"/.exec(built)?.[1];
    expect(asset, 'the built editor page loads its script from /_studio/assets/').toBeTruthy();

    const dev = await createServer({ api: MOCK, console: { kind: 'vite', root: join(base, 'console') }, studio: true });
    const start = await createServer({ api: MOCK, console: { kind: 'static', dir: join(base, 'dist') }, studio: true });
    try {
      const devPage = await dev.inject({ url: '/_studio/canvas/default', headers: { host: HOST } });
      expect(devPage.statusCode).toBe(200);
      const token = TOKEN_META.exec(devPage.body)?.[1];
      expect(token).toBeTruthy();
      expect(devPage.body).toBe(withCanvasDocument(withTokenMeta(built, token), defaultCanvasDocument('default')));

      const startPage = await start.inject({ url: '/_studio/', headers: { host: HOST } });
      expect(startPage.statusCode).toBe(200);
      expect(startPage.body).toBe(withCanvasDocument(built, defaultCanvasDocument('default')));
      expect(startPage.body).not.toContain(STUDIO_TOKEN_META);

      for (const server of [dev, start]) {
        const script = await server.inject({ url: `/_studio/${asset}`, headers: { host: HOST } });
        expect(script.statusCode).toBe(200);
        expect(script.headers['content-type']).toMatch(JAVASCRIPT_TYPE);
        // The console's SPA fallback never answers for a studio path.
        const missing = await server.inject({ url: '/_studio/assets/missing.js', headers: { host: HOST } });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
      }
      // The page carries the canvas it opens as saved; one that cannot be read leaves it out, for the editor's
      // call to say why.
      const saved = { ...defaultCanvasDocument('plan'), name: 'Kế hoạch </script>', zoomPerc: 80 };
      await mkdir(join(base, 'console', CANVAS_FOLDER), { recursive: true });
      await writeFile(join(base, 'console', CANVAS_FOLDER, 'plan.json'), JSON.stringify(saved));
      await writeFile(join(base, 'console', CANVAS_FOLDER, 'broken.json'), '{');
      const planPage = await dev.inject({ url: '/_studio/canvas/plan', headers: { host: HOST } });
      expect(planPage.body).toBe(withCanvasDocument(withTokenMeta(built, TOKEN_META.exec(planPage.body)?.[1]), saved));
      const brokenPage = await dev.inject({ url: '/_studio/canvas/broken', headers: { host: HOST } });
      expect(brokenPage.statusCode).toBe(200);
      expect(brokenPage.body).not.toContain(STUDIO_CANVAS_SCRIPT_ID);
      expect((await dev.inject({ url: '/_studio/api/canvases/broken', headers: { host: HOST } })).json()).toMatchObject({ code: 'CANVAS_UNREADABLE' });

      const health = await start.inject({ url: '/_studio/api/health', headers: { host: HOST } });
      expect(health.json()).toMatchObject({ status: 'ok', editable: false });
      expect((await dev.inject({ url: '/_studio/api/health', headers: { host: HOST } })).json()).toMatchObject({ editable: true });
    } finally {
      await dev.close();
      await start.close();
    }
  });
});
