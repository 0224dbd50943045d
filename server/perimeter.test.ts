/**
 * The perimeter of `dev` as a page of another origin (or a forged request) meets it: the whole server (console through
 * Vite, studio, mock with a `--data` file) listening on loopback, attacked over real HTTP and raw sockets. Each attack
 * asserts its answer and that no byte under the project or around it changed; the same request made as the studio's
 * own page would make it goes through, so every refusal here is one the server makes, not one the test makes up.
 */
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../mocks/mock-test-support.js';
import { fileSnapshot } from '../test-support/file-snapshot.js';
import { rawRequest } from '../test-support/raw-request.js';
import { createServer, type StudioServer } from './create-server.js';
import { STUDIO_TOKEN_HEADER, STUDIO_TOKEN_META } from './studio-token.js';

const SECRET = 'the secret outside the project';
const ENV_SECRET = 'API_KEY=from-the-env-file';

const FILES: Record<string, string> = {
  'console/index.html': '<!doctype html><div id="root"></div><script type="module" src="/src/main.tsx"></script>',
  'console/.env': `${ENV_SECRET}\n`,
  'console/src/main.tsx': `import { Page } from './page';\nexport const main = <Page />;\n`,
  'console/src/page.tsx': 'export function Page() {\n  return <main className="p-4">Vườn cao su</main>;\n}\n',
  'console/src/inner/kept.txt': 'a file reached through a link that stays inside\n',
  'console/src/routes/__root.tsx': `import { createRootRoute, Outlet } from '@tanstack/react-router';\nexport const Route = createRootRoute({ component: () => <Outlet /> });\n`,
  'console/public/logo.txt': 'public\n',
  'outside/secret.txt': `${SECRET}\n`,
  'outside/secret.ts': `export const secret = ${JSON.stringify(SECRET)};\n`,
};


interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

/** Sends bytes as they are (no client fixes the Host or the request line) and reads the answer until the server closes. */
function raw(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      // A socket upgrade is answered and kept open: its status line is all there is to read.
      if (/^HTTP\/1\.1 101 /.test(text) && text.includes('\r\n\r\n')) socket.destroy();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const split = text.indexOf('\r\n\r\n');
      const head = split === -1 ? text : text.slice(0, split);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), head, body: split === -1 ? '' : text.slice(split + 4) });
    });
    socket.write(request);
  });
}

/** An HTTP/1.1 request with the given request line and header lines, closing the connection after the answer. */
function requestText(line: string, headers: readonly string[], body = ''): string {
  const lines = [line, ...headers, 'Connection: close'];
  if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

const send = rawRequest;

const until = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
};

describe('the perimeter of dev', () => {
  let base: string;
  let root: string;
  let editorLog: string;
  let app: StudioServer;
  let port: number;
  let host: string;
  let origin: string;
  let token: string;
  let before: Record<string, string>;
  const previousEditor = process.env.LAUNCH_EDITOR;

  const get = (path: string, headers: Record<string, string> = {}) => send(`${origin}${path}`, { headers });

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'plantation-perimeter-'));
    root = join(base, 'console');
    for (const [path, text] of Object.entries(FILES)) {
      await mkdir(join(base, path, '..'), { recursive: true });
      await writeFile(join(base, path), text);
    }
    // Links: a folder and files leading outside the project, one to its .env, one that stays inside.
    await symlink(join(base, 'outside'), join(root, 'src', 'shared'));
    await symlink(join(base, 'outside', 'secret.txt'), join(root, 'src', 'notes.txt'));
    await symlink(join(base, 'outside'), join(root, 'public', 'assets'));
    await symlink(join(root, '.env'), join(root, 'src', 'settings.txt'));
    await symlink(join(root, 'src', 'inner'), join(root, 'src', 'alias'));
    // The user's editor, as Vite's launcher would start it: it notes every file it is asked to open.
    editorLog = join(await mkdtemp(join(tmpdir(), 'plantation-editor-')), 'opened.log');
    const editor = join(editorLog, '..', 'editor.sh');
    await writeFile(editor, `#!/bin/sh\necho "$1" >> '${editorLog}'\n`);
    await chmod(editor, 0o755);
    process.env.LAUNCH_EDITOR = editor;

    app = await createServer({
      api: { mode: 'mock', mock: { seed: 1, latencyMs: 0, tokenTtlSeconds: 3600, dataFile: join(base, 'data.json') } },
      console: { kind: 'vite', root },
      studio: true,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    host = `127.0.0.1:${port}`;
    origin = `http://${host}`;
    token = new RegExp(`<meta name="${STUDIO_TOKEN_META}" content="([^"]+)">`).exec((await get('/_studio/')).body)![1]!;
    // A change the data file keeps: a reset would take it back.
    const auth = bearer(await login(app));
    expect((await app.inject({ method: 'DELETE', url: '/vam/drone/delete/1', headers: auth })).statusCode).toBe(200);
    // Vite's first answers settle its dependency cache and the router's generated tree before the snapshot.
    expect((await get('/src/main.tsx')).status).toBe(200);
    before = await fileSnapshot(base);
  });
  afterAll(async () => {
    if (previousEditor === undefined) delete process.env.LAUNCH_EDITOR;
    else process.env.LAUNCH_EDITOR = previousEditor;
    await app?.close();
    await rm(base, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    await rm(join(editorLog, '..'), { recursive: true, force: true });
  });

  const unchanged = async () => expect(await fileSnapshot(base)).toEqual(before);

  describe('clickjacking', () => {
    it('no studio page may be framed: CSP frame-ancestors and X-Frame-Options on every studio answer', async () => {
      for (const path of ['/_studio/', '/_studio/canvas/other', '/_studio/api/health']) {
        const answer = await get(path);
        expect(answer.status, path).toBe(200);
        expect(answer.headers['content-security-policy'], path).toBe("frame-ancestors 'none'");
        expect(answer.headers['x-frame-options'], path).toBe('DENY');
      }
    });

    it('the console may be framed by this origin only: the studio frames it, no other site may', async () => {
      for (const path of ['/', '/login', '/src/main.tsx']) {
        const page = await get(path, { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' });
        expect(page.status, path).toBe(200);
        expect(page.headers['x-frame-options'], path).toBe('SAMEORIGIN');
        expect(page.headers['content-security-policy'], path).toBe("frame-ancestors 'self'");
      }
    });
  });

  describe("the console's source and Vite's routes", () => {
    it('sends no CORS headers to another origin, for modules, the HMR client and preflights', async () => {
      for (const from of ['http://localhost:5173', `http://127.0.0.1:${port + 1}`, 'https://evil.example', 'null']) {
        for (const path of ['/src/main.tsx', '/@vite/client', '/src/page.tsx?import', '/index.html']) {
          const answer = await get(path, { origin: from });
          expect(answer.status, `${from} ${path}`).toBe(200);
          expect(answer.headers['access-control-allow-origin'], `${from} ${path}`).toBeUndefined();
          expect(answer.headers['access-control-allow-credentials'], `${from} ${path}`).toBeUndefined();
        }
        const preflight = await send(`${origin}/src/main.tsx`, {
          method: 'OPTIONS',
          headers: { origin: from, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-anything' },
        });
        expect(preflight.headers['access-control-allow-origin'], from).toBeUndefined();
      }
    });

    it('refuses loads a page of another site or port makes as a script, image or fetch (fetch metadata)', async () => {
      for (const site of ['cross-site', 'same-site']) {
        for (const [mode, dest] of [['no-cors', 'script'], ['cors', 'empty'], ['no-cors', 'image'], ['cors', 'script']]) {
          for (const path of ['/src/main.tsx', '/@vite/client', '/', '/public-missing.png']) {
            const answer = await get(path, { 'sec-fetch-site': site, 'sec-fetch-mode': mode!, 'sec-fetch-dest': dest! });
            expect(answer.status, `${site} ${mode} ${dest} ${path}`).toBe(403);
            expect(JSON.parse(answer.body), path).toMatchObject({ code: 'CROSS_SITE_REFUSED' });
            expect(answer.body).not.toContain('Vườn');
          }
        }
      }
      // The page's own loads, and a link or frame to the console from elsewhere, are served.
      expect((await get('/src/main.tsx', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'script' })).status).toBe(200);
      expect((await get('/', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' })).status).toBe(200);
      await unchanged();
    });

    it('serves no file through a link that leads outside the project, in any spelling of its URL', async () => {
      const paths = [
        '/src/shared/secret.txt',
        '/src/shared/secret.txt?raw',
        '/src/shared/secret.txt?import',
        '/src/shared/secret.txt?url',
        '/src/shared/secret.ts',
        '/src/shared/secret.ts?import',
        '/src/%73hared/secret.txt',
        '/src/shared%2Fsecret.txt',
        '/src/notes.txt',
        '/src/notes.txt?raw',
        '/src/settings.txt',
        '/src/settings.txt?raw',
        '/assets/secret.txt',
        `/@fs${root}/src/shared/secret.txt`,
        `/@fs${root}/src/notes.txt?raw`,
        `/@fs${root}/src/settings.txt`,
        `/@fs${base}/outside/secret.txt`,
        `/@fs${root}/.env`,
      ];
      for (const path of paths) {
        const answer = await get(path);
        const body = answer.body;
        expect(answer.status, path).toBeGreaterThanOrEqual(400);
        expect(body, path).not.toContain(SECRET);
        expect(body, path).not.toContain(ENV_SECRET);
      }
      expect((await get('/src/shared/secret.txt')).status).toBe(403);
      // What stays inside keeps working: the project's modules, a link within it, the public folder.
      expect((await get('/src/alias/kept.txt')).status).toBe(200);
      expect((await get('/src/alias/kept.txt?raw')).body).toContain('stays inside');
      expect((await get('/src/page.tsx')).status).toBe(200);
      expect((await get('/logo.txt')).body).toBe('public\n');
      await unchanged();
    });

    it('launches the editor only for a page of this server, never for an <img> or a fetch of another site', async () => {
      const file = join(root, 'src', 'page.tsx');
      const launch = (path: string, headers: Record<string, string>) => get(`${path}?file=${encodeURIComponent(file)}`, headers);
      const attacks: [string, Record<string, string>][] = [
        // <img src> from another site or port, as Chromium sends it.
        ['/__open-in-editor', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image', referer: 'https://evil.example/' }],
        ['/__open-in-editor', { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' }],
        // A top-level navigation to it (a link, window.open) from another site.
        ['/__open-in-editor', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }],
        // A browser that sends no fetch metadata: the Origin or the Referer names another page, or nothing does.
        ['/__open-in-editor', { origin: 'http://localhost:5173' }],
        ['/__open-in-editor', { referer: 'http://localhost:5173/attack.html' }],
        ['/__open-in-editor', { referer: `http://127.0.0.1:${port}.evil.example/` }],
        ['/__open-in-editor', { origin: 'null' }],
        ['/__open-in-editor', {}],
        // Other spellings Vite's router takes for the same route.
        ['/__OPEN-IN-EDITOR', { referer: 'https://evil.example/' }],
        ['/__open-in-editor/', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }],
        ['/__open-in-editor.x', {}],
      ];
      for (const [path, headers] of attacks) {
        const answer = await launch(path, headers);
        expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      await expect(readFile(editorLog, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });

      // Vite's error overlay in the console page: a same-origin fetch, with fetch metadata or only a Referer.
      expect((await launch('/__open-in-editor', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' })).status).toBe(200);
      expect(await until(async () => (await readFile(editorLog, 'utf8').catch(() => '')).includes(file))).toBe(true);
      await rm(editorLog);
      expect((await launch('/__open-in-editor', { referer: `${origin}/drone` })).status).toBe(200);
      expect(await until(async () => (await readFile(editorLog, 'utf8').catch(() => '')).includes(file))).toBe(true);
      await unchanged();
    });
  });

  describe("Vite's live-reload socket", () => {
    const upgrade = (path: string, headers: readonly string[]) =>
      raw(
        port,
        `${[
          `GET ${path} HTTP/1.1`,
          'Connection: Upgrade',
          'Upgrade: websocket',
          'Sec-WebSocket-Version: 13',
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
          'Sec-WebSocket-Protocol: vite-hmr',
          ...headers,
        ].join('\r\n')}\r\n\r\n`,
      );
    let wsToken: string;
    beforeAll(async () => {
      const client = (await get('/@vite/client', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'script' })).body;
      wsToken = /const wsToken = "([^"]+)"/.exec(client)![1]!;
    });

    it("opens for the console's own page and for tools", async () => {
      expect((await upgrade(`/?token=${wsToken}`, [`Host: ${host}`, `Origin: ${origin}`])).status).toBe(101);
      expect((await upgrade('/', [`Host: ${host}`])).status).toBe(101);
    });

    it('refuses a page of another origin or port, even one that has the token', async () => {
      for (const from of ['http://localhost:5173', `http://127.0.0.1:${port + 1}`, 'https://evil.example', 'null', `http://localhost:${port}`]) {
        for (const path of [`/?token=${wsToken}`, '/']) {
          const answer = await upgrade(path, [`Host: ${host}`, `Origin: ${from}`]);
          expect(answer.status, `${from} ${path}`).toBe(403);
          expect(JSON.parse(answer.body), from).toMatchObject({ code: 'CROSS_SITE_REFUSED' });
        }
      }
    });

    it('refuses a foreign, malformed or doubled Host, like every request', async () => {
      for (const headers of [
        ['Host: rebind.evil.example'],
        [`Host: ${host}@evil.example`, 'Origin: http://evil.example'],
        [`Host: ${host}`, 'Host: rebind.evil.example'],
      ]) {
        const answer = await upgrade(`/?token=${wsToken}`, headers);
        expect([400, 403], headers.join(' ')).toContain(answer.status);
      }
    });
  });

  describe('Host and Origin, read by one strict parser', () => {
    const undo = '/_studio/api/canvases/main/parseAndMutate/activities/undoChangeToFiles';
    /** A studio call with the token the attacker is assumed to hold: only Host and Origin decide. */
    const studioCall = (hostLine: readonly string[], originValue: string, line = `POST ${undo} HTTP/1.1`) =>
      raw(port, requestText(line, [...hostLine, `Origin: ${originValue}`, `${STUDIO_TOKEN_HEADER}: ${token}`, 'Content-Type: application/json'], '{}'));

    it("lets the studio's own call through (nothing to undo), so the refusals below are the guard's", async () => {
      const answer = await studioCall([`Host: ${host}`], origin);
      expect(answer.status, answer.body).toBe(409);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'NOTHING_TO_UNDO' });
      // The same, with the Host spelled another way that names the same server.
      expect((await studioCall([`Host: ${host.toUpperCase()}`], origin)).status).toBe(409);
    });

    it.each([
      ['userinfo in the Host', () => [`Host: ${host}@evil.example`], 'http://evil.example'],
      ['userinfo with a port', () => [`Host: ${host}@evil.example:${port}`], `http://evil.example:${port}`],
      ['a backslash in the Host', () => [`Host: ${host}\\evil.example`], 'http://evil.example'],
      ['a path in the Host', () => [`Host: ${host}/evil.example`], 'http://evil.example'],
      ['a percent escape in the Host', () => [`Host: 127.0.0.1%3A${port}%40evil.example`], 'http://evil.example'],
      ['a second port', () => [`Host: ${host}:80`], `http://127.0.0.1:${port}:80`],
      ['an empty Host', () => ['Host: '], 'http://evil.example'],
      ['two Host headers', () => ['Host: evil.example', `Host: ${host}`], 'http://evil.example'],
      ['two Host headers, ours first', () => [`Host: ${host}`, 'Host: evil.example'], origin],
    ] as const)('refuses %s (400/403), and writes nothing', async (_name, hostLine, originValue) => {
      const answer = await studioCall(hostLine(), originValue);
      expect([400, 403], answer.body).toContain(answer.status);
      expect(answer.body).not.toContain('NOTHING_TO_UNDO');
      await unchanged();
    });

    it('refuses an absolute-form request line, whatever its Host says', async () => {
      for (const target of [`http://evil.example${undo}`, `http://${host}${undo}`, `http://${host}@evil.example${undo}`]) {
        const answer = await studioCall([`Host: ${host}`], origin, `POST ${target} HTTP/1.1`);
        expect(answer.status, target).toBe(400);
        expect(JSON.parse(answer.body)).toMatchObject({ code: 'MALFORMED_HOST' });
      }
      await unchanged();
    });

    it.each([
      ['null', 'null'],
      ['a look-alike host', `http://127.0.0.1:${port}.evil.example`],
      ['another port', `http://127.0.0.1:${port + 1}`],
      ['localhost for 127.0.0.1', `http://localhost:${port}`],
      ['https', `https://127.0.0.1:${port}`],
      ['a path', `http://127.0.0.1:${port}/`],
      ['userinfo', `http://evil@127.0.0.1:${port}`],
      ['two origins', `http://127.0.0.1:${port}, http://127.0.0.1:${port}`],
      ['an upper-case scheme', `HTTP://127.0.0.1:${port}`],
      ['the IPv6 loopback', `http://[::1]:${port}`],
    ])('refuses a studio call whose Origin is %s', async (_name, originValue) => {
      const answer = await studioCall([`Host: ${host}`], originValue);
      expect(answer.status, answer.body).toBe(403);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'STUDIO_WRITE_REFUSED' });
      await unchanged();
    });

    it('reads every form of a loopback address and a trailing dot as the names they are', async () => {
      for (const [hostValue, originValue] of [
        [`localhost:${port}`, `http://localhost:${port}`],
        [`localhost.:${port}`, `http://localhost.:${port}`],
        [`[::1]:${port}`, `http://[::1]:${port}`],
        [`[0:0:0:0:0:0:0:1]:${port}`, `http://[::1]:${port}`],
        [`2130706433:${port}`, `http://127.0.0.1:${port}`],
      ] as const) {
        expect((await studioCall([`Host: ${hostValue}`], originValue)).status, hostValue).toBe(409);
      }
    });
  });

  describe('the agent calls', () => {
    const change = JSON.stringify({ kind: 'addClass', body: { reactElement: { codebaseId: 'src/page.tsx:0' }, className: 'italic' } });

    it('refuse every request a browser sends, even the studio page with the secret, and answer no preflight', async () => {
      const secret = app.agentAccess!.secret;
      expect((await get('/_studio/')).body).not.toContain(secret);
      const attacks: Record<string, string>[] = [
        { origin: 'https://evil.example', 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
        { origin, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', [STUDIO_TOKEN_HEADER]: token },
        { origin, 'content-type': 'application/json', authorization: `Bearer ${secret}`, [STUDIO_TOKEN_HEADER]: token },
        { 'content-type': 'application/json', authorization: `Bearer ${secret}`, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' },
        { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      ];
      for (const headers of attacks) {
        const answer = await send(`${origin}/_studio/agent/changes/apply`, { method: 'POST', headers, body: change });
        expect(answer.status, JSON.stringify(headers)).toBe(401);
        expect(JSON.parse(answer.body)).toMatchObject({ code: 'AGENT_REFUSED' });
        expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      }
      const preflight = await send(`${origin}/_studio/agent/changes/apply`, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
      // The agent's own call goes through, so the refusals above are the guard's.
      const own = await send(`${origin}/_studio/agent/changes`, { headers: { authorization: `Bearer ${secret}` } });
      expect(own.status).toBe(200);
      await unchanged();
    });
  });

  describe('the mock controls and the --data file', () => {
    const dataFile = () => readFile(join(base, 'data.json'));

    it('refuses a cross-site form post, a no-cors fetch and a foreign Origin, and the file keeps its bytes', async () => {
      const bytes = await dataFile();
      const attacks: Record<string, string>[] = [
        // <form method=post action=…/_mock/reset> on another site: a form body, the page's Origin.
        { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
        // fetch(…, {method: 'POST', mode: 'no-cors', body: '{}'}) from another localhost port.
        { origin: 'http://localhost:5173', 'content-type': 'text/plain;charset=UTF-8', 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors' },
        { origin: 'null', 'content-type': 'multipart/form-data; boundary=x' },
        // A JSON body from a foreign page (it could only be sent after a preflight no one answers).
        { origin: `http://127.0.0.1:${port + 1}`, 'content-type': 'application/json' },
        // No Origin, but the browser says the page is another site's.
        { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
        // No page named at all, but a body only a form sends.
        { 'content-type': 'text/plain' },
        { 'content-type': 'application/x-www-form-urlencoded' },
      ];
      for (const path of ['/_mock/reset', '/_mock/faults']) {
        for (const headers of attacks) {
          const answer = await send(`${origin}${path}`, { method: 'POST', headers, body: '{"path":"/vam/drone/list","status":500}' });
          expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
          expect(JSON.parse(answer.body)).toMatchObject({ code: 'CROSS_SITE_REFUSED' });
        }
      }
      const clear = await send(`${origin}/_mock/faults`, { method: 'DELETE', headers: { origin: 'https://evil.example' } });
      expect(clear.status).toBe(403);
      expect(JSON.parse((await get('/_mock/faults')).body)).toEqual({ faults: [] });
      expect((await dataFile()).equals(bytes)).toBe(true);
      await unchanged();
    });

    it('still lets tools reset (no Origin), and the studio origin, so the refusals above are the guard', async () => {
      const bytes = await dataFile();
      const answer = await send(`${origin}/_mock/reset`, { method: 'POST' });
      expect(answer.status).toBe(200);
      expect((await dataFile()).equals(bytes)).toBe(false);
      const own = await send(`${origin}/_mock/faults`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ path: '/vam/drone/list', status: 503 }),
      });
      expect(own.status).toBe(201);
      expect((await send(`${origin}/_mock/faults`, { method: 'DELETE' })).status).toBe(200);
      // The bytes the reset wrote are the new "before" of this file's later tests.
      before = await fileSnapshot(base);
    });
  });
});
