/**
 * The mock plantation API through `inject`: every route of `contracts/api`'s table answers its declared status
 * with a body its own response schema accepts, plus the rest of the contract (auth bodies, pages, wrapped
 * answers, 404s, drone validation, deletes).
 */
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DRONE_CREATE_DEFAULTS,
  EXPIRED_TOKEN_BODY,
  INVALID_TOKEN_BODY,
  routes,
  type DroneDetails,
  type DroneSummary,
  type Page,
  type RouteDef,
  type RouteName,
  type RubberTree,
} from '../contracts/api.js';
import type { StudioServer } from '../server/create-server.js';
import { DEMO_ACCOUNT } from './mock-state.js';
import { bearer, expectJsonError, expectValidationError, login, newServer } from './mock-test-support.js';

// ---------------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------------

type Method = RouteDef['method'];
type Query = Record<string, string | number>;

interface Sample {
  query?: Query;
  params?: { id: number };
  payload?: unknown;
}

function urlOf(path: string, query: Query = {}): string {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return search ? `${path}?${search}` : path;
}

/** Sends a request to `def`'s own method and path (`:id` filled from `params`). */
function callRoute(app: StudioServer, def: RouteDef, sample: Sample, headers: Record<string, string> = {}) {
  const path = def.path.replace(':id', String(sample.params?.id ?? ''));
  return app.inject({
    method: def.method,
    url: urlOf(path, sample.query),
    headers,
    ...(sample.payload !== undefined ? { payload: sample.payload as object } : {}),
  });
}

const UNKNOWN_ID = 987_654;

// ---------------------------------------------------------------------------------------------------------------
// One sample request per route of the table
// ---------------------------------------------------------------------------------------------------------------

let registered = 0;

const VALID_DRONE_BODY = {
  ...DRONE_CREATE_DEFAULTS,
  name: 'Drone thử nghiệm',
  direction: 'Northeast',
  speed: 15.5,
  height: 40,
  currentLocation: 'Lộc Ninh, Bình Phước',
  status: 'active',
  batteryLevel: 80,
};

/** Every route of the table must have a sample here: a route added to the table without one fails below. */
const samples = {
  login: () => ({ payload: { username: DEMO_ACCOUNT.username, password: DEMO_ACCOUNT.password } }),
  register: () => ({ payload: { username: `sample-user-${++registered}`, password: 'secret-1' } }),
  countryAll: () => ({ query: { page: 0, size: 6 } }),
  vamCountryAll: () => ({ query: { page: 0 } }),
  regionsOfCountry: () => ({ query: { countryId: 1, page: 0 } }),
  fieldsOfRegion: () => ({ query: { regionId: 1, page: 0 } }),
  fieldsOfCountry: () => ({ query: { countryId: 1, page: 0 } }),
  plansOfField: () => ({ query: { fieldId: 1, page: 0 } }),
  planDetail: () => ({ query: { planId: 1 } }),
  taskAll: () => ({ query: { page: 0 } }),
  tasksOfRobot: () => ({ query: { robotId: 1, page: 0 } }),
  tasksOfPlan: () => ({ query: { planId: 1, page: 0 } }),
  tappingList: () => ({ query: { page: 0 } }),
  tappingDetail: () => ({ params: { id: 1 } }),
  droneList: () => ({ query: { page: 0, size: 6 } }),
  droneDetails: () => ({ query: { droneId: 1 } }),
  droneCreate: () => ({ payload: VALID_DRONE_BODY }),
  droneUpdate: () => ({ params: { id: 1 }, payload: { ...VALID_DRONE_BODY, name: 'Đổi tên' } }),
  droneDelete: () => ({ params: { id: 3 } }),
  droneSensorSystem: () => ({ query: { droneId: 1 } }),
  treesOfField: () => ({ query: { fieldId: 1, page: 0, size: 6 } }),
  treeDelete: () => ({ params: { id: 2 } }),
  treeMeasurements: () => ({ query: { treeId: 1 } }),
  robotList: () => ({ query: { page: 0 } }),
  robotDetail: () => ({ params: { id: 1 } }),
} satisfies Record<RouteName, () => Sample>;

const routeEntries = Object.entries(routes) as [RouteName, RouteDef][];
const authRoutes = routeEntries.filter(([, def]) => def.auth);

/** The list inside a page answer, wrapped or not; undefined for answers that are not pages. */
function contentOf(body: unknown): unknown[] | undefined {
  const inner = body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body;
  if (Array.isArray(inner)) return inner;
  if (inner && typeof inner === 'object' && Array.isArray((inner as { content?: unknown }).content)) {
    return (inner as { content: unknown[] }).content;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------------------------

let app: StudioServer;
let token: string;

beforeAll(async () => {
  app = await newServer();
  token = await login(app);
});

afterAll(async () => {
  await app.close();
});

async function reset() {
  const res = await app.inject({ method: 'POST', url: '/_mock/reset' });
  expect(res.statusCode).toBe(200);
}

async function get(url: string, query: Query = {}) {
  return app.inject({ method: 'GET', url: urlOf(url, query), headers: bearer(token) });
}

describe('the route table', () => {
  afterAll(reset);

  it('has a sample request for every route, and no sample for a route that is not in the table', () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(routes).sort());
  });

  it.each(routeEntries)('%s answers its declared status with a body its response schema accepts', async (name, def) => {
    const sample = (samples as Partial<Record<string, () => Sample>>)[name];
    expect(sample, `no sample request for route ${name}`).toBeDefined();
    const res = await callRoute(app, def, sample!(), def.auth ? bearer(token) : {});
    expect(res.statusCode, `${def.method} ${def.path}: ${res.body}`).toBe(def.status);
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    const body: unknown = res.json();
    expect(() => def.response.parse(body)).not.toThrow();
    const content = contentOf(body);
    if (content) expect(content.length, `${name} should answer some data`).toBeGreaterThan(0);
  });
});

describe('authentication', () => {
  const otherKey = randomBytes(32);
  const forge = (exp: number) =>
    new SignJWT({ role: 'ADMIN' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(DEMO_ACCOUNT.username)
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(otherKey);

  it('declares login and register as the only open routes', () => {
    expect(routeEntries.filter(([, def]) => !def.auth).map(([name]) => name).sort()).toEqual(['login', 'register']);
  });

  it.each(authRoutes)('%s without a token answers 401 "Invalid JWT token" in plain text', async (name, def) => {
    const res = await callRoute(app, def, samples[name]());
    expect(res.statusCode).toBe(401);
    expect(res.body).toBe(INVALID_TOKEN_BODY);
    expect(String(res.headers['content-type'])).toMatch(/^text\/plain/);
  });

  it.each(authRoutes)('%s with a malformed or forged token answers 401 "Invalid JWT token"', async (name, def) => {
    const forged = await forge(Math.floor(Date.now() / 1000) + 3600);
    const [header, payload] = token.split('.');
    const unsigned = `${header}.${payload}.`;
    const algNone = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const badHeaders: Record<string, string>[] = [
      { authorization: `Bearer ${forged}` },
      { authorization: 'Bearer not-a-jwt' },
      { authorization: `Bearer ${unsigned}` },
      { authorization: `Bearer ${algNone}` },
      { authorization: `Bearer ${token}x` },
      { authorization: token },
      { authorization: `Basic ${Buffer.from('demo:demo123').toString('base64')}` },
      { authorization: 'Bearer ' },
    ];
    for (const headers of badHeaders) {
      const res = await callRoute(app, def, samples[name](), headers);
      expect(res.statusCode, headers.authorization).toBe(401);
      expect(res.body, headers.authorization).toBe(INVALID_TOKEN_BODY);
      expect(String(res.headers['content-type'])).toMatch(/^text\/plain/);
    }
  });

  it('checks the token before reading the body: a broken or non-JSON body without a token is still a 401', async () => {
    for (const [contentType, payload] of [
      ['application/json', '{"name": '],
      ['text/plain', 'hello'],
      ['application/xml', '<drone/>'],
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: routes.droneCreate.path,
        headers: { 'content-type': contentType! },
        payload: payload!,
      });
      expect(res.statusCode, contentType).toBe(401);
      expect(res.body, contentType).toBe(INVALID_TOKEN_BODY);
    }
    // With a token, the same bodies are the client's error.
    const broken = await app.inject({
      method: 'POST',
      url: routes.droneCreate.path,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expectJsonError(broken, 400);
    const plain = await app.inject({
      method: 'POST',
      url: routes.droneCreate.path,
      headers: { ...bearer(token), 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expectJsonError(plain, 415);
  });

  it('treats a forged token that has also expired as invalid, not expired', async () => {
    const res = await get(routes.droneList.path);
    expect(res.statusCode).toBe(200);
    const forgedExpired = await forge(Math.floor(Date.now() / 1000) - 60);
    const bad = await app.inject({ method: 'GET', url: routes.droneList.path, headers: bearer(forgedExpired) });
    expect(bad.statusCode).toBe(401);
    expect(bad.body).toBe(INVALID_TOKEN_BODY);
  });

  it('answers 401 "Token has expired" once a real token has expired', async () => {
    // The mock's clock, moved by the test, starting a millisecond before a whole second: the edge a token must survive.
    let now = Date.parse('2026-01-01T00:00:00.999Z');
    const shortLived = await newServer({ tokenTtlSeconds: 1, now: () => now });
    try {
      const issuedAt = now;
      const shortToken = await login(shortLived);
      // The token lives at least its TTL: a one-second token must not be born at the edge of expiring.
      const claims = JSON.parse(Buffer.from(shortToken.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number };
      expect(claims.exp * 1000).toBeGreaterThanOrEqual(issuedAt + 1000);
      now += 999;
      const before = await shortLived.inject({ method: 'GET', url: '/vam/robot/getList', headers: bearer(shortToken) });
      expect(before.statusCode).toBe(200);
      now += 1_100;
      for (const [name, def] of authRoutes.filter(([n]) => ['countryAll', 'droneList', 'droneCreate', 'robotDetail'].includes(n))) {
        const res = await callRoute(shortLived, def, samples[name](), bearer(shortToken));
        expect(res.statusCode, name).toBe(401);
        expect(res.body, name).toBe(EXPIRED_TOKEN_BODY);
        expect(String(res.headers['content-type'])).toMatch(/^text\/plain/);
      }
      // A fresh login works again.
      const again = await login(shortLived);
      const after = await shortLived.inject({ method: 'GET', url: '/vam/robot/getList', headers: bearer(again) });
      expect(after.statusCode).toBe(200);
    } finally {
      await shortLived.close();
    }
  });

  it('rejects tokens of another server start as invalid', async () => {
    const other = await newServer();
    try {
      const res = await other.inject({ method: 'GET', url: '/country/all', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe(INVALID_TOKEN_BODY);
    } finally {
      await other.close();
    }
  });
});

describe('login', () => {
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: routes.login.path, headers, payload: payload as string });

  it('answers {data: {token, role}} for the demo account, and the token opens the API', async () => {
    const res = await post({ username: DEMO_ACCOUNT.username, password: DEMO_ACCOUNT.password });
    expect(res.statusCode).toBe(routes.login.status);
    const body = routes.login.response.parse(res.json());
    expect(Object.keys(res.json() as object)).toEqual(['data']);
    expect(body.data.role).toBe(DEMO_ACCOUNT.role);
    expect(body.data.token.split('.')).toHaveLength(3);
    const page = await app.inject({ method: 'GET', url: '/country/all', headers: bearer(body.data.token) });
    expect(page.statusCode).toBe(200);
  });

  it('answers 401 JSON with a message for a wrong password or an unknown user', async () => {
    for (const credentials of [
      { username: DEMO_ACCOUNT.username, password: 'wrong-password' },
      { username: 'nobody-here', password: DEMO_ACCOUNT.password },
      { username: DEMO_ACCOUNT.username.toUpperCase(), password: DEMO_ACCOUNT.password },
    ]) {
      const res = await post(credentials);
      const body = expectJsonError(res, 401);
      expect(body.message.length).toBeGreaterThan(0);
      expect(res.body).not.toContain('token');
    }
  });

  it('answers 400 naming the field when the username or password is missing or empty', async () => {
    const cases: [unknown, string[]][] = [
      [{ password: 'x' }, ['username']],
      [{ username: 'demo' }, ['password']],
      [{}, ['username', 'password']],
      [{ username: '', password: 'x' }, ['username']],
      [{ username: '   ', password: 'x' }, ['username']],
      [{ username: 'demo', password: '' }, ['password']],
      [{ username: '', password: '' }, ['username', 'password']],
      [{ username: 5, password: 'x' }, ['username']],
    ];
    for (const [payload, fields] of cases) {
      const body = expectValidationError(await post(payload), fields);
      expect(body.errors.map((e) => e.field).sort(), JSON.stringify(payload)).toEqual([...fields].sort());
    }
    // No body at all.
    expectValidationError(await app.inject({ method: 'POST', url: routes.login.path }), ['username', 'password']);
  });

  it('answers 400 JSON for a body that is not JSON', async () => {
    const res = await post('{"username": "demo", ', { 'content-type': 'application/json' });
    expect(expectJsonError(res, 400).message).toMatch(/JSON/);
    const empty = await post('', { 'content-type': 'application/json' });
    expectJsonError(empty, 400);
  });

  it('answers 415 JSON for a body that is not sent as JSON', async () => {
    const plain = await post(JSON.stringify({ username: 'demo', password: 'demo123' }), { 'content-type': 'text/plain' });
    expectJsonError(plain, 415);
    const form = await post('username=demo&password=demo123', { 'content-type': 'application/x-www-form-urlencoded' });
    expectJsonError(form, 415);
  });
});

describe('register', () => {
  afterAll(reset);

  it('answers 201, and the new account can sign in', async () => {
    const res = await app.inject({ method: 'POST', url: routes.register.path, payload: { username: 'new.user', password: 'pa55word' } });
    expect(res.statusCode).toBe(routes.register.status);
    const body = routes.register.response.parse(res.json());
    expect(body.data.username).toBe('new.user');
    expect(res.body).not.toContain('pa55word');
    const newToken = await login(app, 'new.user', 'pa55word');
    const page = await app.inject({ method: 'GET', url: '/vam/drone/list', headers: bearer(newToken) });
    expect(page.statusCode).toBe(200);
    // The wrong password still fails for it.
    const wrong = await app.inject({ method: 'POST', url: routes.login.path, payload: { username: 'new.user', password: 'nope' } });
    expectJsonError(wrong, 401);
  });

  it('answers 409 JSON when the name is taken, in any case, and keeps the first password', async () => {
    const first = await app.inject({ method: 'POST', url: routes.register.path, payload: { username: 'taken', password: 'first-1' } });
    expect(first.statusCode).toBe(201);
    for (const username of ['taken', 'TAKEN', DEMO_ACCOUNT.username]) {
      const res = await app.inject({ method: 'POST', url: routes.register.path, payload: { username, password: 'second-2' } });
      expectJsonError(res, 409);
    }
    await login(app, 'taken', 'first-1');
    await login(app);
  });

  it('answers 400 naming the field when one is missing', async () => {
    expectValidationError(
      await app.inject({ method: 'POST', url: routes.register.path, payload: { username: 'someone' } }),
      ['password'],
    );
    expectValidationError(
      await app.inject({ method: 'POST', url: routes.register.path, payload: { password: 'secret' } }),
      ['username'],
    );
    expectValidationError(
      await app.inject({ method: 'POST', url: routes.register.path, payload: { username: '', password: '' } }),
      ['username', 'password'],
    );
  });
});

describe('pages', () => {
  type AnyPage = Page<unknown>;
  const pageOf = (body: unknown): AnyPage =>
    (body && typeof body === 'object' && 'data' in body ? (body as { data: AnyPage }).data : body) as AnyPage;

  it('serves countries six to a page by default, with a working size parameter', async () => {
    const res = await get('/country/all');
    expect(res.statusCode).toBe(200);
    const page = routes.countryAll.response.parse(res.json());
    expect(page.size).toBe(6);
    expect(page.content).toHaveLength(6);
    expect(page.number).toBe(0);
    expect(page.first).toBe(true);
    expect(page.last).toBe(false);
    expect(page.empty).toBe(false);
    expect(page.totalPages).toBe(Math.ceil(page.totalElements / 6));
    expect(page.pageable).toEqual({ pageNumber: 0, pageSize: 6, offset: 0 });
    expect(page.content[0]).toEqual({ countryId: 1, countryName: 'Viet Nam' });

    const ten = routes.countryAll.response.parse((await get('/country/all', { size: 10 })).json());
    expect(ten.size).toBe(10);
    expect(ten.content).toHaveLength(10);
    expect(ten.totalElements).toBe(page.totalElements);
    expect(ten.totalPages).toBe(Math.ceil(page.totalElements / 10));
    expect(ten.content.slice(0, 6)).toEqual(page.content);
  });

  it('walks every page of countries: zero-based numbers, offsets, and a short last page', async () => {
    const first = routes.countryAll.response.parse((await get('/country/all', { size: 6 })).json());
    const seen: number[] = [];
    for (let n = 0; n < first.totalPages; n++) {
      const page = routes.countryAll.response.parse((await get('/country/all', { page: n, size: 6 })).json());
      expect(page.number).toBe(n);
      expect(page.pageable).toEqual({ pageNumber: n, pageSize: 6, offset: n * 6 });
      expect(page.first).toBe(n === 0);
      expect(page.last).toBe(n === first.totalPages - 1);
      expect(page.totalElements).toBe(first.totalElements);
      expect(page.numberOfElements).toBe(page.content.length);
      seen.push(...page.content.map((c) => c.countryId));
    }
    expect(seen).toEqual(Array.from({ length: first.totalElements }, (_, i) => i + 1));

    const remainder = first.totalElements - (first.totalPages - 1) * 6;
    expect(remainder).toBeGreaterThan(0);
    expect(remainder).toBeLessThan(6); // the seed leaves a short last page to check
    const last = routes.countryAll.response.parse((await get('/country/all', { page: first.totalPages - 1 })).json());
    expect(last.last).toBe(true);
    expect(last.numberOfElements).toBe(remainder);
    expect(last.content).toHaveLength(remainder);
    expect(last.empty).toBe(false);
  });

  it('answers an empty page past the last one, with the true totals', async () => {
    const first = routes.countryAll.response.parse((await get('/country/all')).json());
    for (const n of [first.totalPages, first.totalPages + 5]) {
      const page = routes.countryAll.response.parse((await get('/country/all', { page: n })).json());
      expect(page.content).toEqual([]);
      expect(page.empty).toBe(true);
      expect(page.numberOfElements).toBe(0);
      expect(page.number).toBe(n);
      expect(page.first).toBe(false);
      expect(page.last).toBe(true);
      expect(page.totalElements).toBe(first.totalElements);
      expect(page.totalPages).toBe(first.totalPages);
      expect(page.pageable).toEqual({ pageNumber: n, pageSize: 6, offset: n * 6 });
    }
  });

  it('uses the default page size of the contract on every paged route: robots 10, the others 6', async () => {
    const paged = routeEntries.filter(([name]) => {
      const q = samples[name]() as Sample;
      return q.query && 'page' in q.query;
    });
    expect(paged.length).toBeGreaterThanOrEqual(13);
    for (const [name, def] of paged) {
      const { size: _size, ...query } = (samples[name]() as Sample).query!;
      const res = await callRoute(app, def, { query }, bearer(token));
      expect(res.statusCode, name).toBe(200);
      const page = pageOf(def.response.parse(res.json()));
      const expected = name === 'robotList' ? 10 : 6;
      expect(page.size, name).toBe(expected);
      expect(page.pageable.pageSize, name).toBe(expected);
      expect(page.content.length, name).toBe(Math.min(expected, page.totalElements));
    }
  });

  it('pages robots by ten, with the size parameter honoured', async () => {
    const page = routes.robotList.response.parse((await get('/vam/robot/getList', { page: 1 })).json());
    expect(page.size).toBe(10);
    expect(page.number).toBe(1);
    expect(page.pageable.offset).toBe(10);
    expect(page.content[0]?.id).toBe(11);
    const small = routes.robotList.response.parse((await get('/vam/robot/getList', { page: 2, size: 4 })).json());
    expect(small.content.map((r) => r.id)).toEqual([9, 10, 11, 12]);
    expect(small.pageable).toEqual({ pageNumber: 2, pageSize: 4, offset: 8 });
  });

  it('answers 400 JSON naming the parameter for bad query values', async () => {
    const cases: [string, Query, string][] = [
      ['/country/all', { page: -1 }, 'page'],
      ['/country/all', { page: 'abc' }, 'page'],
      ['/country/all', { page: '1.5' }, 'page'],
      ['/country/all', { page: '' }, 'page'],
      ['/country/all', { size: 0 }, 'size'],
      ['/country/all', { size: 1000 }, 'size'],
      ['/country/all', { size: 101 }, 'size'],
      ['/vam/drone/list', { size: -3 }, 'size'],
      ['/vam/robot/getList', { page: '1e3' }, 'page'],
      ['/vam/region/country', { countryId: 'x' }, 'countryId'],
      ['/vam/region/country', { page: 0 }, 'countryId'],
      ['/vam/field/country', { countryId: 0 }, 'countryId'],
      ['/vam/field/region', { regionId: '' }, 'regionId'],
      ['/vam/plan/plan-field/detail', {}, 'planId'],
      ['/vam/drone/list/details', { droneId: 'one' }, 'droneId'],
      ['/vam/rubber-tree/tree-details', { treeId: '-1' }, 'treeId'],
      ['/vam/tapping/detail/abc', {}, 'id'],
      ['/vam/robot/robotdetail/0', {}, 'id'],
    ];
    for (const [url, query, field] of cases) {
      const res = await get(url, query);
      const body = expectValidationError(res, [field]);
      expect(body.errors.length, `${url} ${JSON.stringify(query)}`).toBeGreaterThan(0);
    }
    // Both at once are both named.
    expectValidationError(await get('/country/all', { page: -1, size: 0 }), ['page', 'size']);
  });

  it('keeps the size at most 100 but accepts exactly 100', async () => {
    const page = routes.countryAll.response.parse((await get('/country/all', { size: 100 })).json());
    expect(page.size).toBe(100);
    expect(page.content).toHaveLength(page.totalElements);
    expect(page.totalPages).toBe(1);
    expect(page.first && page.last).toBe(true);
  });
});

describe('wrapped answers', () => {
  it('puts task and tapping pages under data', async () => {
    for (const [name, url, query] of [
      ['taskAll', '/vam/task/all', { page: 0 }],
      ['tasksOfRobot', '/vam/task/task-robot', { page: 0, robotId: 1 }],
      ['tasksOfPlan', '/vam/task/task-plan', { page: 0, planId: 1 }],
      ['tappingList', '/vam/tapping/getlist', { page: 1 }],
    ] as const) {
      const res = await get(url, query);
      expect(res.statusCode).toBe(200);
      const json = res.json() as Record<string, unknown>;
      expect(Object.keys(json), name).toEqual(['data']);
      const body = routes[name].response.parse(json);
      expect(body.data.content.length, name).toBeGreaterThan(0);
      expect(body.data.number).toBe(query.page);
    }
    const byRobot = routes.tasksOfRobot.response.parse((await get('/vam/task/task-robot', { robotId: 1 })).json());
    expect(byRobot.data.content.every((t) => t.robotId === 1)).toBe(true);
    const byPlan = routes.tasksOfPlan.response.parse((await get('/vam/task/task-plan', { planId: 1 })).json());
    expect(byPlan.data.content.every((t) => t.planId === 1)).toBe(true);
    expect(byPlan.data.totalElements).toBeGreaterThan(6);
  });

  it('lists tapping summaries only, and the detail under data with every field', async () => {
    const list = routes.tappingList.response.parse((await get('/vam/tapping/getlist')).json());
    const first = list.data.content[0]!;
    expect(Object.keys(first).sort()).toEqual(['direction', 'id', 'robotId', 'treeId']);
    const res = await get(`/vam/tapping/detail/${first.id}`);
    const json = res.json() as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['data']);
    const detail = routes.tappingDetail.response.parse(json).data;
    expect(detail).toMatchObject(first);
    for (const key of ['speed', 'quantity', 'tappingStatus', 'angle', 'depth', 'bladeStatus', 'windDirection', 'windSpeed', 'temperature', 'rainfall', 'time']) {
      expect(detail, key).toHaveProperty(key);
    }
  });
});

describe('404 for unknown ids', () => {
  afterAll(reset);

  it.each([
    ['regions of an unknown country', 'GET', '/vam/region/country', { countryId: UNKNOWN_ID, page: 0 }],
    ['fields of an unknown country', 'GET', '/vam/field/country', { countryId: UNKNOWN_ID }],
    ['fields of an unknown region', 'GET', '/vam/field/region', { regionId: UNKNOWN_ID }],
    ['plan detail', 'GET', '/vam/plan/plan-field/detail', { planId: UNKNOWN_ID }],
    ['tapping detail', 'GET', `/vam/tapping/detail/${UNKNOWN_ID}`, {}],
    ['drone details', 'GET', '/vam/drone/list/details', { droneId: UNKNOWN_ID }],
    ['drone sensor system', 'GET', '/vam/drone/list/details/scs', { droneId: UNKNOWN_ID }],
    ['drone delete', 'DELETE', `/vam/drone/delete/${UNKNOWN_ID}`, {}],
    ['tree delete', 'DELETE', `/vam/rubber-tree/delete/${UNKNOWN_ID}`, {}],
    ['tree measurements', 'GET', '/vam/rubber-tree/tree-details', { treeId: UNKNOWN_ID }],
    ['robot detail', 'GET', `/vam/robot/robotdetail/${UNKNOWN_ID}`, {}],
  ] as [string, Method, string, Query][])('%s', async (_label, method, url, query) => {
    const res = await app.inject({ method, url: urlOf(url, query), headers: bearer(token) });
    const body = expectJsonError(res, 404);
    expect(body.message).toMatch(String(UNKNOWN_ID));
  });

  it('drone update of an unknown id, even with a valid body', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/vam/drone/update/${UNKNOWN_ID}`,
      headers: bearer(token),
      payload: VALID_DRONE_BODY,
    });
    expect(expectJsonError(res, 404).message).toMatch(String(UNKNOWN_ID));
    const list = routes.droneList.response.parse((await get('/vam/drone/list', { size: 100 })).json());
    expect(list.content.some((d) => d.droneId === UNKNOWN_ID)).toBe(false);
  });
});

describe('drones', () => {
  afterEach(reset);

  const listAll = async (): Promise<Page<DroneSummary>> =>
    routes.droneList.response.parse((await get('/vam/drone/list', { size: 100 })).json());
  const details = async (droneId: number) => get('/vam/drone/list/details', { droneId });

  it('creates a drone from the create defaults plus a name, and lists it', async () => {
    const before = await listAll();
    const maxId = Math.max(...before.content.map((d) => d.droneId));
    const input = { ...DRONE_CREATE_DEFAULTS, name: 'Sơn Ca Mới' };
    const res = await app.inject({ method: 'POST', url: '/vam/drone/create', headers: bearer(token), payload: input });
    expect(res.statusCode, res.body).toBe(routes.droneCreate.status);
    const drone = routes.droneCreate.response.parse(res.json());
    expect(drone).toMatchObject(input);
    expect(drone.droneId).toBe(maxId + 1);
    expect(drone.droneInfoId).toBeGreaterThan(0);
    expect(drone.image).toMatch(/^\/media\/drone-[1-6]\.svg$/);
    expect(Date.now() - Date.parse(drone.lastUpdate)).toBeLessThan(60_000);

    // On the last page of the default list.
    const first = routes.droneList.response.parse((await get('/vam/drone/list')).json());
    expect(first.totalElements).toBe(before.totalElements + 1);
    const last = routes.droneList.response.parse((await get('/vam/drone/list', { page: first.totalPages - 1 })).json());
    expect(last.last).toBe(true);
    expect(last.content.at(-1)).toEqual({
      droneId: drone.droneId,
      robotId: drone.robotId,
      sensorControlSystemId: drone.sensorControlSystemId,
      name: drone.name,
      status: drone.status,
      batteryLevel: drone.batteryLevel,
      lastUpdate: drone.lastUpdate,
    });

    const detailRes = await details(drone.droneId);
    expect(detailRes.statusCode).toBe(200);
    const detail: DroneDetails = routes.droneDetails.response.parse(detailRes.json());
    expect(detail).toEqual({
      droneInfoId: drone.droneInfoId,
      direction: drone.direction,
      speed: drone.speed,
      height: drone.height,
      currentLocation: drone.currentLocation,
      image: drone.image,
      droneId: drone.droneId,
      name: drone.name,
      status: drone.status,
      batteryLevel: drone.batteryLevel,
      lastUpdate: drone.lastUpdate,
    });

    const scs = await get('/vam/drone/list/details/scs', { droneId: drone.droneId });
    expect(scs.statusCode).toBe(200);
    expect(routes.droneSensorSystem.response.parse(scs.json()).scsId).toBe(drone.sensorControlSystemId);
  });

  it('answers 400 naming each of the 8 bad fields when every rule is broken at once, and stores nothing', async () => {
    const before = await listAll();
    const res = await app.inject({
      method: 'POST',
      url: '/vam/drone/create',
      headers: bearer(token),
      payload: {
        name: '',
        direction: 'Up',
        speed: -1,
        height: -0.5,
        currentLocation: 'Somewhere',
        status: 'broken',
        batteryLevel: 101,
        robotId: 0,
        sensorControlSystemId: 0,
      },
    });
    const fields = ['name', 'direction', 'speed', 'height', 'status', 'batteryLevel', 'robotId', 'sensorControlSystemId'];
    const body = expectValidationError(res, fields);
    expect(Object.keys(res.json() as object).sort()).toEqual(['code', 'errors', 'message']);
    expect(body.errors.map((e) => e.field).sort()).toEqual([...fields].sort());
    expect((await listAll()).totalElements).toBe(before.totalElements);
  });

  it('answers 400 for missing fields, wrong types, and a body that is not an object', async () => {
    expectValidationError(
      await app.inject({ method: 'POST', url: '/vam/drone/create', headers: bearer(token), payload: { name: 'Only a name' } }),
      ['speed', 'height', 'status', 'batteryLevel', 'robotId', 'sensorControlSystemId'],
    );
    expectValidationError(
      await app.inject({
        method: 'POST',
        url: '/vam/drone/create',
        headers: bearer(token),
        payload: { ...VALID_DRONE_BODY, speed: 'fast', robotId: 1.5, batteryLevel: '' },
      }),
      ['speed', 'robotId', 'batteryLevel'],
    );
    expectValidationError(
      await app.inject({
        method: 'POST',
        url: '/vam/drone/create',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: '[1,2]',
      }),
      ['body'],
    );
  });

  it('accepts numeric strings and an empty direction', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/vam/drone/create',
      headers: bearer(token),
      payload: { ...VALID_DRONE_BODY, direction: '', speed: '12.5', height: ' 30 ', batteryLevel: '55', robotId: '2', sensorControlSystemId: '2' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const drone = routes.droneCreate.response.parse(res.json());
    expect(drone).toMatchObject({ direction: '', speed: 12.5, height: 30, batteryLevel: 55, robotId: 2, sensorControlSystemId: 2 });
  });

  it('answers 400 naming robotId or sensorControlSystemId when it does not exist', async () => {
    const robot = await app.inject({
      method: 'POST',
      url: '/vam/drone/create',
      headers: bearer(token),
      payload: { ...VALID_DRONE_BODY, robotId: UNKNOWN_ID },
    });
    const robotBody = expectValidationError(robot, ['robotId']);
    expect(robotBody.errors.map((e) => e.field)).toEqual(['robotId']);
    const scs = await app.inject({
      method: 'POST',
      url: '/vam/drone/create',
      headers: bearer(token),
      payload: { ...VALID_DRONE_BODY, sensorControlSystemId: UNKNOWN_ID },
    });
    expect(expectValidationError(scs, ['sensorControlSystemId']).errors).toHaveLength(1);
  });

  it('names an unknown robot even when other fields are broken too', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/vam/drone/create',
      headers: bearer(token),
      payload: { ...VALID_DRONE_BODY, name: '', robotId: UNKNOWN_ID, sensorControlSystemId: UNKNOWN_ID },
    });
    expect(expectValidationError(res, ['name', 'robotId', 'sensorControlSystemId']).errors).toHaveLength(3);
  });

  it('updates a drone: 200 with the changed fields, visible in details and the list', async () => {
    const original = routes.droneDetails.response.parse((await details(2)).json());
    const change = { ...VALID_DRONE_BODY, name: 'Đại Bàng Sửa', direction: 'Southwest', speed: '33.3', status: 'maintenance', batteryLevel: 12 };
    const res = await app.inject({ method: 'PUT', url: '/vam/drone/update/2', headers: bearer(token), payload: change });
    expect(res.statusCode, res.body).toBe(routes.droneUpdate.status);
    const drone = routes.droneUpdate.response.parse(res.json());
    expect(drone).toMatchObject({ ...change, speed: 33.3, droneId: 2, droneInfoId: original.droneInfoId, image: original.image });
    const after = routes.droneDetails.response.parse((await details(2)).json());
    expect(after).toMatchObject({ name: 'Đại Bàng Sửa', direction: 'Southwest', speed: 33.3, status: 'maintenance', batteryLevel: 12 });
    expect(Date.parse(after.lastUpdate!)).toBeGreaterThanOrEqual(Date.parse(original.lastUpdate!));
    const listed = (await listAll()).content.find((d) => d.droneId === 2);
    expect(listed).toMatchObject({ name: 'Đại Bàng Sửa', status: 'maintenance', batteryLevel: 12 });
  });

  it('refuses an update with a bad body and leaves the stored drone unchanged', async () => {
    const before = (await details(2)).json() as unknown;
    const res = await app.inject({
      method: 'PUT',
      url: '/vam/drone/update/2',
      headers: bearer(token),
      payload: { ...VALID_DRONE_BODY, name: 'Must not be stored', batteryLevel: -5, status: 'exploded' },
    });
    const body = expectValidationError(res, ['batteryLevel', 'status']);
    expect(body.errors.map((e) => e.field)).not.toContain('name');
    expect((await details(2)).json()).toEqual(before);
    const missingRobot = await app.inject({
      method: 'PUT',
      url: '/vam/drone/update/2',
      headers: bearer(token),
      payload: { ...VALID_DRONE_BODY, name: 'Must not be stored', robotId: UNKNOWN_ID },
    });
    expectValidationError(missingRobot, ['robotId']);
    expect((await details(2)).json()).toEqual(before);
  });

  it('deletes a drone: 200, then its details answer 404 and the list total is one less', async () => {
    const before = await listAll();
    const res = await app.inject({ method: 'DELETE', url: '/vam/drone/delete/4', headers: bearer(token) });
    expect(res.statusCode).toBe(routes.droneDelete.status);
    routes.droneDelete.response.parse(res.json());
    expectJsonError(await details(4), 404);
    expectJsonError(await get('/vam/drone/list/details/scs', { droneId: 4 }), 404);
    const after = await listAll();
    expect(after.totalElements).toBe(before.totalElements - 1);
    expect(after.content.map((d) => d.droneId)).toEqual(before.content.map((d) => d.droneId).filter((id) => id !== 4));
    // A second delete is a 404, and so is an update.
    expectJsonError(await app.inject({ method: 'DELETE', url: '/vam/drone/delete/4', headers: bearer(token) }), 404);
    expectJsonError(
      await app.inject({ method: 'PUT', url: '/vam/drone/update/4', headers: bearer(token), payload: VALID_DRONE_BODY }),
      404,
    );
  });
});

describe('rubber trees', () => {
  afterAll(reset);

  const treesOf = async (fieldId: number): Promise<{ trees: RubberTree[]; total: number }> => {
    const first = routes.treesOfField.response.parse((await get('/vam/rubber-tree/tree-field', { fieldId, page: 0 })).json());
    const trees = [...first.content];
    for (let n = 1; n < first.totalPages; n++) {
      const page = routes.treesOfField.response.parse((await get('/vam/rubber-tree/tree-field', { fieldId, page: n })).json());
      trees.push(...page.content);
    }
    expect(trees).toHaveLength(first.totalElements);
    return { trees, total: first.totalElements };
  };

  it('lists measurements of a tree newest first, at least eight of them', async () => {
    const res = await get('/vam/rubber-tree/tree-details', { treeId: 1 });
    expect(res.statusCode).toBe(200);
    const measurements = routes.treeMeasurements.response.parse(res.json());
    expect(measurements.length).toBeGreaterThanOrEqual(8);
    expect(measurements.every((m) => m.treeId === 1)).toBe(true);
    for (let i = 1; i < measurements.length; i++) {
      expect(Date.parse(measurements[i - 1]!.checkDate)).toBeGreaterThanOrEqual(Date.parse(measurements[i]!.checkDate));
    }
  });

  it('deletes a tree of field 1: 200, gone from its pages, its measurements 404, the total one less', async () => {
    const before = await treesOf(1);
    expect(before.total).toBeGreaterThan(12); // three pages of 6
    const victim = before.trees[7]!;
    expect((await get('/vam/rubber-tree/tree-details', { treeId: victim.treeId })).statusCode).toBe(200);

    const res = await app.inject({ method: 'DELETE', url: `/vam/rubber-tree/delete/${victim.treeId}`, headers: bearer(token) });
    expect(res.statusCode).toBe(routes.treeDelete.status);
    routes.treeDelete.response.parse(res.json());

    const after = await treesOf(1);
    expect(after.total).toBe(before.total - 1);
    expect(after.trees.map((t) => t.treeId)).toEqual(before.trees.map((t) => t.treeId).filter((id) => id !== victim.treeId));
    expectJsonError(await get('/vam/rubber-tree/tree-details', { treeId: victim.treeId }), 404);
    expectJsonError(
      await app.inject({ method: 'DELETE', url: `/vam/rubber-tree/delete/${victim.treeId}`, headers: bearer(token) }),
      404,
    );
    const state = (await app.inject({ method: 'GET', url: '/_mock/state' })).json() as {
      measurements: { treeId: number }[];
    };
    expect(state.measurements.some((m) => m.treeId === victim.treeId)).toBe(false);
  });
});

describe('fields', () => {
  it('lists fields of a country: the totals equal the sum over all its regions', async () => {
    const regions = routes.regionsOfCountry.response.parse((await get('/vam/region/country', { countryId: 1, size: 100 })).json());
    expect(regions.totalElements).toBeGreaterThan(1);
    expect(regions.content).toHaveLength(regions.totalElements);
    let sum = 0;
    const regionFieldIds: number[] = [];
    for (const region of regions.content) {
      const page = routes.fieldsOfRegion.response.parse((await get('/vam/field/region', { regionId: region.regionId, size: 100 })).json());
      sum += page.totalElements;
      regionFieldIds.push(...page.content.map((f) => f.fieldId));
    }
    const byCountry = routes.fieldsOfCountry.response.parse((await get('/vam/field/country', { countryId: 1 })).json());
    expect(byCountry.totalElements).toBe(sum);
    expect(byCountry.size).toBe(6);
    expect(byCountry.totalPages).toBe(Math.ceil(sum / 6));
    const all = routes.fieldsOfCountry.response.parse((await get('/vam/field/country', { countryId: 1, size: 100 })).json());
    expect(all.content.map((f) => f.fieldId).sort((a, b) => a - b)).toEqual(regionFieldIds.sort((a, b) => a - b));
  });

  it('answers an empty page of regions for a country without regions', async () => {
    const countries = routes.countryAll.response.parse((await get('/country/all', { size: 100 })).json());
    const northKorea = countries.content.find((c) => c.countryName === 'North Korea')!;
    const page = routes.regionsOfCountry.response.parse((await get('/vam/region/country', { countryId: northKorea.countryId })).json());
    expect(page).toMatchObject({ content: [], totalElements: 0, empty: true, numberOfElements: 0 });
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/vam/unknown'],
    ['GET', '/vam/drone/list/extra'],
    ['GET', '/country/unknown'],
    ['GET', '/api/unknown'],
    // A wrong method on an API path is a 405 instead (mock-api-hygiene.test.ts).
    ['GET', '/_mock/unknown'],
    ['PUT', '/_mock/reset'],
    ['GET', '/VAM/drone/list'],
  ] as [Method, string][])('%s %s answers 404 JSON {code, message}', async (method, url) => {
    const res = await app.inject({ method, url, headers: bearer(token) });
    expectJsonError(res, 404);
    const body = res.json() as { code: string; message: string };
    expect(Object.keys(body).sort()).toEqual(['code', 'message']);
    expect(body.code).toBe('ROUTE_NOT_FOUND');
    expect(body.message).toContain(url);
  });
});
