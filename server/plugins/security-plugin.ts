/**
 * The Host check that keeps DNS-rebinding pages away from a server that can write files (DESIGN §7): a request is
 * served only when its Host names this machine (localhost, an IP literal) or a host the user allowed by name.
 */
import { isIP } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { appError } from '../errors.js';

export interface SecurityOptions {
  /** Extra host names the user allowed with `--allowed-host` (or the name given with `--host`). */
  allowedHosts: readonly string[];
}

/** The host name of a Host header value, without port or IPv6 brackets, lower-cased. */
export function hostnameOf(hostHeader: string): string {
  const value = hostHeader.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(1, value.indexOf(']') === -1 ? undefined : value.indexOf(']'));
  const colon = value.lastIndexOf(':');
  return colon === -1 ? value : value.slice(0, colon);
}

export function isHostAllowed(hostHeader: string | undefined, allowedHosts: readonly string[]): boolean {
  if (!hostHeader) return false;
  const hostname = hostnameOf(hostHeader).replace(/\.$/, '');
  if (!hostname) return false;
  // Why IP literals are safe: rebinding needs a name the attacker controls; an address names no one's DNS.
  if (isIP(hostname) !== 0) return true;
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  return allowedHosts.some((allowed) => allowed.toLowerCase() === hostname);
}

const securityPluginImpl: FastifyPluginAsync<SecurityOptions> = async (app, { allowedHosts }) => {
  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host;
    if (!isHostAllowed(host, allowedHosts)) {
      const error = appError('FORBIDDEN_HOST', host ?? '(none)');
      return reply.code(error.statusCode).send(error.toJSON());
    }
  });
};

/** Not encapsulated: the hook must guard every route of the server. */
export const securityPlugin = fp(securityPluginImpl, { name: 'plantation-security' });
