/**
 * The seeded data made on first use: the server is ready without it (faker is not even loaded, nor jose), the
 * first API call waits for it and answers as an eager server would, and a data file is still checked before the
 * server is ready.
 */
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../contracts/api.js';
import { createServer, type StudioServer } from '../server/create-server.js';
import { MockDataFileError } from './mock-options.js';
import { mockStateSchema } from './mock-state.js';
import { MockStore } from './mock-store.js';
import { bearer, login, newServer } from './mock-test-support.js';

// Count the imports of the data generator (it loads faker) and of jose, and let the real modules through.
const generator = vi.hoisted(() => ({ imports: 0 }));
vi.mock('./seed-data.js', async (importOriginal) => {
  generator.imports++;
  return importOriginal();
});
const jose = vi.hoisted(() => ({ imports: 0 }));
vi.mock('jose', async (importOriginal) => {
  jose.imports++;
  return importOriginal();
});

const MOCK = { seed: 1, latencyMs: 0, tokenTtlSeconds: 3600 };

function deferredServer(dataFile?: string): Promise<StudioServer> {
  return createServer({
    api: { mode: 'mock', mock: { ...MOCK, ...(dataFile ? { dataFile } : {}) } },
    console: { kind: 'none' },
    studio: false,
    seedMockOnFirstUse: true,
  });
}

/**
 * A folder this process cannot create files in, whoever runs the tests. Why not a folder without write permission
 * alone: root may write there anyway (CI runs as root). On Linux, `/proc/sys` refuses new files to everyone,
 * root included (the kernel answers EACCES, or EROFS where it is mounted read-only).
 */
async function unwritableFolder(): Promise<{ path: string; restore(): Promise<void> }> {
  if (process.platform === 'linux') return { path: '/proc/sys', restore: async () => {} };
  const path = await mkdtemp(join(dir, 'read-only-'));
  await chmod(path, 0o500);
  return { path, restore: () => chmod(path, 0o700) };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plantation-mock-store-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the mock loaded and its data made on first use', () => {
  // First in this file: nothing has loaded the generator yet.
  it('is ready without loading the generator; the first call loads it and answers like an eager server', async () => {
    expect(generator.imports).toBe(0);
    const lazy = await deferredServer();
    let eager: StudioServer | undefined;
    try {
      await lazy.ready();
      expect(generator.imports).toBe(0);
      expect(jose.imports).toBe(0);
      // Not even the mock's code: the routes are there, their answers load with the first call.
      expect(lazy.mock!.loaded).toBeUndefined();
      expect(lazy.mock!.loaded?.backend).toBeUndefined();

      const lazyToken = await login(lazy);
      expect(generator.imports).toBe(1);
      expect(jose.imports).toBe(1);
      expect(lazy.mock!.loaded!.backend.store.isReady).toBe(true);

      eager = await newServer();
      const eagerToken = await login(eager);
      const path = `${routes.droneList.path}?page=0&size=10`;
      const [fromLazy, fromEager] = await Promise.all([
        lazy.inject({ method: 'GET', url: path, headers: bearer(lazyToken) }),
        eager.inject({ method: 'GET', url: path, headers: bearer(eagerToken) }),
      ]);
      expect(fromLazy.statusCode).toBe(200);
      expect(routes.droneList.response.parse(fromLazy.json()).content).toHaveLength(10);
      expect(fromLazy.json()).toEqual(fromEager.json());
    } finally {
      await Promise.all([lazy.close(), eager?.close()]);
    }
  });

  it('lets calls that come together wait for one generation', async () => {
    const lazy = await deferredServer();
    try {
      const calls = await Promise.all(Array.from({ length: 5 }, () => lazy.inject({ method: 'GET', url: '/_mock/state' })));
      for (const call of calls) expect(call.statusCode).toBe(200);
      expect(new Set(calls.map((c) => c.body)).size).toBe(1);
      expect(lazy.mock!.loaded!.backend.store.state.drones.length).toBeGreaterThan(0);
    } finally {
      await lazy.close();
    }
  });

  it('writes the seeded data to a new data file when it is made, not before', async () => {
    const file = join(dir, 'lazy.json');
    const lazy = await deferredServer(file);
    try {
      await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' });
      await lazy.mock!.loaded!.backend.store.ready();
      const saved = mockStateSchema.parse(JSON.parse(await readFile(file, 'utf8')));
      expect(saved.drones).toEqual(lazy.mock!.loaded!.backend.store.state.drones);
    } finally {
      await lazy.close();
    }
  });

  it('loads an existing data file at once, before any call', async () => {
    const file = join(dir, 'kept.json');
    const first = await newServer({ dataFile: file });
    const token = await login(first);
    expect((await first.inject({ method: 'DELETE', url: '/vam/drone/delete/3', headers: bearer(token) })).statusCode).toBe(200);
    await first.close();

    const lazy = await deferredServer(file);
    try {
      expect(lazy.mock!.loaded!.backend.store.isReady).toBe(true);
      expect(lazy.mock!.loaded!.backend.store.state.drones.some((d) => d.droneId === 3)).toBe(false);
    } finally {
      await lazy.close();
    }
  });
});

describe('a data file that cannot be used is refused before the server is ready', () => {
  it('in a folder that does not exist', async () => {
    const file = join(dir, 'missing-folder', 'data.json');
    const opening = MockStore.open({ seed: 1, dataFile: file });
    await expect(opening).rejects.toBeInstanceOf(MockDataFileError);
    await expect(MockStore.open({ seed: 1, dataFile: file })).rejects.toThrow(`the folder ${join(dir, 'missing-folder')} does not exist`);
    await expect(deferredServer(file)).rejects.toThrow(file);
  });

  it('in a folder that is not writable', async () => {
    const folder = await unwritableFolder();
    try {
      await expect(MockStore.open({ seed: 1, dataFile: join(folder.path, 'data.json') })).rejects.toThrow(
        `the folder ${folder.path} is not writable`,
      );
    } finally {
      await folder.restore();
    }
  });

  it('that is not valid JSON, with the same error as before', async () => {
    const file = join(dir, 'broken.json');
    await writeFile(file, '{ "version": 1,');
    await expect(deferredServer(file)).rejects.toThrow(/not valid JSON/);
  });
});
