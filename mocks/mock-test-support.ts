/**
 * What the mock's tests share: a mock-only server, a signed-in token, and checks of the JSON error shapes.
 * Test code only (left out of the build).
 */
import { expect } from 'vitest';
import { errorBodySchema, routes, validationErrorBodySchema } from '../contracts/api.js';
import { createServer, type StudioServer } from '../server/create-server.js';
import type { MockOptions } from './mock-options.js';
import { DEMO_ACCOUNT } from './mock-state.js';

export async function newServer(mock: Partial<MockOptions> = {}): Promise<StudioServer> {
  return createServer({
    api: { mode: 'mock', mock: { seed: 1, latencyMs: 0, tokenTtlSeconds: 3600, ...mock } },
    console: { kind: 'none' },
    studio: false,
  });
}

export async function login(app: StudioServer, username: string = DEMO_ACCOUNT.username, password: string = DEMO_ACCOUNT.password) {
  const res = await app.inject({ method: 'POST', url: routes.login.path, payload: { username, password } });
  expect(res.statusCode, res.body).toBe(200);
  return routes.login.response.parse(res.json()).data.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type InjectAnswer = { statusCode: number; headers: Record<string, unknown>; body: string; json(): unknown };

/** A JSON error answer: the content type is JSON and the body has a message. */
export function expectJsonError(res: InjectAnswer, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  return errorBodySchema.parse(res.json());
}

/** A 400 naming at least these fields, each with a message. */
export function expectValidationError(res: InjectAnswer, fields: string[]) {
  expectJsonError(res, 400);
  const body = validationErrorBodySchema.parse(res.json());
  const named = body.errors.map((e) => e.field);
  for (const field of fields) expect(named, res.body).toContain(field);
  for (const e of body.errors) expect(e.message.length).toBeGreaterThan(0);
  return body;
}
