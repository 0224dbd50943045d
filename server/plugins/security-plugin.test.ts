import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type StudioServer } from '../create-server.js';
import { hostRefusal } from './security-plugin.js';

describe('hostRefusal', () => {
  const request = (url: string, rawHeaders: string[]) => {
    const headers: Record<string, string> = {};
    for (let i = 0; i < rawHeaders.length; i += 2) headers[rawHeaders[i]!.toLowerCase()] ??= rawHeaders[i + 1]!;
    return { url, rawHeaders, headers };
  };

  it('passes one Host that names this machine or an allowed name', () => {
    for (const host of ['127.0.0.1:4600', 'localhost:4600', '[::1]:4600', 'studio.lan']) {
      expect(hostRefusal(request('/', ['Host', host]), ['studio.lan']), host).toBeNull();
    }
  });

  it('refuses a foreign name (403), a malformed Host, two Hosts and an absolute-form target (400)', () => {
    expect(hostRefusal(request('/', ['Host', 'evil.example']), [])).toMatchObject({ code: 'FORBIDDEN_HOST', statusCode: 403 });
    expect(hostRefusal(request('/', []), [])).toMatchObject({ code: 'FORBIDDEN_HOST', statusCode: 403 });
    expect(hostRefusal(request('/', ['Host', '127.0.0.1:4600@evil.example']), [])).toMatchObject({ code: 'MALFORMED_HOST', statusCode: 400 });
    expect(hostRefusal(request('/', ['Host', '127.0.0.1', 'host', 'evil.example']), [])).toMatchObject({ code: 'MALFORMED_HOST' });
    expect(hostRefusal(request('http://evil.example/', ['Host', '127.0.0.1']), [])).toMatchObject({ code: 'MALFORMED_HOST' });
    expect(hostRefusal(request('*', ['Host', '127.0.0.1']), [])).toMatchObject({ code: 'MALFORMED_HOST' });
  });
});

describe('the Host check on every route (DNS rebinding)', () => {
  let app: StudioServer;
  beforeAll(async () => {
    app = await createServer({
      api: { mode: 'mock', mock: { seed: 1, latencyMs: 0, tokenTtlSeconds: 60 } },
      console: { kind: 'none' },
      studio: true,
      allowedHosts: ['studio.lan'],
    });
  });
  afterAll(() => app.close());

  const paths = [
    ['GET', '/_studio/api/health'],
    ['GET', '/_studio/'],
    ['POST', '/api/account/login'],
    ['GET', '/country/all'],
    ['POST', '/_mock/reset'],
    ['GET', '/anything'],
  ] as const;

  it.each(paths)('%s %s from a foreign Host → 403 JSON, nothing done', async (method, url) => {
    const before = JSON.stringify(app.mock!.loaded!.backend.store.state);
    const answer = await app.inject({ method, url, headers: { host: 'rebind.attacker.example:4600' }, payload: method === 'POST' ? {} : undefined });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: 'FORBIDDEN_HOST', message: expect.stringContaining('rebind.attacker.example') });
    expect(JSON.stringify(app.mock!.loaded!.backend.store.state)).toBe(before);
  });

  it('serves the same routes for localhost, IP literals and an allowed name', async () => {
    for (const host of ['localhost:4600', '127.0.0.1:4600', '[::1]:4600', 'studio.lan:4600']) {
      const answer = await app.inject({ method: 'GET', url: '/_studio/api/health', headers: { host } });
      expect(answer.statusCode, host).toBe(200);
    }
  });

  it('sends no permissive CORS headers', async () => {
    const answer = await app.inject({
      method: 'OPTIONS',
      url: '/country/all',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const get = await app.inject({ method: 'GET', url: '/_studio/api/health', headers: { origin: 'https://evil.example' } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS for other front ends (`mock --cors-origin`): exact origins only', () => {
  let app: StudioServer;
  const allowed = 'http://localhost:5173';
  beforeAll(async () => {
    app = await createServer({
      api: { mode: 'mock', mock: { seed: 1, latencyMs: 0, tokenTtlSeconds: 60 } },
      console: { kind: 'none' },
      studio: false,
      corsOrigins: [allowed],
    });
  });
  afterAll(() => app.close());

  it('answers the preflight and the call of an allowed origin, with credentials', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/vam/drone/list',
      headers: { origin: allowed, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(allowed);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('authorization');
    const call = await app.inject({ method: 'GET', url: '/vam/drone/list', headers: { origin: allowed } });
    expect(call.statusCode).toBe(401);
    expect(call.headers['access-control-allow-origin']).toBe(allowed);
  });

  it('gives any other origin nothing to read', async () => {
    for (const origin of ['http://localhost:5174', 'https://evil.example', 'null']) {
      const call = await app.inject({ method: 'GET', url: '/vam/drone/list', headers: { origin } });
      expect(call.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });
});
