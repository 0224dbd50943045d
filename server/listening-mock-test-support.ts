/**
 * What the network-level server tests share: the studio server on the mock, listening on a loopback port, with a
 * signed-in token. Test code only (left out of the build).
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { bearer, login } from '../mocks/mock-test-support.js';
import { createServer, type StudioServer } from './create-server.js';

export interface ListeningMock {
  app: StudioServer;
  origin: string;
  auth: Record<string, string>;
}

export async function listeningMock(): Promise<ListeningMock> {
  const app = await createServer({
    api: { mode: 'mock', mock: { seed: 1, latencyMs: 0, tokenTtlSeconds: 3600 } },
    console: { kind: 'none' },
    studio: true,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, auth: bearer(await login(app)) };
}

/** One listening mock for the calling test file (or describe block): filled in before its tests, closed after. */
export function useListeningMock(): ListeningMock {
  const server = {} as ListeningMock;
  beforeAll(async () => {
    Object.assign(server, await listeningMock());
  });
  afterAll(async () => {
    await server.app?.close();
  });
  return server;
}
