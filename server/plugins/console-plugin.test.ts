import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type StudioServer } from '../create-server.js';
import { fixtureProject, type FixtureProject } from '../../test-support/fixture-project.js';
import { proxiedByProject } from './console-plugin.js';
import { startConsoleVite, type ConsoleViteStart } from '../console-vite.js';

/** The status an upgrade to Vite's HMR socket through `host` gets: 101 when it reaches Vite. */
function upgradeStatus(port: number, host: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const req = request({
      port,
      host: '127.0.0.1',
      headers: { host, connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'sec-websocket-protocol': 'vite-hmr' },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the console from a static build (`start`)', () => {
  let base: string;
  let app: StudioServer;

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'plantation-static-'));
    const dist = join(base, 'dist');
    await mkdir(join(dist, 'assets'), { recursive: true });
    await writeFile(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    // The copies `build` writes beside a file; their content tells which one was sent.
    await writeFile(join(dist, 'assets', 'index-abc123.js.br'), 'brotli copy');
    await writeFile(join(dist, 'assets', 'index-abc123.js.gz'), 'gzip copy');
    await writeFile(join(dist, 'index.html.br'), 'brotli html');
    await writeFile(join(dist, 'favicon.svg'), '<svg/>');
    await writeFile(join(base, 'secret.txt'), 'outside the build');
    app = await createServer({
      api: { mode: 'mock', mock: { seed: 1, latencyMs: 0, tokenTtlSeconds: 60 } },
      console: { kind: 'static', dir: dist },
      studio: true,
    });
  });
  afterAll(async () => {
    await app?.close();
    await rm(base, { recursive: true, force: true });
  });

  it('serves index.html at / and for every console route (SPA fallback), never cached', async () => {
    for (const url of ['/', '/drone', '/rubber-tree/3?page=2', '/region/1']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-type'], url).toContain('text/html');
      expect(answer.body, url).toContain('<div id="root">');
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      // Framed by the studio only, never by another site (clickjacking).
      expect(answer.headers['content-security-policy'], url).toBe("frame-ancestors 'self'");
      expect(answer.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('serves hashed assets as immutable and other files revalidated', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toContain('immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).not.toContain('immutable');
  });

  it('sends the precompressed copy the browser accepts, with the same cache headers and the type of the original', async () => {
    const cases = [
      { url: '/assets/index-abc123.js', accept: 'gzip, deflate, br', encoding: 'br', body: 'brotli copy', type: 'javascript', cache: 'public, max-age=31536000, immutable' },
      { url: '/assets/index-abc123.js', accept: 'gzip', encoding: 'gzip', body: 'gzip copy', type: 'javascript', cache: 'public, max-age=31536000, immutable' },
      { url: '/assets/index-abc123.js', accept: 'identity', encoding: undefined, body: 'console.log(1)', type: 'javascript', cache: 'public, max-age=31536000, immutable' },
      { url: '/drone', accept: 'br', encoding: 'br', body: 'brotli html', type: 'text/html', cache: 'no-cache' },
      // No gzip copy of the page: the plain file, not a 404.
      { url: '/', accept: 'gzip', encoding: undefined, body: '<!doctype html><div id="root"></div>', type: 'text/html', cache: 'no-cache' },
    ];
    for (const { url, accept, encoding, body, type, cache } of cases) {
      const answer = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
      const name = `${url} (${accept})`;
      expect(answer.statusCode, name).toBe(200);
      expect(answer.headers['content-encoding'], name).toBe(encoding);
      expect(answer.body, name).toBe(body);
      expect(answer.headers['content-type'], name).toContain(type);
      expect(answer.headers['cache-control'], name).toBe(cache);
      expect(answer.headers.vary, name).toContain('accept-encoding');
    }
  });

  it('never serves a file outside the build folder', async () => {
    for (const url of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/%00']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.body, url).not.toContain('outside the build');
    }
  });

  it('leaves API, mock and studio paths to the server: their unknown URLs are JSON 404s', async () => {
    for (const url of ['/vam/unknown', '/country/nothing', '/api/x', '/_mock/nothing', '/_studio/api/nothing']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    }
  });

  it('answers other methods on console paths with a JSON 404', async () => {
    const answer = await app.inject({ method: 'POST', url: '/drone', payload: {} });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });
});

describe('the console through Vite (`dev`)', () => {
  let app: StudioServer;

  beforeAll(async () => {
    const { BUNDLED_CONSOLE_ROOT } = await import('../package-info.js');
    app = await createServer({
      api: { mode: 'mock', mock: { seed: 1, latencyMs: 0, tokenTtlSeconds: 60 } },
      console: { kind: 'vite', root: BUNDLED_CONSOLE_ROOT },
      studio: true,
    });
  });
  afterAll(() => app?.close());

  it('serves the console page and its modules, transformed', async () => {
    const page = await app.inject({ method: 'GET', url: '/drone' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.body).toContain('/@vite/client');
    const main = await app.inject({ method: 'GET', url: '/src/main.tsx' });
    expect(main.statusCode).toBe(200);
    expect(main.headers['content-type']).toContain('javascript');
  });

  it('keeps Vite away from the API: API paths answer from the mock, unknown ones as JSON 404s', async () => {
    const list = await app.inject({ method: 'GET', url: '/vam/drone/list' });
    expect(list.statusCode).toBe(401);
    expect(list.body).toBe('Invalid JWT token');
    for (const url of ['/vam/unknown', '/_mock/nothing', '/_studio/api/nothing']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    }
  });

  it('lets the HMR socket, which Fastify does not see, be opened only through an allowed Host', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const upgrade = (host: string) => upgradeStatus(port, host);
    expect(await upgrade(`localhost:${port}`)).toBe(101);
    expect(await upgrade(`rebind.attacker.example:${port}`)).toBe(403);
  });
});

describe('a project with its own Vite config (`dev --root` on an app)', () => {
  let app: StudioServer;
  let project: FixtureProject;

  beforeAll(async () => {
    project = await fixtureProject('css-modules');
    // Its own HMR port would take the page's socket away from this server, past its Host check.
    await writeFile(
      join(project.root, 'vite.config.ts'),
      "import react from '@vitejs/plugin-react';\nexport default { plugins: [react()], server: { hmr: { port: 24999, clientPort: 24999 } } };\n",
    );
    app = await createServer({
      api: { mode: 'mock', mock: { seed: 1, latencyMs: 0, tokenTtlSeconds: 60 } },
      console: { kind: 'vite', root: project.root, viteConfig: 'project' },
      studio: true,
      plantationApi: false,
    });
  });
  afterAll(async () => {
    await app?.close();
    await project?.remove();
  });

  it('keeps the HMR socket on this server, behind its Host check', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const upgrade = (host: string) => upgradeStatus(port, host);
    expect(await upgrade(`localhost:${port}`)).toBe(101);
    expect(await upgrade(`rebind.attacker.example:${port}`)).toBe(403);
    // The page is told to connect to this server's port, not the project's.
    const client = await app.inject({ method: 'GET', url: '/@vite/client' });
    expect(client.body).not.toContain('24999');
  });

  it('leaves the plantation API paths to the project: no mock here', async () => {
    const answer = await app.inject({ method: 'GET', url: '/vam/drone/list' });
    expect(answer.body).not.toBe('Invalid JWT token');
  });
});

describe('a Vite started before the server (`dev` starts it before loading the server)', () => {
  let project: FixtureProject;
  let viteStart: ConsoleViteStart;
  const hosting = () => ({ kind: 'vite' as const, root: project.root, viteConfig: 'project' as const, codebaseIds: true, readOnly: false });
  const serve = (start: ConsoleViteStart, root = project.root) =>
    createServer({
      api: { mode: 'mock', mock: { seed: 1, latencyMs: 0, tokenTtlSeconds: 60 } },
      console: { kind: 'vite', root, viteConfig: 'project' },
      studio: true,
      plantationApi: false,
      viteStart: start,
    });

  beforeAll(async () => {
    project = await fixtureProject('css-modules');
  });
  afterAll(async () => {
    await viteStart?.close();
    await project?.remove();
  });

  it('is the Vite the server hosts: its middleware answers, its HMR socket is behind the Host check, and it closes with the server', async () => {
    viteStart = startConsoleVite(hosting(), []);
    const app = await serve(viteStart);
    try {
      const vite = await viteStart.starting;
      // A middleware put first in this very Vite's stack answers through the server.
      vite.middlewares.stack.unshift({ route: '/started-first', handle: (_request: unknown, response: { end(text: string): void }) => response.end('the Vite started first') } as never);
      expect((await app.inject({ method: 'GET', url: '/started-first' })).body).toBe('the Vite started first');
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as AddressInfo).port;
      expect(await upgradeStatus(port, `localhost:${port}`)).toBe(101);
      expect(await upgradeStatus(port, `rebind.attacker.example:${port}`)).toBe(403);
      expect((vite.watcher as unknown as { closed: boolean }).closed).toBe(false);
    } finally {
      await app.close();
    }
    expect(((await viteStart.starting).watcher as unknown as { closed: boolean }).closed).toBe(true);
  });

  it('refuses a Vite started for another project, and leaves it to its starter to close', async () => {
    const other = startConsoleVite({ ...hosting(), root: join(project.root, 'src') }, []);
    try {
      await expect(serve(other)).rejects.toThrow(/is not the one this server hosts/);
    } finally {
      await other.close();
    }
    expect(((await other.starting.catch(() => null))?.watcher as unknown as { closed: boolean } | undefined)?.closed ?? true).toBe(true);
  });
});

describe('which paths a Vite server.proxy takes', () => {
  it('matches a key as a prefix, or as a regular expression when it starts with ^', () => {
    const proxy = { '/api': 'http://a', '^/v[0-9]+/': 'http://b' };
    expect(proxiedByProject('/api/users', proxy)).toBe(true);
    expect(proxiedByProject('/v2/things', proxy)).toBe(true);
    expect(proxiedByProject('/vx/things', proxy)).toBe(false);
    expect(proxiedByProject('/apx', proxy)).toBe(false);
    expect(proxiedByProject('/api', undefined)).toBe(false);
  });
});
