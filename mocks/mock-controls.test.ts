/**
 * The mock's controls through `inject`: forced statuses, armed faults, reset, the state dump, latency, `--data`
 * persistence and seed determinism.
 */
import { execFileSync } from 'node:child_process';
import { lstat, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DRONE_CREATE_DEFAULTS, errorBodySchema, routes, type DroneSummary } from '../contracts/api.js';
import { emptyPage } from '../contracts/spring-page.js';
import type { StudioServer } from '../server/create-server.js';
import { DEMO_ACCOUNT, mockStateSchema, type MockState } from './mock-state.js';
import { bearer, expectJsonError, expectValidationError, login, newServer } from './mock-test-support.js';

// ---------------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------------

/** The dump of `/_mock/state`: every entity, accounts without hashes. */
const stateDumpSchema = mockStateSchema.extend({
  accounts: z.array(z.object({ username: z.string(), role: z.string() }).strict()),
});
type StateDump = z.infer<typeof stateDumpSchema>;

async function stateOf(app: StudioServer): Promise<StateDump> {
  const res = await app.inject({ method: 'GET', url: '/_mock/state' });
  expect(res.statusCode).toBe(200);
  return stateDumpSchema.parse(res.json());
}

/** The plantation data of a dump: everything but the accounts. */
function plantationOf(state: StateDump): Omit<StateDump, 'accounts'> {
  const { accounts: _accounts, ...data } = state;
  return data;
}

const EMPTY_PAGE = emptyPage<DroneSummary>(6);

// ---------------------------------------------------------------------------------------------------------------
// One shared server for forced statuses, faults, reset and the dump
// ---------------------------------------------------------------------------------------------------------------

describe('controls on one server', () => {
  let app: StudioServer;
  let token: string;

  beforeAll(async () => {
    app = await newServer();
    token = await login(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const droneList = (headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: '/vam/drone/list', headers: { ...bearer(token), ...headers } });
  const armFault = (payload: unknown) => app.inject({ method: 'POST', url: '/_mock/faults', payload: payload as object });
  const listFaults = async () => {
    const res = await app.inject({ method: 'GET', url: '/_mock/faults' });
    expect(res.statusCode).toBe(200);
    return (res.json() as { faults: { path: string; method?: string; status: number; remaining: number }[] }).faults;
  };

  describe('x-mock-status', () => {
    it('forces an error status on an authed route, as JSON', async () => {
      const res = await droneList({ 'x-mock-status': '503' });
      const body = expectJsonError(res, 503);
      expect(body.message).toContain('503');
      for (const status of [400, 404, 418, 500, 599]) {
        const other = await app.inject({
          method: 'GET',
          url: '/vam/robot/robotdetail/1',
          headers: { ...bearer(token), 'x-mock-status': String(status) },
        });
        expectJsonError(other, status);
      }
      // Only that one call: the next one is itself again.
      expect((await droneList()).statusCode).toBe(200);
    });

    it('forces the status before the token is checked, and on the open routes too', async () => {
      expectJsonError(await app.inject({ method: 'GET', url: '/vam/drone/list', headers: { 'x-mock-status': '502' } }), 502);
      expectJsonError(
        await app.inject({
          method: 'POST',
          url: '/api/account/login',
          headers: { 'x-mock-status': '500' },
          payload: { username: DEMO_ACCOUNT.username, password: DEMO_ACCOUNT.password },
        }),
        500,
      );
    });

    it('answers 400 JSON for a value that is not an error status', async () => {
      for (const value of ['200', 'abc', '399', '600', '503.5', '', ' ', '-503', '0x1F7', '5e2']) {
        const res = await droneList({ 'x-mock-status': value });
        const body = expectJsonError(res, 400);
        expect(body.message, value).toContain('x-mock-status');
      }
    });
  });

  describe('faults', () => {
    afterEach(async () => {
      const res = await app.inject({ method: 'DELETE', url: '/_mock/faults' });
      expect(res.statusCode).toBe(200);
    });

    it('answers the armed status for the next `count` calls, then the route is itself again', async () => {
      const res = await armFault({ path: '/vam/drone/list', status: 500, count: 2 });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ fault: { path: '/vam/drone/list', status: 500, count: 2, remaining: 2 } });

      // Other routes are untouched.
      expect((await app.inject({ method: 'GET', url: '/vam/robot/getList', headers: bearer(token) })).statusCode).toBe(200);

      expectJsonError(await droneList(), 500);
      expect((await listFaults()).map((f) => f.remaining)).toEqual([1]);
      expectJsonError(await droneList(), 500);
      expect(await listFaults()).toEqual([]);
      const third = await droneList();
      expect(third.statusCode).toBe(200);
      routes.droneList.response.parse(third.json());
    });

    it('counts one call when count is left out', async () => {
      expect((await armFault({ path: '/vam/robot/getList', status: 503 })).statusCode).toBe(201);
      expectJsonError(await app.inject({ method: 'GET', url: '/vam/robot/getList', headers: bearer(token) }), 503);
      expect((await app.inject({ method: 'GET', url: '/vam/robot/getList', headers: bearer(token) })).statusCode).toBe(200);
    });

    it('with a method, affects only calls with that method', async () => {
      expect((await armFault({ path: '/vam/drone/list', method: 'POST', status: 500 })).statusCode).toBe(201);
      expect((await droneList()).statusCode).toBe(200);
      expect((await droneList()).statusCode).toBe(200);
      expect(await listFaults()).toEqual([expect.objectContaining({ path: '/vam/drone/list', method: 'POST', remaining: 1 })]);

      expect((await armFault({ path: '/vam/drone/list', method: 'GET', status: 502 })).statusCode).toBe(201);
      expectJsonError(await droneList(), 502);
      expect((await droneList()).statusCode).toBe(200);

      // A path with a parameter is armed by its table path and hits every id.
      expect((await armFault({ path: '/vam/drone/update/:id', method: 'PUT', status: 409, count: 2 })).statusCode).toBe(201);
      for (const id of [1, 2]) {
        const res = await app.inject({ method: 'PUT', url: `/vam/drone/update/${id}`, headers: bearer(token), payload: {} });
        expectJsonError(res, 409);
      }
    });

    it('with a body, answers that body with that status', async () => {
      expect((await armFault({ path: '/vam/drone/list', status: 200, body: EMPTY_PAGE })).statusCode).toBe(201);
      const empty = await droneList();
      expect(empty.statusCode).toBe(200);
      expect(routes.droneList.response.parse(empty.json())).toEqual(EMPTY_PAGE);

      const maintenance = { message: 'Hệ thống đang bảo trì' };
      expect((await armFault({ path: '/vam/robot/robotdetail/:id', status: 503, body: maintenance })).statusCode).toBe(201);
      const res = await app.inject({ method: 'GET', url: '/vam/robot/robotdetail/1', headers: bearer(token) });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(maintenance);

      // The real page again afterwards.
      const real = routes.droneList.response.parse((await droneList()).json());
      expect(real.totalElements).toBeGreaterThan(0);
    });

    it('answers 400 naming the field for an unknown path, a bad status or a bad count', async () => {
      const cases: [unknown, string][] = [
        [{ path: '/vam/nothing', status: 500 }, 'path'],
        [{ path: '/vam/drone/update/1', status: 500 }, 'path'],
        [{ status: 500 }, 'path'],
        [{ path: '/vam/drone/list', status: 99 }, 'status'],
        [{ path: '/vam/drone/list', status: 101 }, 'status'],
        [{ path: '/vam/drone/list', status: 600 }, 'status'],
        [{ path: '/vam/drone/list', status: '500' }, 'status'],
        [{ path: '/vam/drone/list', status: 500.5 }, 'status'],
        [{ path: '/vam/drone/list' }, 'status'],
        [{ path: '/vam/drone/list', status: 500, count: 0 }, 'count'],
        [{ path: '/vam/drone/list', status: 500, method: 'PATCH' }, 'method'],
      ];
      for (const [payload, field] of cases) {
        expectValidationError(await armFault(payload), [field]);
      }
      expectJsonError(await armFault({ path: '/vam/drone/list', status: 500, extra: true }), 400);
      expect(await listFaults()).toEqual([]);
      expect((await droneList()).statusCode).toBe(200);
    });

    it('lists armed faults and clears them all', async () => {
      await armFault({ path: '/vam/drone/list', status: 500, count: 3 });
      await armFault({ path: '/country/all', method: 'GET', status: 404 });
      expect(await listFaults()).toEqual([
        { path: '/vam/drone/list', status: 500, count: 3, remaining: 3 },
        { path: '/country/all', method: 'GET', status: 404, count: 1, remaining: 1 },
      ]);
      const cleared = await app.inject({ method: 'DELETE', url: '/_mock/faults' });
      expect(cleared.statusCode).toBe(200);
      expect(await listFaults()).toEqual([]);
      expect((await droneList()).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/country/all', headers: bearer(token) })).statusCode).toBe(200);
    });
  });

  describe('reset', () => {
    let fresh: StudioServer;
    beforeAll(async () => {
      fresh = await newServer();
    });
    afterAll(async () => {
      await fresh.close();
    });

    it('restores the seeded data and accounts, and clears faults', async () => {
      expect((await app.inject({ method: 'DELETE', url: '/vam/drone/delete/1', headers: bearer(token) })).statusCode).toBe(200);
      expect((await app.inject({ method: 'DELETE', url: '/vam/rubber-tree/delete/1', headers: bearer(token) })).statusCode).toBe(200);
      const registered = await app.inject({ method: 'POST', url: '/api/account/regis', payload: { username: 'temp', password: 'temp-pass' } });
      expect(registered.statusCode).toBe(201);
      await login(app, 'temp', 'temp-pass');
      await armFault({ path: '/vam/drone/list', status: 500, count: 5 });

      const changed = await stateOf(app);
      expect(changed.drones.some((d) => d.droneId === 1)).toBe(false);
      expect(changed.accounts.map((a) => a.username)).toContain('temp');

      const res = await app.inject({ method: 'POST', url: '/_mock/reset' });
      expect(res.statusCode).toBe(200);
      expect(errorBodySchema.parse(res.json()).message).toContain('1');

      const restored = await stateOf(app);
      const seeded = await stateOf(fresh);
      expect(restored.drones).toEqual(seeded.drones);
      expect(restored.trees).toEqual(seeded.trees);
      expect(restored.measurements).toEqual(seeded.measurements);
      expect(plantationOf(restored)).toEqual(plantationOf(seeded));
      expect(restored.accounts).toEqual(seeded.accounts);

      const temp = await app.inject({ method: 'POST', url: '/api/account/login', payload: { username: 'temp', password: 'temp-pass' } });
      expectJsonError(temp, 401);
      await login(app);
      expect(await listFaults()).toEqual([]);
      expect((await droneList()).statusCode).toBe(200);
    });
  });

  describe('state dump', () => {
    it('has every entity and no password hashes', async () => {
      const res = await app.inject({ method: 'GET', url: '/_mock/state' });
      expect(res.statusCode).toBe(200);
      const json = res.json() as Record<string, unknown>;
      expect(Object.keys(json).sort()).toEqual(Object.keys(mockStateSchema.shape).sort());
      const state = stateDumpSchema.parse(json);
      for (const key of ['countries', 'regions', 'fields', 'plans', 'tasks', 'tappings', 'drones', 'sensorSystems', 'trees', 'measurements', 'robots'] as const) {
        expect(state[key].length, key).toBeGreaterThan(0);
      }
      expect(state.seed).toBe(1);
      expect(state.accounts).toEqual([{ username: DEMO_ACCOUNT.username, role: DEMO_ACCOUNT.role }]);
      expect(res.body).not.toMatch(/passwordHash|scrypt\$/);
    });

    it('needs no token', async () => {
      expect((await app.inject({ method: 'GET', url: '/_mock/state' })).statusCode).toBe(200);
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Latency
// ---------------------------------------------------------------------------------------------------------------

describe('latency', () => {
  let slow: StudioServer;
  beforeAll(async () => {
    slow = await newServer({ latencyMs: 300 });
  });
  afterAll(async () => {
    await slow.close();
  });

  it('delays API answers but not the controls', async () => {
    const t0 = performance.now();
    const token = await login(slow);
    const loginMs = performance.now() - t0;
    expect(loginMs).toBeGreaterThanOrEqual(280);

    const t1 = performance.now();
    const res = await slow.inject({ method: 'GET', url: '/vam/robot/getList', headers: bearer(token) });
    const apiMs = performance.now() - t1;
    expect(res.statusCode).toBe(200);
    expect(apiMs).toBeGreaterThanOrEqual(280);

    const t2 = performance.now();
    const unauthorized = await slow.inject({ method: 'GET', url: '/vam/robot/getList' });
    const unauthorizedMs = performance.now() - t2;
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorizedMs).toBeGreaterThanOrEqual(280);

    const t3 = performance.now();
    const state = await slow.inject({ method: 'GET', url: '/_mock/state' });
    const stateMs = performance.now() - t3;
    expect(state.statusCode).toBe(200);
    expect(stateMs).toBeLessThan(apiMs);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// --data persistence
// ---------------------------------------------------------------------------------------------------------------

describe('--data persistence', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'plantation-mock-data-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const readData = async (file: string): Promise<MockState> => mockStateSchema.parse(JSON.parse(await readFile(file, 'utf8')));

  it('creates the file on start, saves every change, and starts from it again', async () => {
    const file = join(dir, 'mock-data.json');
    const first = await newServer({ dataFile: file });
    let seededDrones: number;
    try {
      const initial = await readData(file);
      expect(initial.seed).toBe(1);
      expect(initial.drones.some((d) => d.droneId === 5)).toBe(true);
      seededDrones = initial.drones.length;
      expect(plantationOf(await stateOf(first))).toEqual(plantationOf({ ...initial, accounts: [] }));

      const token = await login(first);
      const deleted = await first.inject({ method: 'DELETE', url: '/vam/drone/delete/5', headers: bearer(token) });
      expect(deleted.statusCode).toBe(200);
      const saved = await readData(file);
      expect(saved.drones.some((d) => d.droneId === 5)).toBe(false);
      expect(saved.drones).toHaveLength(seededDrones - 1);

      const registered = await first.inject({ method: 'POST', url: '/api/account/regis', payload: { username: 'kept', password: 'kept-pass' } });
      expect(registered.statusCode).toBe(201);
      expect((await readData(file)).accounts.map((a) => a.username)).toContain('kept');

      expect(await readdir(dir)).toEqual(['mock-data.json']);
    } finally {
      await first.close();
    }

    const second = await newServer({ dataFile: file });
    try {
      const token = await login(second, 'kept', 'kept-pass');
      const details = await second.inject({ method: 'GET', url: '/vam/drone/list/details?droneId=5', headers: bearer(token) });
      expectJsonError(details, 404);
      const list = routes.droneList.response.parse(
        (await second.inject({ method: 'GET', url: '/vam/drone/list', headers: bearer(token) })).json(),
      );
      expect(list.totalElements).toBe(seededDrones - 1);
      expect((await stateOf(second)).drones).toEqual((await readData(file)).drones);

      // Reset writes the seeded state back to the file.
      expect((await second.inject({ method: 'POST', url: '/_mock/reset' })).statusCode).toBe(200);
      const reset = await readData(file);
      expect(reset.drones).toHaveLength(seededDrones);
      expect(reset.accounts.map((a) => a.username)).toEqual([DEMO_ACCOUNT.username]);
      expect(await readdir(dir)).toEqual(['mock-data.json']);
    } finally {
      await second.close();
    }
  });

  it('answers a change it cannot save (a full disk) with MOCK_DATA_NOT_SAVED, and keeps it out of the data, the file and the next save', async ({ skip }) => {
    const disk = join(dir, 'small-disk');
    await mkdir(disk);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', disk], { stdio: 'pipe' });
    } catch (error) {
      skip(`a small file system cannot be mounted here to fill (${(error as Error).message.split('\n')[0]})`);
    }
    const file = join(disk, 'data.json');
    const app = await newServer({ dataFile: file });
    try {
      const token = await login(app);
      const filler = join(disk, 'filler');
      await expect(writeFile(filler, Buffer.alloc(4 * 1024 * 1024))).rejects.toMatchObject({ code: 'ENOSPC' });
      const before = await readFile(file);

      const created = await app.inject({ method: 'POST', url: '/vam/drone/create', headers: bearer(token), payload: { ...DRONE_CREATE_DEFAULTS, name: 'Không lưu được' } });
      expectJsonError(created, 507);
      expect(created.json()).toMatchObject({ code: 'MOCK_DATA_NOT_SAVED', message: expect.stringMatching(/could not save its data to .*data\.json \(the disk is full\): the change was not made/) });
      const reset = await app.inject({ method: 'POST', url: '/_mock/reset' });
      expect(reset.statusCode).toBe(507);
      expect((await stateOf(app)).drones.map((d) => d.name)).not.toContain('Không lưu được');
      expect((await readFile(file)).equals(before)).toBe(true);
      expect((await readdir(disk)).sort()).toEqual(['data.json', 'filler']);

      // Room again: the next change is saved, without the one that failed.
      await rm(filler);
      expect((await app.inject({ method: 'DELETE', url: '/vam/drone/delete/5', headers: bearer(token) })).statusCode).toBe(200);
      const saved = await readData(file);
      expect(saved.drones.map((d) => d.name)).not.toContain('Không lưu được');
      expect(saved.drones.some((d) => d.droneId === 5)).toBe(false);
      expect(saved.drones).toEqual((await stateOf(app)).drones);
    } finally {
      await app.close();
      execFileSync('umount', [disk]);
    }
  });

  it('removes at start the torn copies a killed save left beside the file, only those, never through a link, and keeps a whole one', async () => {
    const folder = join(dir, 'stale');
    await mkdir(folder);
    const file = join(folder, 'data.json');
    await (await newServer({ dataFile: file })).close();
    const outside = join(dir, 'outside.json');
    await writeFile(outside, '{"the user\'s own":"file"}\n');
    const before = await readFile(outside);
    // As a save killed half-way leaves them (write-file-atomic names its copies `<file>.<32-bit number>`).
    await writeFile(join(folder, 'data.json.123456789'), '{"version":1,"dro');
    await writeFile(join(folder, 'data.json.4294967295'), '');
    // A whole JSON text under that name may be the person's own backup: kept.
    await writeFile(join(folder, 'data.json.20261127'), '{"version":1,"drones":[]}\n');
    const kept = ['data.json', 'data.json.20261127', 'data.json.4294967296', 'data.json.12x', 'data.json.1.bak', 'data.json.', 'other.json.123456789', 'data.json.987654321'];
    for (const name of kept.slice(2, -1)) await writeFile(join(folder, name), 'not ours');
    await symlink(outside, join(folder, 'data.json.987654321'));
    await mkdir(join(folder, 'data.json.55555'));

    const app = await newServer({ dataFile: file });
    await app.close();
    expect((await readdir(folder)).sort()).toEqual([...kept, 'data.json.55555'].sort());
    expect((await lstat(join(folder, 'data.json.987654321'))).isSymbolicLink()).toBe(true);
    expect((await readFile(outside)).equals(before)).toBe(true);
  });

  it('refuses to start on a file that is not valid JSON, naming it, and leaves it untouched', async () => {
    const file = join(dir, 'broken.json');
    const text = '{ "version": 1, "drones": [ \n';
    await writeFile(file, text);
    const before = await readFile(file);
    await expect(newServer({ dataFile: file })).rejects.toThrow(file);
    await expect(newServer({ dataFile: file })).rejects.toThrow(/not valid JSON/);
    expect((await readFile(file)).equals(before)).toBe(true);
  });

  it('refuses to start on JSON that is not mock data, naming it, and leaves it untouched', async () => {
    const file = join(dir, 'other.json');
    await writeFile(file, JSON.stringify({ hello: 'world' }));
    const before = await readFile(file);
    await expect(newServer({ dataFile: file })).rejects.toThrow(file);
    expect((await readFile(file)).equals(before)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Determinism
// ---------------------------------------------------------------------------------------------------------------

describe('determinism', () => {
  it('gives deep-equal plantation data for the same seed and different data for another', async () => {
    const servers = await Promise.all([newServer({ seed: 7 }), newServer({ seed: 7 }), newServer({ seed: 8 })]);
    try {
      const [a, b, c] = await Promise.all(servers.map(stateOf));
      expect(plantationOf(a!)).toEqual(plantationOf(b!));
      expect(a!.seed).toBe(7);
      expect(c!.seed).toBe(8);
      const { seed: _a, ...dataA } = plantationOf(a!);
      const { seed: _c, ...dataC } = plantationOf(c!);
      expect(dataC).not.toEqual(dataA);
      expect(c!.drones).not.toEqual(a!.drones);
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  });
});
