/**
 * The mock's controls against pages of other origins, as `mock --cors-origin … --data …` serves them: real HTTP on
 * loopback, the `--data` file's bytes compared after every refused call. A control changes that file, so a form or a
 * no-cors fetch of another site must reach nothing; the front end the user named keeps using the controls, and tools
 * with no Origin too.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type StudioServer } from '../server/create-server.js';
import { rawRequest } from '../test-support/raw-request.js';
import { bearer, login } from './mock-test-support.js';

const FRONT_END = 'http://localhost:5173';

/** Exactly these headers on the wire (fetch would set fetch metadata of its own). */
const send = (url: string, method: string, headers: Record<string, string> = {}, body?: string) => rawRequest(url, { method, headers, body });

describe('mock controls with --cors-origin and --data', () => {
  let dir: string;
  let dataFile: string;
  let app: StudioServer;
  let origin: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'plantation-mock-controls-'));
    dataFile = join(dir, 'data.json');
    app = await createServer({
      api: { mode: 'mock', mock: { seed: 1, latencyMs: 0, tokenTtlSeconds: 3600, dataFile } },
      console: { kind: 'none' },
      studio: false,
      corsOrigins: [FRONT_END],
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Makes the data differ from the seed, so that a reset would show in the file. */
  const changeData = async () => {
    const auth = bearer(await login(app));
    const list = await app.inject({ method: 'GET', url: '/vam/drone/list?page=0&size=1', headers: auth });
    const id = (list.json() as { content: { droneId: number }[] }).content[0]!.droneId;
    expect((await app.inject({ method: 'DELETE', url: `/vam/drone/delete/${id}`, headers: auth })).statusCode).toBe(200);
  };

  it('refuses every page but the named front end, for each control that changes the mock; the file keeps its bytes', async () => {
    await changeData();
    const bytes = await readFile(dataFile);
    const fault = JSON.stringify({ path: '/vam/drone/list', status: 500, count: 5 });
    const pages: Record<string, string>[] = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost:5174', 'sec-fetch-site': 'same-site' },
      { origin: 'http://localhost:5173.evil.example' },
      { origin: 'http://LOCALHOST:5173' },
      { origin: 'http://localhost:5173/' },
      { origin: 'null' },
      { origin: `${FRONT_END}, https://evil.example` },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    const bodies: [string, string | undefined][] = [
      ['application/x-www-form-urlencoded', 'a=1'],
      ['text/plain', fault],
      ['multipart/form-data; boundary=x', '--x--'],
      ['application/json', fault],
      ['', undefined],
    ];
    for (const [method, path] of [
      ['POST', '/_mock/reset'],
      ['POST', '/_mock/faults'],
      ['DELETE', '/_mock/faults'],
    ] as const) {
      for (const page of pages) {
        for (const [type, body] of bodies) {
          const headers = type ? { ...page, 'content-type': type } : page;
          const answer = await send(`${origin}${path}`, method, headers, body);
          expect(answer.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
          expect(JSON.parse(answer.body)).toMatchObject({ code: 'CROSS_SITE_REFUSED' });
          expect(answer.headers['access-control-allow-origin']).toBeUndefined();
        }
      }
    }
    // A page of no origin that sends a body only a form can send.
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      expect((await send(`${origin}/_mock/reset`, 'POST', { 'content-type': type }, 'x')).status, type).toBe(403);
    }
    expect(JSON.parse((await send(`${origin}/_mock/faults`, 'GET')).body)).toEqual({ faults: [] });
    expect((await readFile(dataFile)).equals(bytes)).toBe(true);
  });

  it('lets the named front end use the controls from its page: preflight, JSON, and a reset that rewrites the file', async () => {
    const preflight = await send(`${origin}/_mock/faults`, 'OPTIONS', {
      origin: FRONT_END,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(FRONT_END);
    const armed = await send(
      `${origin}/_mock/faults`,
      'POST',
      { origin: FRONT_END, 'sec-fetch-site': 'same-site', 'content-type': 'application/json' },
      JSON.stringify({ path: '/vam/drone/list', status: 503 }),
    );
    expect(armed.status, armed.body).toBe(201);
    expect(armed.headers['access-control-allow-origin']).toBe(FRONT_END);
    expect((await send(`${origin}/_mock/faults`, 'DELETE', { origin: FRONT_END })).status).toBe(200);

    const bytes = await readFile(dataFile);
    const reset = await send(`${origin}/_mock/reset`, 'POST', { origin: FRONT_END, 'content-type': 'application/json' }, '{}');
    expect(reset.status, reset.body).toBe(200);
    expect((await readFile(dataFile)).equals(bytes)).toBe(false);
  });

  it('lets tools that name no page (curl, tests) reset and arm faults as before', async () => {
    await changeData();
    const bytes = await readFile(dataFile);
    expect((await send(`${origin}/_mock/reset`, 'POST')).status).toBe(200);
    expect((await readFile(dataFile)).equals(bytes)).toBe(false);
    const armed = await send(`${origin}/_mock/faults`, 'POST', { 'content-type': 'application/json' }, JSON.stringify({ path: '/vam/drone/list', status: 500 }));
    expect(armed.status, armed.body).toBe(201);
    expect((await send(`${origin}/_mock/faults`, 'DELETE')).status).toBe(200);
    // The user typing the address (fetch metadata `none`) is no other page either.
    expect((await send(`${origin}/_mock/reset`, 'POST', { 'sec-fetch-site': 'none' })).status).toBe(200);
  });
});
