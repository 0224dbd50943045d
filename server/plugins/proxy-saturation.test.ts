/**
 * Slow upstream calls must not starve the others: each call has its own socket up to a bound, and past that bound
 * the console is told at once (503) instead of waiting in a queue. Every way a call ends gives its place back.
 */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from '../create-server.js';
import { proxyPlugin } from './proxy-plugin.js';
import { closeServer, holdingUpstream, receive, type HoldingUpstream, type Received } from './proxy-test-support.js';

const SLOW_CALLS = 150;
/** Only keeps a broken proxy from hanging the test: what is asserted is the order of the answers. */
const GUARD_MS = 8000;

const guard = () => new Promise<'guard'>((resolve) => setTimeout(() => resolve('guard'), GUARD_MS).unref());

async function originOf(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe(`${SLOW_CALLS} slow calls in flight`, () => {
  let upstream: HoldingUpstream;
  beforeEach(async () => {
    upstream = await holdingUpstream();
  });
  afterEach(async () => {
    upstream.release();
    await closeServer(upstream.server);
  });

  it('do not hold up a good call: it is answered while every slow one is still waiting', async () => {
    const app = await createServer({
      api: { mode: 'proxy', upstream: new URL(`http://127.0.0.1:${upstream.port}`) },
      console: { kind: 'none' },
      studio: false,
    });
    try {
      const origin = await originOf(app);
      const finished: string[] = [];
      const track = (label: string) => (answer: Received) => {
        finished.push(label);
        return answer;
      };
      const slow = Array.from({ length: SLOW_CALLS }, (_, i) => receive(`${origin}/vam/slow?i=${i}`).then(track('slow')));
      // Every slow call reached the upstream: none of them waits for a socket in the proxy.
      await Promise.race([upstream.until(() => upstream.arrived, SLOW_CALLS), guard()]);
      expect(upstream.arrived).toBe(SLOW_CALLS);

      const fast = receive(`${origin}/vam/fast`).then(track('fast'));
      await Promise.race([fast, guard()]);
      upstream.release();
      const [fastAnswer, ...slowAnswers] = await Promise.all([fast, ...slow]);

      expect(finished[0]).toBe('fast');
      expect([fastAnswer.status, fastAnswer.outcome]).toEqual([200, 'complete']);
      expect(slowAnswers.map((answer) => answer.status)).toEqual(Array(SLOW_CALLS).fill(200));
    } finally {
      await app.close();
    }
  });
});

describe('a bounded number of calls in flight', () => {
  const LIMIT = 4;
  const TIMEOUT_MS = 1000;
  let upstream: HoldingUpstream;
  let app: FastifyInstance | undefined;
  let origin: string;

  /** A proxy to a fresh holding upstream, allowing `LIMIT` calls in flight. */
  async function start(timeoutMs = TIMEOUT_MS): Promise<void> {
    const proxy = Fastify();
    app = proxy;
    await proxy.register(proxyPlugin, { upstream: new URL(`http://127.0.0.1:${upstream.port}`), timeoutMs, maxInFlight: LIMIT });
    origin = await originOf(proxy);
  }

  beforeEach(async () => {
    upstream = await holdingUpstream();
  });
  afterEach(async () => {
    upstream.release();
    await app?.close();
    app = undefined;
    await closeServer(upstream.server);
  });

  const statuses = (paths: string[]) => Promise.all(paths.map((path) => receive(`${origin}${path}`).then((answer) => answer.status)));
  const fastRound = (label: string) => statuses(Array.from({ length: LIMIT }, (_, i) => `/vam/fast?${label}=${i}`));

  it('one call more is refused at once with 503 naming the host, and the calls in flight are still answered', async () => {
    await start();
    const slow = Array.from({ length: LIMIT }, (_, i) => receive(`${origin}/vam/slow?i=${i}`));
    await upstream.until(() => upstream.arrived, LIMIT);

    for (const path of ['/vam/slow?i=extra', '/country/all']) {
      const refused = await receive(`${origin}${path}`);
      expect(refused.status).toBe(503);
      expect(JSON.parse(refused.body)).toEqual({
        code: 'UPSTREAM_SATURATED',
        message: expect.stringMatching(new RegExp(`${LIMIT} calls in flight.*127\\.0\\.0\\.1:${upstream.port}`)),
      });
    }
    expect(upstream.arrived, 'refused calls never reach the upstream').toBe(LIMIT);

    upstream.release();
    expect((await Promise.all(slow)).map((answer) => answer.status)).toEqual(Array(LIMIT).fill(200));
  });

  it('answered calls give their place back', async () => {
    await start();
    for (const round of ['a', 'b', 'c']) expect(await fastRound(round)).toEqual(Array(LIMIT).fill(200));
  });

  it('calls past the deadline give their place back (504)', async () => {
    await start();
    expect(await statuses(Array.from({ length: LIMIT }, (_, i) => `/vam/never?i=${i}`))).toEqual(Array(LIMIT).fill(504));
    expect(await fastRound('after-deadline')).toEqual(Array(LIMIT).fill(200));
  });

  it('calls the console gave up on give their place back at once: their upstream connection is closed long before the deadline', async () => {
    await start(10 * GUARD_MS);
    const closedBefore = upstream.closed;
    const gaveUp = new AbortController();
    const abandoned = Array.from({ length: LIMIT }, (_, i) =>
      receive(`${origin}/vam/never?i=${i}`, { signal: gaveUp.signal }).then(
        () => 'answered',
        () => 'gave up',
      ),
    );
    await upstream.until(() => upstream.arrived, LIMIT);
    gaveUp.abort();
    expect(await Promise.all(abandoned)).toEqual(Array(LIMIT).fill('gave up'));
    await Promise.race([upstream.until(() => upstream.closed, closedBefore + LIMIT), guard()]);
    expect(upstream.closed - closedBefore).toBe(LIMIT);
    expect(await fastRound('after-abort')).toEqual(Array(LIMIT).fill(200));
  });
});
