/**
 * A server for the API benchmarks, in a process of its own (the bench drives the load): the studio server on
 * the mock, with the console's Vite middleware or without it, and a Fastify hello route in the same process
 * (Fastify's own floor); or json-server 0.17 serving the mock's drones, the tool people would use instead.
 *
 * Usage: node --import tsx bench/servers/api-server.ts '<ApiServerOptions as JSON>'; prints `API server: <url>`.
 */
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { createMockBackend } from '../../mocks/mock-backend.js';
import type { MockOptions } from '../../mocks/mock-options.js';
import { createServer } from '../../server/create-server.js';
import { BUNDLED_CONSOLE_ROOT } from '../../server/package-info.js';
import type { ApiServerOptions } from '../api-bench.js';

const MOCK: MockOptions = { seed: 1, latencyMs: 0, tokenTtlSeconds: 3600 };

interface JsonServerModule {
  create(): { use(handler: unknown): void; listen(port: number, host: string, ready: () => void): import('node:http').Server };
  router(db: object): { db: { _: { id: string } } };
  defaults(options: { logger: boolean }): unknown;
}

async function startJsonServer(): Promise<number> {
  const jsonServer = createRequire(import.meta.url)('json-server') as JsonServerModule;
  const { store } = await createMockBackend(MOCK);
  const server = jsonServer.create();
  const router = jsonServer.router({ drones: structuredClone(store.state.drones) });
  router.db._.id = 'droneId';
  server.use(jsonServer.defaults({ logger: false }));
  server.use(router);
  return new Promise((resolve) => {
    const http = server.listen(0, '127.0.0.1', () => resolve((http.address() as AddressInfo).port));
  });
}

async function startStudioServer(consoleKind: 'vite' | 'none', helloPath: string): Promise<number> {
  const app = await createServer({
    api: { mode: 'mock', mock: MOCK },
    console: consoleKind === 'vite' ? { kind: 'vite', root: BUNDLED_CONSOLE_ROOT } : { kind: 'none' },
    studio: true,
  });
  app.get(helloPath, async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
  return (app.server.address() as AddressInfo).port;
}

const options = JSON.parse(process.argv[2] ?? '{}') as ApiServerOptions;
const port = options.kind === 'json-server' ? await startJsonServer() : await startStudioServer(options.console, options.helloPath);
if (options.kind === 'json-server') process.once('SIGTERM', () => process.exit(0));
console.log(`API server: http://127.0.0.1:${port}/`);
