/**
 * The mock API's hygiene (docs/console.md#api-checks): wrong methods are 405 with `Allow`, validation messages are
 * Vietnamese throughout, broken text and blank passwords are refused, speed and height are bounded, and a tree's
 * measurements carry its field and location.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRONE_CREATE_DEFAULTS, routes } from '../contracts/api.js';
import type { StudioServer } from '../server/create-server.js';
import { bearer, expectJsonError, expectValidationError, login, newServer } from './mock-test-support.js';

let app: StudioServer;
let token: string;

beforeAll(async () => {
  app = await newServer();
  token = await login(app);
});

afterAll(async () => {
  await app.close();
});

describe('methods', () => {
  it('answers a wrong method on an API path with 405 and the methods it has, not 404', async () => {
    const onList = await app.inject({ method: 'POST', url: '/vam/drone/list', headers: bearer(token) });
    expect(expectJsonError(onList, 405).message).toContain('POST');
    expect(onList.headers.allow).toBe('GET, HEAD');

    const onLogin = await app.inject({ method: 'GET', url: routes.login.path });
    expectJsonError(onLogin, 405);
    expect(onLogin.headers.allow).toBe('POST');

    const onUpdate = await app.inject({ method: 'DELETE', url: '/vam/drone/update/3', headers: bearer(token) });
    expectJsonError(onUpdate, 405);
    expect(onUpdate.headers.allow).toBe('PUT');

    // A path that is not the API's stays a 404; a right method still answers.
    expectJsonError(await app.inject({ method: 'POST', url: '/vam/drone/nothing' }), 404);
    expect((await app.inject({ method: 'GET', url: '/vam/drone/list', headers: bearer(token) })).statusCode).toBe(200);
  });
});

describe('validation messages', () => {
  it("are Vietnamese, zod's defaults included, and so is the answer's message", async () => {
    const query = expectValidationError(await app.inject({ method: 'GET', url: '/vam/robot/getList?page=abc', headers: bearer(token) }), ['page']);
    expect(query.message).toBe('Dữ liệu không hợp lệ (tham số truy vấn): xem lỗi của từng trường');
    expect(query.errors[0]!.message).toBe('phải là số nguyên không âm');
    // One message per value: twenty digits are too large, not also "not a whole number".
    const huge = expectValidationError(await app.inject({ method: 'GET', url: '/vam/robot/getList?page=12345678901234567890', headers: bearer(token) }), ['page']);
    expect(huge.errors).toEqual([{ field: 'page', message: `tối đa là ${Number.MAX_SAFE_INTEGER}` }]);
    const negative = expectValidationError(await app.inject({ method: 'GET', url: '/vam/robot/getList?page=-1', headers: bearer(token) }), ['page']);
    expect(negative.errors).toHaveLength(1);

    const drone = expectValidationError(
      await app.inject({ method: 'POST', url: '/vam/drone/create', headers: bearer(token), payload: { ...DRONE_CREATE_DEFAULTS, name: 42, status: 7 } }),
      ['name', 'status'],
    );
    expect(drone.message).toBe('Dữ liệu không hợp lệ (drone): xem lỗi của từng trường');
    const login = expectValidationError(await app.inject({ method: 'POST', url: routes.login.path, payload: { username: 5 } }), ['username', 'password']);
    for (const { message } of [...drone.errors, ...login.errors]) expect(message).not.toMatch(/Invalid|expected|received|Required/);
  });
});

describe('texts', () => {
  it('refuse lone surrogates and passwords of nothing but spaces', async () => {
    const register = (username: string, password: string) => app.inject({ method: 'POST', url: routes.register.path, payload: { username, password } });
    const blank = expectValidationError(await register('khoangtrang', '    '), ['password']);
    expect(blank.errors[0]!.message).toBe('Mật khẩu không được chỉ gồm khoảng trắng');
    expectValidationError(await register('nửa\uD83D', 'mat-khau-1'), ['username']);
    expectValidationError(await register('binhthuong', 'a\uDE00b'), ['password']);
    expect((await register('binhthuong', ' mật khẩu có cách ')).statusCode).toBe(201);
    expectValidationError(
      await app.inject({ method: 'POST', url: '/vam/drone/create', headers: bearer(token), payload: { ...DRONE_CREATE_DEFAULTS, name: 'Nửa \uD83D' } }),
      ['name'],
    );
  });

  it('bound speed, height and the name, and keep speed and height to the 0.1 step', async () => {
    const body = expectValidationError(
      await app.inject({
        method: 'POST',
        url: '/vam/drone/create',
        headers: bearer(token),
        payload: { ...DRONE_CREATE_DEFAULTS, name: 'x'.repeat(101), speed: 1e6, height: 0.15 },
      }),
      ['name', 'speed', 'height'],
    );
    expect(body.errors).toEqual([
      { field: 'name', message: 'Tên drone tối đa 100 ký tự' },
      { field: 'speed', message: 'Tốc độ tối đa 200 km/h' },
      { field: 'height', message: 'Độ cao chỉ có một chữ số thập phân (bước 0,1)' },
    ]);
  });

  it('let an edit leave the battery level out, keeping the stored one', async () => {
    const before = await app.inject({ method: 'GET', url: '/vam/drone/list/details?droneId=2', headers: bearer(token) });
    const { batteryLevel } = before.json() as { batteryLevel: number };
    const { batteryLevel: _, ...withoutBattery } = { ...DRONE_CREATE_DEFAULTS, name: 'Không pin' };
    const answer = await app.inject({ method: 'PUT', url: '/vam/drone/update/2', headers: bearer(token), payload: withoutBattery });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ name: 'Không pin', batteryLevel });
    expectValidationError(await app.inject({ method: 'POST', url: '/vam/drone/create', headers: bearer(token), payload: withoutBattery }), ['batteryLevel']);
  });
});

describe('tree measurements', () => {
  it("carry the tree's field and location", async () => {
    const trees = (await app.inject({ method: 'GET', url: '/vam/rubber-tree/tree-field?fieldId=1&page=0&size=6', headers: bearer(token) })).json() as {
      content: Array<{ treeId: number; fieldId: number; location: string }>;
    };
    const tree = trees.content[0]!;
    const answer = await app.inject({ method: 'GET', url: `/vam/rubber-tree/tree-details?treeId=${tree.treeId}`, headers: bearer(token) });
    const measurements = routes.treeMeasurements.response.parse(answer.json());
    expect(measurements.length).toBeGreaterThan(0);
    for (const m of measurements) expect(m).toMatchObject({ treeId: tree.treeId, fieldId: tree.fieldId, location: tree.location });
  });
});
