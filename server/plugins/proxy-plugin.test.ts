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
import { upstreamError } from './proxy-plugin.js';
import { closeServer, deadPort, listenOn, receive } from './proxy-test-support.js';

/** Short enough for the tests that wait for it, long enough that a busy machine never reaches it by accident. */
const FAULT_TIMEOUT_MS = 1000;

const proxyTo = (upstream: string, timeoutMs = 30_000) =>
  createServer({ api: { mode: 'proxy', upstream: new URL(upstream), timeoutMs }, console: { kind: 'none' }, studio: true });

async function listening(app: StudioServer): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const TRICKLE_BYTES = 100;

/** What the raw upstream below did on each socket, for the tests that check the proxy let go of it. */
interface SocketRecord {
  path: string;
  bodyBytesWritten: number;
  closed: Promise<void>;
}

/**
 * An upstream that answers `/vam/ok…` properly and misbehaves on every other path, each in its own way, before its
 * answer (no answer, a reset, a close, bytes that are not HTTP) or in its middle (a reset, a broken chunk, a body
 * shorter than announced, a body that trickles).
 */
function misbehavingUpstream(sockets: Set<Socket>, records: SocketRecord[] = []): NetServer {
  return createNetServer((socket) => {
    sockets.add(socket);
    const record: SocketRecord = {
      path: '',
      bodyBytesWritten: 0,
      closed: new Promise((resolve) => socket.on('close', () => resolve())),
    };
    records.push(record);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const later = (action: () => void) => setTimeout(() => !socket.destroyed && action(), 20);
    socket.once('data', (chunk) => {
      const path = (chunk.toString().split('\r\n')[0] ?? '').split(' ')[1] ?? '';
      record.path = path;
      const route = path.split('?')[0];
      if (route === '/vam/ok') {
        const body = JSON.stringify({ ok: true, path });
        socket.end(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
      } else if (route === '/vam/silent') {
        // accepts the request and never answers
      } else if (route === '/vam/headers-only') {
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n');
      } else if (route === '/vam/bad-length') {
        socket.end('HTTP/1.1 200 OK\r\nContent-Length: twelve\r\n\r\n{}');
      } else if (route === '/vam/bad-chunk') {
        socket.end('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{"a":1}\r\n0\r\n\r\n');
      } else if (route === '/vam/bad-status') {
        socket.end('HTTP/1.1 999 Odd\r\nContent-Length: 2\r\n\r\n{}');
      } else if (route === '/vam/reset-early') {
        socket.resetAndDestroy();
      } else if (route === '/vam/close-early') {
        socket.end();
      } else if (route === '/vam/reset-mid-answer') {
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"partial":');
        later(() => socket.resetAndDestroy());
      } else if (route === '/vam/bad-chunk-mid-answer') {
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"a":\r\n');
        later(() => socket.end('not-a-size\r\n1}\r\n0\r\n\r\n'));
      } else if (route === '/vam/short-body') {
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"short":');
        later(() => socket.end());
      } else if (route === '/vam/trickle') {
        socket.write(`HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: ${TRICKLE_BYTES}\r\n\r\nx`);
        record.bodyBytesWritten = 1;
        const timer = setInterval(() => {
          if (socket.destroyed) return clearInterval(timer);
          socket.write('x');
          record.bodyBytesWritten += 1;
          if (record.bodyBytesWritten === TRICKLE_BYTES) clearInterval(timer);
        }, 30);
        socket.on('close', () => clearInterval(timer));
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
    for (const [method, url] of [['POST', '/_mock/reset'], ['GET', '/_mock/state'], ['POST', '/_mock/faults']] as const) {
      const answer = await app.inject({ method, url });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    }
  });
});

describe('proxy keeps headers, cookies and the upstream base path, and drops CORS and hop-by-hop headers', () => {
  let echo: Server;
  let port: number;
  let app: StudioServer;

  beforeAll(async () => {
    echo = createHttpServer((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        res.setHeader('set-cookie', ['session=abc; Path=/; HttpOnly', 'theme=dark; Path=/']);
        res.setHeader('content-type', 'application/json');
        res.setHeader('x-request-id', 'r-1');
        // A permissive upstream: every one of these would let other origins read the answer through this server.
        res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
        res.setHeader('Access-Control-Allow-Credentials', 'true');
        res.setHeader('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS');
        res.setHeader('access-control-allow-headers', 'authorization, content-type');
        res.setHeader('access-control-expose-headers', 'x-request-id');
        res.setHeader('access-control-max-age', '86400');
        res.setHeader('connection', 'keep-alive, x-hop');
        res.setHeader('x-hop', 'for this connection only');
        res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
      });
    });
    port = await listenOn(echo);
    app = await proxyTo(`http://127.0.0.1:${port}/backend`);
  });
  afterAll(async () => {
    await app?.close();
    await closeServer(echo);
  });

  it('forwards method, path under the base, query, body, authorization and cookies', async () => {
    const answer = await app.inject({
      method: 'PUT',
      url: '/vam/drone/update/3?x=1',
      headers: { authorization: 'Bearer t0k', cookie: 'pref=1', 'content-type': 'application/json' },
      payload: { name: 'D' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['set-cookie']).toEqual(['session=abc; Path=/; HttpOnly', 'theme=dark; Path=/']);
    const seen = answer.json() as { method: string; url: string; headers: Record<string, string>; body: string };
    expect(seen.method).toBe('PUT');
    expect(seen.url).toBe('/backend/vam/drone/update/3?x=1');
    expect(seen.headers.authorization).toBe('Bearer t0k');
    expect(seen.headers.cookie).toBe('pref=1');
    expect(seen.headers.host).toBe(`127.0.0.1:${port}`);
    expect(JSON.parse(seen.body)).toEqual({ name: 'D' });
  });

  it('streams a body of any type unparsed, and drops the hop-by-hop headers the console sent', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/account/regis',
      headers: { 'content-type': 'text/plain; charset=utf-8', connection: 'keep-alive, x-private', 'x-private': 'secret' },
      payload: 'not { JSON',
    });
    expect(answer.statusCode).toBe(200);
    const seen = answer.json() as { url: string; headers: Record<string, string>; body: string };
    expect(seen.url).toBe('/backend/api/account/regis');
    expect(seen.body).toBe('not { JSON');
    expect(seen.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(seen.headers['x-private']).toBeUndefined();
  });

  it.each([
    ['GET', { origin: 'https://evil.example' }],
    ['POST', { origin: 'http://localhost:5173', 'content-type': 'application/json' }],
    ['OPTIONS', { origin: 'https://evil.example', 'access-control-request-method': 'DELETE' }],
    ['HEAD', { origin: 'https://evil.example' }],
    ['GET', {}],
  ] as const)('passes no Access-Control-* header of the upstream (%s, %j)', async (method, headers) => {
    const answer = await receive(`${await listeningApp()}/country/all`, { method, headers: { ...headers } });
    expect([answer.status, answer.outcome]).toEqual([200, 'complete']);
    expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    expect(answer.headers['x-request-id']).toBe('r-1');
    expect(answer.headers['x-hop']).toBeUndefined();
    expect(answer.headers['set-cookie']).toHaveLength(2);
  });

  let origin: string | undefined;
  async function listeningApp(): Promise<string> {
    origin ??= await listening(app);
    return origin;
  }
});

describe('every upstream fault is a JSON error naming the host, with a code that says what happened', () => {
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
    app = await proxyTo(`http://127.0.0.1:${upstreamPort}`, FAULT_TIMEOUT_MS);
    origin = await listening(app);
  });
  afterAll(async () => {
    await app?.close();
    for (const socket of sockets) socket.destroy();
    await closeServer(upstream);
  });

  it.each([
    ['a malformed status line', '/vam/garbage', 502, 'UPSTREAM_BAD_ANSWER'],
    ['a malformed Content-Length', '/vam/bad-length', 502, 'UPSTREAM_BAD_ANSWER'],
    ['a bad chunk size in the first bytes', '/vam/bad-chunk', 502, 'UPSTREAM_BAD_ANSWER'],
    ['a status that is not HTTP', '/vam/bad-status', 502, 'UPSTREAM_BAD_ANSWER'],
    ['a reset before the answer', '/vam/reset-early', 502, 'UPSTREAM_RESET'],
    ['a close before the answer', '/vam/close-early', 502, 'UPSTREAM_RESET'],
    ['no answer within the timeout', '/vam/silent', 504, 'UPSTREAM_TIMEOUT'],
    ['headers but no body byte within the timeout', '/vam/headers-only', 504, 'UPSTREAM_TIMEOUT'],
  ])('%s (%s) → %i %s, then the next request is answered', async (label, path, status, code) => {
    const answer = await receive(`${origin}${path}?from=console`);
    expect(answer.status).toBe(status);
    expect(answer.outcome).toBe('complete');
    expect(answer.headers['content-type']).toContain('application/json');
    expect(JSON.parse(answer.body)).toMatchObject({ code, message: expect.stringContaining(`127.0.0.1:${upstreamPort}`) });
    // None of the upstream's own headers leak into the error it became.
    expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(answer.body)));
    if (status === 504) expect(JSON.parse(answer.body).message).toContain(`${FAULT_TIMEOUT_MS} ms`);
    await next(label.replace(/\W+/g, '-'));
  });

  it('faults and good requests at the same time: every good one is answered, every fault has its status', async () => {
    const faults = ['/vam/garbage', '/vam/reset-early', '/vam/silent', '/vam/bad-chunk', '/vam/close-early', '/vam/reset-mid-answer'];
    const results = await Promise.all(
      Array.from({ length: 48 }, (_, i) =>
        receive(i % 2 ? `${origin}/vam/ok?i=${i}` : `${origin}${faults[(i / 2) % faults.length]}?i=${i}`).then(
          (answer) => (answer.outcome === 'aborted' ? 'aborted' : answer.status),
        ),
      ),
    );
    expect(results.filter((_, i) => i % 2)).toEqual(Array(24).fill(200));
    expect(results.filter((_, i) => i % 2 === 0)).toEqual(
      Array.from({ length: 24 }, (_, i) => ({ '/vam/silent': 504, '/vam/reset-mid-answer': 'aborted' })[faults[i % faults.length]!] ?? 502),
    );
  });

  it('an upstream that goes down → 502 refused, and that comes back → answered, with no restart', async () => {
    const port = upstreamPort;
    for (const socket of sockets) socket.destroy();
    await closeServer(upstream);
    const down = await fetch(`${origin}/vam/ok?while=down`);
    expect(down.status).toBe(502);
    expect(await down.json()).toMatchObject({ code: 'UPSTREAM_REFUSED', message: expect.stringContaining(`127.0.0.1:${port}`) });
    upstream = misbehavingUpstream(sockets);
    await new Promise<void>((resolve) => upstream.listen(port, '127.0.0.1', resolve));
    await next('upstream-back');
  });
});

describe('a fault after the answer began ends the console’s answer as aborted, never as a clean end or a hang', () => {
  const sockets = new Set<Socket>();
  const records: SocketRecord[] = [];
  let upstream: NetServer;
  let app: StudioServer;
  let origin: string;

  beforeAll(async () => {
    upstream = misbehavingUpstream(sockets, records);
    const port = await listenOn(upstream);
    app = await proxyTo(`http://127.0.0.1:${port}`, FAULT_TIMEOUT_MS);
    origin = await listening(app);
  });
  afterAll(async () => {
    await app?.close();
    for (const socket of sockets) socket.destroy();
    await closeServer(upstream);
  });

  it.each([
    ['a reset', '/vam/reset-mid-answer', '{"partial":'],
    ['a bad chunk size', '/vam/bad-chunk-mid-answer', '{"a":'],
    ['a close before the announced length', '/vam/short-body', '{"short":'],
  ])('%s in the middle of the body → status 200 went out, the body breaks off', async (_label, path, begun) => {
    const answer = await receive(`${origin}${path}`);
    expect(answer.status).toBe(200);
    expect(answer.outcome).toBe('aborted');
    expect(answer.body).toBe(begun);
    const after = await receive(`${origin}/vam/ok?after=${path.slice(5)}`);
    expect([after.status, after.outcome]).toEqual([200, 'complete']);
  });

  it('a body that trickles past --api-timeout → aborted at the deadline, and the upstream call is closed', async () => {
    const answer = await receive(`${origin}/vam/trickle`);
    expect(answer.status).toBe(200);
    expect(answer.outcome).toBe('aborted');
    // The whole body would take 100 × 30 ms; the deadline is 1000 ms after the request came in.
    expect(answer.body.length).toBeGreaterThan(0);
    expect(answer.body.length).toBeLessThan(TRICKLE_BYTES);
    const trickle = records.find((record) => record.path === '/vam/trickle')!;
    await trickle.closed;
    expect(trickle.bodyBytesWritten).toBeLessThan(TRICKLE_BYTES);
  });
});

describe('the host cannot be reached', () => {
  it('refused connection → 502 UPSTREAM_REFUSED naming the upstream, then keeps serving', async () => {
    const port = await deadPort();
    const app = await proxyTo(`http://127.0.0.1:${port}`);
    try {
      const answer = await app.inject({ method: 'GET', url: '/country/all' });
      expect(answer.statusCode).toBe(502);
      expect(answer.headers['content-type']).toContain('application/json');
      expect(answer.json()).toMatchObject({ code: 'UPSTREAM_REFUSED', message: expect.stringContaining(`127.0.0.1:${port}`) });
      const health = await app.inject({ method: 'GET', url: '/_studio/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ api: { mode: 'proxy', upstream: `http://127.0.0.1:${port}` } });
    } finally {
      await app.close();
    }
  });

  it('an unknown host → 502 UPSTREAM_UNKNOWN_HOST naming it', async () => {
    const app = await proxyTo('http://no-such-host.invalid');
    try {
      const answer = await app.inject({ method: 'GET', url: '/vam/robot/getList' });
      expect(answer.statusCode).toBe(502);
      expect(answer.json()).toMatchObject({ code: 'UPSTREAM_UNKNOWN_HOST', message: expect.stringContaining('no-such-host.invalid') });
    } finally {
      await app.close();
    }
  });

  it('a request body the upstream never reads still ends at the deadline → 504', async () => {
    const silent = createHttpServer(() => undefined);
    const port = await listenOn(silent);
    const app = await proxyTo(`http://127.0.0.1:${port}`, 300);
    try {
      const answer = await app.inject({ method: 'POST', url: '/vam/drone/create', payload: { name: 'x'.repeat(100_000) } });
      expect(answer.statusCode).toBe(504);
      expect(answer.json()).toMatchObject({ code: 'UPSTREAM_TIMEOUT', message: expect.stringContaining('300 ms') });
    } finally {
      await app.close();
      await closeServer(silent);
    }
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
      let served = 0;
      const https = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => {
        served += 1;
        res.setHeader('content-type', 'application/json');
        res.end('{"content":[]}');
      });
      const port = await listenOn(https);
      const app = await proxyTo(`https://127.0.0.1:${port}`);
      try {
        const answer = await app.inject({ method: 'GET', url: '/country/all', headers: { authorization: 'Bearer secret' } });
        expect(answer.statusCode).toBe(502);
        expect(answer.json()).toMatchObject({
          code: 'UPSTREAM_BAD_CERTIFICATE',
          message: expect.stringMatching(/127\.0\.0\.1.*(SELF_SIGNED|self-signed|certificate)/i),
        });
        expect(served, 'requests that reached the untrusted host').toBe(0);
      } finally {
        await app.close();
        await closeServer(https);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('upstreamError: faults the tests above cannot make on loopback still get the code that says what happened', () => {
  const coded = (code: string, message = `${code} happened`) => Object.assign(new Error(message), { code });
  it.each([
    ['a DNS server that cannot be asked', 'UPSTREAM_UNKNOWN_HOST', coded('EAI_AGAIN')],
    ['a happy-eyeballs connect refused on every address', 'UPSTREAM_REFUSED', new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], 'all failed')],
    ['a connect that never completes', 'UPSTREAM_TIMEOUT', coded('UND_ERR_CONNECT_TIMEOUT')],
    ['a body longer than announced', 'UPSTREAM_BAD_ANSWER', coded('UND_ERR_RES_CONTENT_LENGTH_MISMATCH')],
    ['a certificate for another name', 'UPSTREAM_BAD_CERTIFICATE', coded('ERR_TLS_CERT_ALTNAME_INVALID')],
    ['an expired certificate', 'UPSTREAM_BAD_CERTIFICATE', coded('CERT_HAS_EXPIRED')],
    ['no route to the host', 'UPSTREAM_UNREACHABLE', coded('EHOSTUNREACH')],
    ['something without a code', 'UPSTREAM_UNREACHABLE', new Error('strange')],
  ])('%s → %s', (_label, code, error) => {
    const failure = upstreamError('https://api.example.com', error, 5000);
    expect(failure.code).toBe(code);
    expect(failure.message).toContain('https://api.example.com');
  });
});
