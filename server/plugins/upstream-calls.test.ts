/**
 * What the proxy owes to being @fastify/http-proxy (reply-from underneath) with a dispatcher of its own: the
 * library's habits that would break a guarantee are turned off, and the dispatcher makes no call it cannot bound.
 */
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyPlugin } from './proxy-plugin.js';
import { closeServer, listenOn, receive } from './proxy-test-support.js';
import { UpstreamCalls } from './upstream-calls.js';

/** An upstream that records what it receives; `/vam/busy` answers 503, `/vam/stalls` headers alone, `/vam/moved` a redirect. */
function recordingUpstream(seen: Array<{ url: string; headers: IncomingHttpHeaders }>): Server {
  return createHttpServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    if (req.url?.startsWith('/base/vam/busy')) {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' });
      return res.end('{"message":"busy"}');
    }
    if (req.url?.startsWith('/base/vam/stalls')) {
      // Headers, then no body byte: the call fails at its deadline, after the headers were copied onto the reply.
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '10', 'set-cookie': 'session=s; Path=/', 'x-upstream': 'yes' });
      return res.flushHeaders();
    }
    if (req.url?.startsWith('/base/vam/moved')) {
      res.writeHead(302, { location: '/base/vam/elsewhere' });
      return res.end();
    }
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  });
}

describe('the proxy through @fastify/http-proxy', () => {
  const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
  let upstream: Server;
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    upstream = recordingUpstream(seen);
    const port = await listenOn(upstream);
    app = Fastify();
    await app.register(proxyPlugin, { upstream: new URL(`http://127.0.0.1:${port}/base`), timeoutMs: 5000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await closeServer(upstream);
  });

  it('is the library the stack names', () => {
    expect(app.printPlugins()).toContain('@fastify/http-proxy');
  });

  it("passes an upstream 503 through once, as the upstream gave it (reply-from's own retries are off)", async () => {
    const before = seen.length;
    const answer = await receive(`${origin}/vam/busy?try=1`);
    expect([answer.status, answer.outcome, answer.body]).toEqual([503, 'complete', '{"message":"busy"}']);
    expect(seen.slice(before).map((request) => request.url)).toEqual(['/base/vam/busy?try=1']);
  });

  it('drops the hop-by-hop request headers undici refuses to send, instead of failing the call', async () => {
    const before = seen.length;
    const answer = await receive(`${origin}/country/all`, {
      headers: { 'keep-alive': 'timeout=5', te: 'trailers', 'proxy-authorization': 'Basic eA==', 'x-kept': 'yes' },
    });
    expect([answer.status, answer.outcome]).toEqual([200, 'complete']);
    const received = seen.slice(before)[0]?.headers ?? {};
    expect(received['x-kept']).toBe('yes');
    for (const name of ['keep-alive', 'te', 'proxy-authorization']) expect(received[name], name).toBeUndefined();
  });

  it("brings a redirect within the upstream's base path back under the studio's own prefix", async () => {
    const answer = await receive(`${origin}/vam/moved`);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/vam/elsewhere');
  });
});

describe('an answer that fails after its headers and before its first byte', () => {
  it("becomes the JSON error alone: none of the upstream's headers (a cookie included) go out with it", async () => {
    const upstream = recordingUpstream([]);
    const port = await listenOn(upstream);
    const app = Fastify();
    try {
      await app.register(proxyPlugin, { upstream: new URL(`http://127.0.0.1:${port}/base`), timeoutMs: 300 });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const answer = await receive(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/vam/stalls`);
      expect([answer.status, answer.outcome]).toEqual([504, 'complete']);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
      expect(answer.headers['content-type']).toContain('application/json');
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(answer.headers['x-upstream']).toBeUndefined();
    } finally {
      await app.close();
      await closeServer(upstream);
    }
  });
});

describe('UpstreamCalls', () => {
  it('refuses a call with no console request behind it: it would have no deadline and no place counted', async () => {
    const calls = new UpstreamCalls('http://127.0.0.1:9', { timeoutMs: 1000, maxInFlight: 1 });
    try {
      const error = await new Promise<Error | null>((resolve) => calls.request({ path: '/', method: 'GET' }, (failure) => resolve(failure)));
      expect(error?.message).toMatch(/outside UpstreamCalls\.serve/);
    } finally {
      await calls.destroy();
    }
  });
});
