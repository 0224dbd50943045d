/**
 * The Host check that keeps DNS-rebinding pages away from a server that can write files: a request is
 * served only when its one Host names this machine (localhost, an IP literal) or a host the user allowed by name
 * (docs/editor.md#studio-guard).
 * The Host is read by the same strict parser as every Origin check (`request-origin.ts`), so the two never disagree
 * on what a request names.
 */
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { appError, type AppError } from '../../contracts/errors.js';
import { hostHeaderCount, isHostAllowed, parseHost } from '../request-origin.js';

export interface SecurityOptions {
  /** Extra host names the user allowed with `--allowed-host` (or the name given with `--host`). */
  allowedHosts: readonly string[];
}

/**
 * Why a request (an HTTP one, or the upgrade of the HMR socket, which never reaches Fastify) must not be served, or
 * null when its Host is one this server answers to.
 */
export function hostRefusal(request: Pick<IncomingMessage, 'headers' | 'rawHeaders' | 'url'>, allowedHosts: readonly string[]): AppError | null {
  const host = request.headers.host;
  // Absolute-form (`GET http://other.example/ HTTP/1.1`) is for proxies, and its authority, not the Host, names the
  // target: this server is no proxy.
  if (request.url !== undefined && !request.url.startsWith('/')) {
    return appError('MALFORMED_HOST', request.url.slice(0, 200), 'the request target must be a path, not an absolute URL');
  }
  if (hostHeaderCount(request.rawHeaders) > 1) return appError('MALFORMED_HOST', host ?? '', 'the request has more than one Host header');
  if (host === undefined || host === '') return appError('FORBIDDEN_HOST', '(none)');
  if (!parseHost(host)) {
    return appError('MALFORMED_HOST', host.slice(0, 200), 'a Host is a host name or IP address with an optional port, and nothing else');
  }
  if (!isHostAllowed(host, allowedHosts)) return appError('FORBIDDEN_HOST', host);
  return null;
}

const securityPluginImpl: FastifyPluginAsync<SecurityOptions> = async (app, { allowedHosts }) => {
  app.addHook('onRequest', async (request, reply) => {
    const refusal = hostRefusal(request.raw, allowedHosts);
    if (refusal) return reply.code(refusal.statusCode).send(refusal.toJSON());
  });
};

/** Not encapsulated: the hook must guard every route of the server. */
export const securityPlugin = fp(securityPluginImpl, { name: 'plantation-security' });
