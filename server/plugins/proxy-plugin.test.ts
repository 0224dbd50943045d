import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../contracts/api.js';
import { startStudio, type StudioProcess } from '../../e2e/studio-process.js';
import { DEMO_ACCOUNT } from '../../mocks/mock-state.js';
import { createServer, type StudioServer } from '../create-server.js';

const proxyTo = (upstream: string, timeoutMs = 2000) =>
  createServer({ api: { mode: 'proxy', upstream: new URL(upstream), timeoutMs }, console: { kind: 'none' }, studio: true });

function listenOn<S extends Server | NetServer>(server: S): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** A port that refuses connections: bound, then closed. */
async function deadPort(): Promise<number> {
  const server = createNetServer();
  const port = await listenOn(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * An upstream that answers `/vam/ok…` properly and misbehaves on every other path, each in its own way: no
 * answer at all, a malformed Content-Length, a reset before or in the middle of the answer, not HTTP at all.
 */
function misbehavingUpstream(sockets: Set<Socket>): NetServer {
  return createNetServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.once('data', (chunk) => {
      const path = (chunk.toString().split('\r\n')[0] ?? '').split(' ')[1] ?? '';
      if (path.startsWith('/vam/ok')) {
        const body = JSON.stringify({ ok: true, path });
        socket.end(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
      } else if (path.startsWith('/vam/silent')) {
        // accepts the request and never answers
      } else if (path.startsWith('/vam/bad-length')) {
        socket.end('HTTP/1.1 200 OK\r\nContent-Length: twelve\r\n\r\n{}');
      } else if (path.startsWith('/vam/reset-early')) {
        socket.resetAndDestroy();
      } else if (path.startsWith('/vam/reset-mid-answer')) {
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"partial":');
        setTimeout(() => socket.resetAndDestroy(), 20);
      } else {
        socket.end('NOT HTTP AT ALL\r\n\r\n');
      }
    });
  });
}

describe('proxy to a real upstream (the `mock` command on another port)', () => {
  let upstream: StudioProcess;
  let app: StudioServer;

  beforeAll(async () => {
    upstream = await startStudio(['mock']);
    app = await proxyTo(upstream.url);
  });
  afterAll(async () => {
    await app?.close();
    await upstream?.stop();
  });

  it('signs in and reads pages through the proxy, byte for byte what the upstream answers', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/account/login', payload: DEMO_ACCOUNT });
    expect(login.statusCode).toBe(200);
    const { data } = routes.login.response.parse(login.json());
    const headers = { authorization: `Bearer ${data.token}` };

    const viaProxy = await app.inject({ method: 'GET', url: '/vam/drone/list?page=1&size=4', headers });
    const direct = await fetch(`${upstream.url}/vam/drone/list?page=1&size=4`, { headers });
    expect(viaProxy.statusCode).toBe(200);
    expect(viaProxy.body).toBe(await direct.text());
    expect(routes.droneList.response.parse(viaProxy.json()).number).toBe(1);
  });

  it("passes the upstream's errors through unchanged (401 text, 404 JSON)", async () => {
    const unauthorised = await app.inject({ method: 'GET', url: '/country/all' });
    expect(unauthorised.statusCode).toBe(401);
    expect(unauthorised.body).toBe('Invalid JWT token');
    const missing = await app.inject({ method: 'GET', url: '/vam/nothing-here' });
    expect(missing.statusCode).toBe(404);
  });

  it('has no mock controls in proxy mode', async () => {
    const reset = await app.inject({ method: 'POST', url: '/_mock/reset' });
    expect(reset.statusCode).toBe(404);
    expect(reset.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });
});

describe('proxy keeps headers, cookies and the upstream base path', () => {
  let echo: Server;
  let port: number;
  let app: StudioServer;

  beforeAll(async () => {
    echo = createHttpServer((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        res.setHeader('set-cookie', 'session=abc; Path=/; HttpOnly');
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
      });
    });
    port = await listenOn(echo);
    app = await proxyTo(`http://127.0.0.1:${port}/backend`);
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => echo.close(resolve));
  });

  it('forwards method, path under the base, query, body, authorization and cookies', async () => {
    const answer = await app.inject({
      method: 'PUT',
      url: '/vam/drone/update/3?x=1',
      headers: { authorization: 'Bearer t0k', cookie: 'pref=1', 'content-type': 'application/json' },
      payload: { name: 'D' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['set-cookie']).toContain('session=abc');
    const seen = answer.json() as { method: string; url: string; headers: Record<string, string>; body: string };
    expect(seen.method).toBe('PUT');
    expect(seen.url).toBe('/backend/vam/drone/update/3?x=1');
    expect(seen.headers.authorization).toBe('Bearer t0k');
    expect(seen.headers.cookie).toBe('pref=1');
    expect(JSON.parse(seen.body)).toEqual({ name: 'D' });
  });
});

describe('a misbehaving upstream gives the console JSON errors and never takes the server down', () => {
  const sockets = new Set<Socket>();
  let raw: NetServer;
  let rawPort: number;
  let slow: Server;
  let slowPort: number;

  beforeAll(async () => {
    raw = misbehavingUpstream(sockets);
    rawPort = await listenOn(raw);
    slow = createHttpServer(() => {
      // never answers
    });
    slowPort = await listenOn(slow);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    slow.closeAllConnections();
    await new Promise((resolve) => raw.close(resolve));
    await new Promise((resolve) => slow.close(resolve));
  });

  it('refused connection → 502 naming the upstream, then keeps serving', async () => {
    const port = await deadPort();
    const app = await proxyTo(`http://127.0.0.1:${port}`);
    try {
      const answer = await app.inject({ method: 'GET', url: '/country/all' });
      expect(answer.statusCode).toBe(502);
      expect(answer.headers['content-type']).toContain('application/json');
      expect(answer.json()).toMatchObject({ code: 'UPSTREAM_UNREACHABLE', message: expect.stringContaining(`127.0.0.1:${port}`) });
      const health = await app.inject({ method: 'GET', url: '/_studio/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ api: { mode: 'proxy', upstream: `http://127.0.0.1:${port}` } });
    } finally {
      await app.close();
    }
  });

  it('an unknown host → 502 JSON', async () => {
    const app = await proxyTo('http://no-such-host.invalid');
    try {
      const answer = await app.inject({ method: 'GET', url: '/vam/robot/getList' });
      expect(answer.statusCode).toBe(502);
      expect(answer.json()).toMatchObject({ message: expect.stringContaining('no-such-host.invalid') });
    } finally {
      await app.close();
    }
  });

  it('no answer within the timeout → 504 JSON', async () => {
    const app = await proxyTo(`http://127.0.0.1:${slowPort}`, 300);
    try {
      const answer = await app.inject({ method: 'GET', url: '/vam/robot/getList' });
      expect(answer.statusCode).toBe(504);
      expect(answer.json()).toMatchObject({ code: 'UPSTREAM_TIMEOUT', message: expect.stringContaining('300 ms') });
    } finally {
      await app.close();
    }
  });

  it('a malformed answer → 502 JSON; a reset before the answer → 502 JSON; the server still serves', async () => {
    // Over real HTTP: the point is what a browser receives on the wire.
    const app = await proxyTo(`http://127.0.0.1:${rawPort}`);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      const malformed = await fetch(`${origin}/vam/garbage`);
      expect(malformed.status).toBe(502);
      expect(await malformed.json()).toMatchObject({ code: 'UPSTREAM_BAD_ANSWER', message: expect.stringContaining(`127.0.0.1:${rawPort}`) });
      const early = await fetch(`${origin}/vam/reset-early`);
      expect(early.status).toBe(502);
      expect(await early.json()).toMatchObject({ code: 'UPSTREAM_UNREACHABLE', message: expect.stringContaining(`127.0.0.1:${rawPort}`) });
      // Headers already went out: the browser sees a broken body, and the server goes on.
      await fetch(`${origin}/vam/reset-mid-answer`).then((r) => r.text()).catch(() => 'broken');
      const health = await fetch(`${origin}/_studio/api/health`);
      expect(health.status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('after every kind of fault, the next request through the same proxy is answered', () => {
  const sockets = new Set<Socket>();
  let upstream: NetServer;
  let upstreamPort: number;
  let app: StudioServer;
  let origin: string;

  const next = async (label: string) => {
    const answer = await fetch(`${origin}/vam/ok?after=${label}`);
    expect(answer.status, `the request after ${label}`).toBe(200);
    expect(await answer.json()).toEqual({ ok: true, path: `/vam/ok?after=${label}` });
  };

  beforeAll(async () => {
    upstream = misbehavingUpstream(sockets);
    upstreamPort = await listenOn(upstream);
    app = await proxyTo(`http://127.0.0.1:${upstreamPort}`, 300);
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it.each([
    ['a malformed status line', '/vam/garbage', 502, 'UPSTREAM_BAD_ANSWER'],
    ['a malformed Content-Length', '/vam/bad-length', 502, 'UPSTREAM_BAD_ANSWER'],
    ['a reset before the answer', '/vam/reset-early', 502, 'UPSTREAM_UNREACHABLE'],
    ['no answer within the timeout', '/vam/silent', 504, 'UPSTREAM_TIMEOUT'],
  ])('%s → a JSON error, then the next request is answered', async (label, path, status, code) => {
    const answer = await fetch(`${origin}${path}`);
    expect(answer.status).toBe(status);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(await answer.json()).toMatchObject({ code, message: expect.stringContaining(`127.0.0.1:${upstreamPort}`) });
    await next(label.replace(/\W+/g, '-'));
  });

  it('a reset in the middle of the answer → the body breaks off (the status had gone out), then the next request is answered', async () => {
    const outcome = await fetch(`${origin}/vam/reset-mid-answer`).then(
      (answer) => answer.text().then((body) => `complete: ${body}`, () => 'broken body'),
      () => 'broken answer',
    );
    expect(outcome).not.toMatch(/^complete: \{"partial":.{88}$/);
    await next('reset-mid-answer');
  });

  it('faults and good requests at the same time: every good one is answered', async () => {
    const BROKEN_BODY = -1;
    const faults = ['/vam/garbage', '/vam/reset-early', '/vam/silent', '/vam/bad-length', '/vam/reset-mid-answer'];
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 ? fetch(`${origin}/vam/ok?i=${i}`).then((r) => r.status) : fetch(`${origin}${faults[(i / 2) % faults.length]}`).then(
              (r) => r.text().then(() => r.status, () => BROKEN_BODY),
              () => BROKEN_BODY,
            ),
      ),
    );
    expect(results.filter((_, i) => i % 2)).toEqual(Array(20).fill(200));
    // A reset in the middle of an answer can only break its body: the status had gone out already.
    for (const status of results.filter((_, i) => i % 2 === 0)) expect([BROKEN_BODY, 502, 504]).toContain(status);
  });

  it('an upstream that goes down → 502, and that comes back → answered, with no restart', async () => {
    const port = upstreamPort;
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => upstream.close(resolve));
    const down = await fetch(`${origin}/vam/ok?while=down`);
    expect(down.status).toBe(502);
    expect(await down.json()).toMatchObject({ code: 'UPSTREAM_UNREACHABLE' });
    upstream = misbehavingUpstream(sockets);
    await new Promise<void>((resolve) => upstream.listen(port, '127.0.0.1', resolve));
    await next('upstream-back');
  });
});

describe('TLS verification stays on', () => {
  it('refuses an upstream whose certificate no authority signed: 502 naming the host', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plantation-tls-'));
    try {
      execFileSync('openssl', [
        'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
        '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
      ], { stdio: 'ignore' });
      const https = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end('{"content":[]}');
      });
      const port = await listenOn(https);
      const app = await proxyTo(`https://127.0.0.1:${port}`);
      try {
        const answer = await app.inject({ method: 'GET', url: '/country/all' });
        expect(answer.statusCode).toBe(502);
        expect(answer.json()).toMatchObject({ code: 'UPSTREAM_UNREACHABLE', message: expect.stringMatching(/127\.0\.0\.1.*(SELF_SIGNED|self-signed|certificate)/i) });
      } finally {
        await app.close();
        https.closeAllConnections();
        await new Promise((resolve) => https.close(resolve));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
