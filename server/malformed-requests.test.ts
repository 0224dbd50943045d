/**
 * Malformed requests of every kind get a 4xx JSON answer `{code, message}` from the catalogue, and the server
 * goes on serving: bad JSON, bodies over the limit, wrong content types, bad query and path values, unknown
 * routes, and requests that are not even HTTP.
 */
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../contracts/api.js';
import { expectJsonError, type InjectAnswer } from '../mocks/mock-test-support.js';
import { DEFAULT_BODY_LIMIT } from './create-server.js';
import { useListeningMock } from './listening-mock-test-support.js';

const server = useListeningMock();

/** A JSON error of the catalogue: this status, this code, a message. */
function expectCode(answer: InjectAnswer, status: number, code: string, what?: string) {
  const body = expectJsonError(answer, status);
  expect((answer.json() as { code?: string }).code, what ?? answer.body).toBe(code);
  return body;
}

/** The server still answers a good request, over the network. */
async function stillServing(): Promise<void> {
  const answer = await fetch(`${server.origin}/vam/drone/list?page=0&size=2`, { headers: server.auth });
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as { content: unknown[] }).content).toHaveLength(2);
}

/** Sends raw bytes on a fresh connection and returns everything the server wrote back before closing. */
function rawExchange(bytes: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const { port } = server.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')));
  });
}

function jsonOfRaw(answer: string): { status: number; body: unknown } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  expect(head.toLowerCase()).toContain('content-type: application/json');
  return { status, body: JSON.parse(body) };
}

describe('bad JSON bodies', () => {
  it.each([
    ['/api/account/login', '{"username":'],
    ['/api/account/regis', '{bad json'],
    ['/vam/drone/create', '{"name": "D", }'],
  ])('POST %s with %s → 400 INVALID_JSON', async (url, payload) => {
    const answer = await server.app.inject({ method: 'POST', url, payload, headers: { ...server.auth, 'content-type': 'application/json' } });
    expectCode(answer, 400, 'INVALID_JSON');
  });

  it('an empty JSON body → 400 INVALID_JSON', async () => {
    const answer = await server.app.inject({ method: 'POST', url: '/api/account/login', payload: '', headers: { 'content-type': 'application/json' } });
    expectCode(answer, 400, 'INVALID_JSON');
  });

  it('JSON of the wrong shape (an array, null, a string) → 400 naming the body', async () => {
    for (const payload of ['[]', 'null', '"demo"', '42']) {
      const answer = await server.app.inject({ method: 'POST', url: '/api/account/login', payload, headers: { 'content-type': 'application/json' } });
      expectCode(answer, 400, 'VALIDATION_FAILED', payload);
    }
  });

  it('a body that is not JSON at all → 415 naming the type', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: 'username=demo&password=demo123',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const body = expectCode(answer, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(body.message).toContain('application/x-www-form-urlencoded');
  });
});

describe('bodies over the limit', () => {
  it('a declared length over the limit → 413 JSON', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: JSON.stringify({ username: 'x'.repeat(DEFAULT_BODY_LIMIT), password: 'p' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(expectCode(answer, 413, 'PAYLOAD_TOO_LARGE').message).toContain(String(DEFAULT_BODY_LIMIT));
  });

  it('a chunked body that grows past the limit → 413 JSON over the network, and the server goes on', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > DEFAULT_BODY_LIMIT * 3) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const answer = await fetch(`${server.origin}/vam/drone/create`, {
      method: 'POST',
      headers: { ...server.auth, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    await stillServing();
  });
});

describe('bad query and path values', () => {
  it.each([
    '/vam/drone/list?page=-1',
    '/vam/drone/list?page=abc&size=x',
    '/vam/drone/list?size=100000',
    '/vam/drone/list?page=1&page=2',
    '/vam/drone/list?page=%E0%A4%A',
    '/vam/drone/list/details',
    '/vam/drone/list/details?droneId=xyz',
    '/vam/region/country?countryId=1e999',
    '/vam/tapping/detail/abc',
    '/vam/robot/robotdetail/1.5',
  ])('GET %s → 400 naming the field', async (url) => {
    const answer = await server.app.inject({ method: 'GET', url, headers: server.auth });
    expectCode(answer, 400, 'VALIDATION_FAILED');
  });

  it('PUT with a bad id → 400', async () => {
    const answer = await server.app.inject({ method: 'PUT', url: '/vam/drone/update/abc', payload: {}, headers: server.auth });
    expectCode(answer, 400, 'VALIDATION_FAILED');
  });
});

describe('unknown routes and methods', () => {
  it.each([
    ['GET', '/vam/nothing-here'],
    ['GET', '/api/account/nothing'],
    ['GET', '/country/nothing'],
    ['POST', '/_mock/nothing'],
    ['GET', '/_studio/api/nothing'],
    ['GET', '/no-console-in-this-server'],
  ])('%s %s → 404 ROUTE_NOT_FOUND', async (method, url) => {
    const answer = await server.app.inject({ method: method as 'GET', url, headers: server.auth });
    expectCode(answer, 404, 'ROUTE_NOT_FOUND');
  });

  it('DELETE /vam/drone/list → 405 METHOD_NOT_ALLOWED with Allow', async () => {
    const answer = await server.app.inject({ method: 'DELETE', url: '/vam/drone/list', headers: server.auth });
    expectCode(answer, 405, 'METHOD_NOT_ALLOWED');
    expect(answer.headers.allow).toBe('GET, HEAD');
  });

  it('a path that is not valid percent-encoding → 400 JSON', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/vam/drone/%E0%A4%A', headers: server.auth });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
    expect(errorBodySchema.parse(answer.json()).message.length).toBeGreaterThan(0);
  });
});

describe('requests that are not HTTP', () => {
  it('garbage bytes → 400 JSON and the connection closes; the server goes on', async () => {
    const { status, body } = jsonOfRaw(await rawExchange('NOT HTTP AT ALL\r\n\r\n'));
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
    await stillServing();
  });

  it('a header block larger than Node accepts → 431 JSON; the server goes on', async () => {
    const answer = await rawExchange(`GET /vam/drone/list HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    const { status, body } = jsonOfRaw(answer);
    expect(status).toBe(431);
    expect(body).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('headers') });
    await stillServing();
  });

  it('a request cut off in the middle of its body → nothing breaks; the server goes on', async () => {
    await rawExchange('POST /api/account/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"user');
    await stillServing();
  });
});
