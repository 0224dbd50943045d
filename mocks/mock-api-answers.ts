/**
 * How the mock answers each route of `contracts/api`: latency, forced statuses and faults first (so tests can
 * reach every state), then the bearer token, then input validation, then the handler. Loaded with the mock, on
 * its first call (see mock-loader.ts); mock-api-plugin.ts registers the routes.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { routes, type RouteName } from '../contracts/api.js';
import { safeParseApiInput } from '../contracts/api-messages.js';
import { apiValidationError, appError, fieldErrorsOf, forcedError } from '../contracts/errors.js';
import { AnswerCache } from './answer-cache.js';
import type { MockBackend } from './mock-backend.js';

/** A request header that forces an error status on this one call (`x-mock-status: 503`). */
const MOCK_STATUS_HEADER = 'x-mock-status';

/** What Fastify's own JSON serialisation sends, so a kept answer looks the same as a fresh one. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** How a 400 names the part of the request that is wrong. */
const PART_NAMES = { path: 'đường dẫn', query: 'tham số truy vấn', body: 'nội dung' } as const;

function parseInput(schema: z.ZodType, value: unknown, where: keyof typeof PART_NAMES): unknown {
  const parsed = safeParseApiInput(schema, value ?? {});
  if (parsed.success) return parsed.data;
  throw apiValidationError(PART_NAMES[where], fieldErrorsOf(parsed.error.issues, where));
}

function forcedStatus(request: FastifyRequest): number | undefined {
  const raw = request.headers[MOCK_STATUS_HEADER];
  if (raw === undefined) return undefined;
  const status = typeof raw === 'string' && /^\d{3}$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!(status >= 400 && status <= 599)) {
    throw appError('BAD_REQUEST', `${MOCK_STATUS_HEADER} must be an error status from 400 to 599, got "${String(raw)}"`);
  }
  return status;
}

export interface MockApiAnswers {
  /** Everything before the body is read: an unauthenticated call must get its 401 before a bad body's 400. */
  onRequest(name: RouteName, request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
  answer(name: RouteName, request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

export function createMockApiAnswers(backend: MockBackend): MockApiAnswers {
  const { handlers, tokens, faults, options, store } = backend;
  // Reads answer the same bytes for the same URL until the data changes: kept serialised (see AnswerCache).
  const answers = new AnswerCache();

  return {
    async onRequest(name, request, reply) {
      const def = routes[name];
      // The seeded data may still be to make (the CLI leaves it to the first call, which waits for it).
      if (!store.isReady) await store.ready();
      if (options.latencyMs > 0) await sleep(options.latencyMs);

      const forced = forcedStatus(request);
      if (forced !== undefined) throw forcedError(forced, `the request asked for it with ${MOCK_STATUS_HEADER}`);

      const fault = faults.take(def.method, def.path);
      if (fault) {
        if (fault.body !== undefined) return reply.code(fault.status).send(fault.body);
        throw forcedError(fault.status, `a fault was armed on ${fault.method ?? 'any'} ${fault.path}`);
      }

      if (def.auth) {
        const check = await tokens.check(request.headers.authorization);
        if (!check.ok) return reply.code(401).type('text/plain; charset=utf-8').send(check.body);
      }
      return undefined;
    },

    async answer(name, request, reply) {
      const def = routes[name];
      const handler = handlers[name] as (input: unknown) => unknown;
      // Why GET only: the other methods change the data or sign in; a GET handler only reads the store.
      const reads = def.method === 'GET';
      const version = store.version;
      if (reads) {
        const kept = answers.get(request.url, version);
        if (kept) return reply.code(def.status).type(JSON_TYPE).send(kept);
      }
      const input = {
        params: parseInput(def.params, request.params, 'path'),
        query: parseInput(def.query, request.query, 'query'),
        body: parseInput(def.body, request.body, 'body'),
      };
      const body = await handler(input);
      if (!reads) return reply.code(def.status).send(body);
      const answer = Buffer.from(JSON.stringify(body));
      answers.set(request.url, version, answer);
      return reply.code(def.status).type(JSON_TYPE).send(answer);
    },
  };
}
