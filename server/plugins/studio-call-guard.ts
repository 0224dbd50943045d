/**
 * What the studio's read and save routes share with its write routes: the guard of `studio-api-plugin` (exact
 * Origin, the per-start token, a JSON body of bounded size) for one route at a time, and answers never cached.
 */
import type { FastifyError, FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { appError } from '../../contracts/errors.js';
import { refusalOf } from './studio-api-plugin.js';

/** A guard for one studio route: exact Origin, token, JSON, size; refused before the body is read. */
export function studioCallGuard(token: string, bodyLimit: number): onRequestHookHandler {
  return async (request, reply) => {
    const refusal = refusalOf(request, token, bodyLimit);
    if (refusal) return reply.code(refusal.statusCode).header('cache-control', 'no-store').send(refusal.toJSON());
  };
}

/** Studio answers describe the project as it is now: never from a cache. */
export function studioAnswersUncached(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest) => {
    // The route's own limit, not the server's, is the one to report.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw appError('PAYLOAD_TOO_LARGE', request.routeOptions.bodyLimit ?? 0);
    throw error;
  });
}

