import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type StudioServer } from '../create-server.js';
import { hostnameOf, isHostAllowed } from './security-plugin.js';

describe('hostnameOf', () => {
  it.each([
    ['localhost:4600', 'localhost'],
    ['LOCALHOST', 'localhost'],
    ['127.0.0.1:80', '127.0.0.1'],
    ['[::1]:4600', '::1'],
    ['[::1]', '::1'],
    ['studio.example.com:443', 'studio.example.com'],
  ])('%s → %s', (header, hostname) => {
    expect(hostnameOf(header)).toBe(hostname);
  });
});

describe('isHostAllowed', () => {
  it('allows loopback names and IP literals', () => {
    for (const host of ['localhost:4600', 'app.localhost', '127.0.0.1:4600', '[::1]:4600', '192.168.1.20:4600', 'localhost.']) {
      expect(isHostAllowed(host, []), host).toBe(true);
    }
  });

  it('refuses other names unless the user allowed them, and a missing Host', () => {
    expect(isHostAllowed('evil.example:4600', [])).toBe(false);
    expect(isHostAllowed('localhost.evil.example', [])).toBe(false);
    expect(isHostAllowed('127.0.0.1.nip.io', [])).toBe(false);
    expect(isHostAllowed(undefined, [])).toBe(false);
    expect(isHostAllowed('', [])).toBe(false);
    expect(isHostAllowed('studio.lan:4600', ['studio.lan'])).toBe(true);
    expect(isHostAllowed('STUDIO.lan', ['studio.lan'])).toBe(true);
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
