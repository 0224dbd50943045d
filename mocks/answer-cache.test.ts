/**
 * Kept answers of the mock's reads: the same bytes and headers as a fresh answer, gone as soon as the data changes,
 * and never in the way of faults, forced statuses or the token check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../contracts/api.js';
import type { StudioServer } from '../server/create-server.js';
import { AnswerCache } from './answer-cache.js';
import { bearer, expectJsonError, login, newServer } from './mock-test-support.js';

describe('AnswerCache', () => {
  const bytes = (text: string) => Buffer.from(text);

  it('gives back what was kept at the same version only', () => {
    const cache = new AnswerCache();
    expect(cache.get('/a', 1)).toBeUndefined();
    cache.set('/a', 1, bytes('one'));
    expect(cache.get('/a', 1)?.toString()).toBe('one');
    expect(cache.get('/b', 1)).toBeUndefined();
    expect(cache.get('/a', 2)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not keep an answer worked out at an older version', () => {
    const cache = new AnswerCache();
    cache.get('/a', 1);
    cache.get('/a', 2);
    cache.set('/a', 1, bytes('stale'));
    expect(cache.get('/a', 2)).toBeUndefined();
  });

  it('starts over when full, by count or by bytes, and never keeps an answer larger than the whole', () => {
    const cache = new AnswerCache({ entries: 2, bytes: 10 });
    cache.get('/', 1);
    cache.set('/a', 1, bytes('aaaa'));
    cache.set('/b', 1, bytes('bbbb'));
    cache.set('/c', 1, bytes('cc'));
    expect(cache.size).toBe(1);
    expect(cache.get('/c', 1)?.toString()).toBe('cc');
    cache.set('/d', 1, bytes('d'.repeat(9)));
    expect(cache.size).toBe(1);
    expect(cache.get('/c', 1)).toBeUndefined();
    cache.set('/e', 1, bytes('e'.repeat(11)));
    expect(cache.get('/e', 1)).toBeUndefined();
  });
});

describe('the mock keeps answers of reads until the data changes', () => {
  let app: StudioServer;
  let token: string;
  beforeAll(async () => {
    app = await newServer();
    token = await login(app);
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = bearer(token)) => app.inject({ method: 'GET', url, headers });
  const list = '/vam/drone/list?page=0&size=50';

  it('answers a repeated read with the same bytes and headers as the first', async () => {
    const first = await get(list);
    const second = await get(list);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['content-length']).toBe(first.headers['content-length']);
    expect(Number(second.headers['content-length'])).toBe(first.rawPayload.length);
    expect(routes.droneList.response.parse(second.json()).content.length).toBeGreaterThan(0);
  });

  it('answers a HEAD of a kept read with its headers and no body', async () => {
    await get(list);
    const head = await app.inject({ method: 'HEAD', url: list, headers: bearer(token) });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('shows a create, an update and a delete on the very next read, and the seeded data again after a reset', async () => {
    const before = routes.droneList.response.parse((await get(list)).json());
    const detail = (id: number) => get(`/vam/drone/list/details?droneId=${id}`);
    await detail(1);

    const original = routes.droneDetails.response.parse((await detail(1)).json());
    const update = await app.inject({
      method: 'PUT',
      url: '/vam/drone/update/1',
      headers: bearer(token),
      payload: { ...original, name: 'Tên mới', robotId: before.content[0]!.robotId, sensorControlSystemId: before.content[0]!.sensorControlSystemId },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(routes.droneDetails.response.parse((await detail(1)).json()).name).toBe('Tên mới');
    expect(routes.droneList.response.parse((await get(list)).json()).content.find((d) => d.droneId === 1)?.name).toBe('Tên mới');

    expect((await app.inject({ method: 'DELETE', url: '/vam/drone/delete/1', headers: bearer(token) })).statusCode).toBe(200);
    expectJsonError(await detail(1), 404);
    expect(routes.droneList.response.parse((await get(list)).json()).totalElements).toBe(before.totalElements - 1);

    expect((await app.inject({ method: 'POST', url: '/_mock/reset' })).statusCode).toBe(200);
    expect((await get(list)).json()).toEqual(before);
    expect(routes.droneDetails.response.parse((await detail(1)).json())).toEqual(original);
  });

  it('still checks the token, forced statuses and armed faults before a kept answer', async () => {
    expect((await get(list)).statusCode).toBe(200);
    const unsigned = await get(list, {});
    expect(unsigned.statusCode).toBe(401);
    expect((await get(list, { ...bearer(token), 'x-mock-status': '503' })).statusCode).toBe(503);
    const armed = await app.inject({ method: 'POST', url: '/_mock/faults', payload: { path: routes.droneList.path, status: 500, count: 1 } });
    expect(armed.statusCode).toBe(201);
    expect((await get(list)).statusCode).toBe(500);
    expect((await get(list)).statusCode).toBe(200);
  });

  it('does not keep a refused read: a bad query is refused every time', async () => {
    const bad = '/vam/drone/list?page=-1';
    expectJsonError(await get(bad), 400);
    expectJsonError(await get(bad), 400);
  });
});
