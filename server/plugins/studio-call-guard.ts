/**
 * The guard of every studio call, its writes, reads and saves alike: the exact Origin of this server, the per-start
 * token, a JSON body within the route's limit, checked before the body is read; and answers never cached.
 *
 * A page of another site can make a browser send a request here, but not with this origin, not with a JSON body
 * without a preflight that is never answered, and never with the token. So a refused request reaches no code that
 * reads or writes files.
 */
import type { FastifyError, FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { appError } from '../../contracts/errors.js';
import { exactOrigin, ownOriginOf } from '../request-origin.js';
import { STUDIO_TOKEN_HEADER, studioTokenMatches } from '../studio-token.js';

/** Why a call is refused before its body is read, or null when it may go on. */
export function refusalOf(request: FastifyRequest, token: string, bodyLimit: number, mediaTypeWanted = 'application/json') {
  const origin = request.headers.origin;
  if (!origin) return appError('STUDIO_WRITE_REFUSED', 'the request has no Origin header');
  // The Host and the Origin are read by the one strict parser the Host check uses: exactly this server's origin.
  const own = ownOriginOf(request.headers.host);
  if (own === null || exactOrigin(origin) !== own) return appError('STUDIO_WRITE_REFUSED', `the Origin "${origin}" is not this server's`);
  const given = request.headers[STUDIO_TOKEN_HEADER];
  if (given === undefined) return appError('STUDIO_WRITE_REFUSED', `the ${STUDIO_TOKEN_HEADER} header is missing`);
  if (!studioTokenMatches(given, token)) return appError('STUDIO_WRITE_REFUSED', `the ${STUDIO_TOKEN_HEADER} header is not this server's token`);
  const type = request.headers['content-type'];
  const mediaType = type?.split(';')[0]?.trim().toLowerCase();
  // A security refusal, not a mere 415: a cross-site form can post text/plain without a preflight, so the JSON
  // content type is part of what proves the call comes from the studio page (docs/editor.md#studio-guard). A route
  // may want another type that no form can send (`image/png` for a picture), which needs the preflight as well.
  if (mediaType !== mediaTypeWanted) {
    return appError('STUDIO_WRITE_REFUSED', `the content type "${type ?? '(none)'}" is not ${mediaTypeWanted}`);
  }
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > bodyLimit) return appError('PAYLOAD_TOO_LARGE', bodyLimit);
  return null;
}

/** The route's own body limit (each studio route sets one); Fastify gives the server's for a route without. */
const bodyLimitOf = (request: FastifyRequest) => request.routeOptions.bodyLimit ?? Number.POSITIVE_INFINITY;

/** The guard, as an onRequest hook of a plugin or of one route: refused before the body is read. */
export function studioCallGuard(token: string, mediaType?: string): onRequestHookHandler {
  return async (request, reply) => {
    const refusal = refusalOf(request, token, bodyLimitOf(request), mediaType);
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
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw appError('PAYLOAD_TOO_LARGE', bodyLimitOf(request));
    throw error;
  });
}

