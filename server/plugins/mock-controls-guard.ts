/**
 * The perimeter of the mock's controls. A control that changes the mock (reset, faults) rewrites a `--data` file, so
 * a page of another site must not be able to call it: a form or a `fetch` in `no-cors` mode sends a POST without
 * asking first. Such a call names its page (Origin, fetch metadata) and can only carry a form or plain-text body: a
 * foreign page, and a body that is not JSON, are refused before anything runs. Tools that name no page (curl, tests)
 * call the controls as before.
 */
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { appError, type AppError } from '../../contracts/errors.js';
import { foreignPageReason } from '../request-origin.js';

const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Why a call of a control is refused before it runs, or null. Reads (`GET`) change nothing and stay open. */
export function controlRefusal(request: FastifyRequest, corsOrigins: readonly string[]): AppError | null {
  if (!CHANGING_METHODS.has(request.method)) return null;
  const control = `The mock control ${request.method} ${request.url.split('?')[0]}`;
  const foreign = foreignPageReason(request.headers, corsOrigins);
  if (foreign) return appError('CROSS_SITE_REFUSED', control, foreign);
  const type = request.headers['content-type'];
  const mediaType = type?.split(';')[0]?.trim().toLowerCase();
  // A body is JSON, the one type a page of another site cannot send without a preflight this server never answers.
  const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  if ((type !== undefined || hasBody) && mediaType !== 'application/json') {
    return appError('CROSS_SITE_REFUSED', control, `its content type "${type ?? '(none)'}" is not application/json`);
  }
  return null;
}

/** The guard the server hands to the mock's controls: the front ends of `mock --cors-origin` may use them too. */
export function mockControlsGuard(corsOrigins: readonly string[]): onRequestHookHandler {
  return async (request, reply) => {
    const refusal = controlRefusal(request, corsOrigins);
    if (refusal) return reply.code(refusal.statusCode).send(refusal.toJSON());
  };
}
