/**
 * The studio's server starts without Fastify's JSON-schema compilers, and a route that does have a JSON schema
 * still gets them: validated, and answered through fast-json-stringify.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MOCK_OPTIONS } from '../mocks/mock-options.js';
import { createServer, type StudioServer } from './create-server.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Run in a fresh process: the test runner's own may have loaded Ajv already. (Fastify's error serialiser loads a
 * small part of fast-json-stringify, its runtime, in any case: not the compiler.)
 */
const START_AND_LIST_COMPILERS = `
  const { createRequire } = await import('node:module');
  const { createServer } = await import('./server/create-server.ts');
  const app = await createServer({ api: { mode: 'mock', mock: { seed: 1, latencyMs: 0, tokenTtlSeconds: 60 } }, console: { kind: 'none' }, studio: true });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/account/login', payload: { username: 'demo', password: 'demo123' } });
  const drones = await app.inject({ method: 'GET', url: '/vam/drone/list?page=0&size=10', headers: { authorization: 'Bearer ' + login.json().data.token } });
  const loaded = Object.keys(createRequire(import.meta.url).cache).filter((path) => /node_modules\\/(ajv\\/|@fastify\\/ajv-compiler\\/|@fastify\\/fast-json-stringify-compiler\\/|fast-json-stringify\\/index)/.test(path));
  console.log(JSON.stringify({ status: drones.statusCode, loaded }));
  await app.close();
`;

let app: StudioServer | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('lazySchemaCompilers', () => {
  it('leaves Ajv and fast-json-stringify unloaded by a server and an API call that need no JSON schema', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', START_AND_LIST_COMPILERS], { cwd: ROOT });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as { status: number; loaded: string[] };
    expect(result.status).toBe(200);
    expect(result.loaded).toEqual([]);
  }, 30_000);

  it('compiles a JSON schema a route does have, for validation and for the answer, as Fastify would', async () => {
    app = await createServer({ api: { mode: 'mock', mock: DEFAULT_MOCK_OPTIONS }, console: { kind: 'none' }, studio: false });
    app.post(
      '/_test/echo',
      {
        schema: {
          body: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } },
          querystring: { type: 'object', properties: { n: { type: 'integer' } } },
          response: { 200: { type: 'object', properties: { name: { type: 'string' }, n: { type: 'integer' } } } },
        },
      },
      async (request) => ({ ...(request.body as object), n: (request.query as { n?: number }).n, secret: 'not in the schema' }),
    );
    const ok = await app.inject({ method: 'POST', url: '/_test/echo?n=3', payload: { name: 'Lô A' } });
    expect(ok.statusCode).toBe(200);
    // The query was coerced by Ajv, and the answer serialised by the response schema (which drops `secret`).
    expect(ok.json()).toEqual({ name: 'Lô A', n: 3 });

    const bad = await app.inject({ method: 'POST', url: '/_test/echo', payload: { name: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/name/) });
  });
});
