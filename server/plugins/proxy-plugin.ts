/**
 * Proxy mode (`--api <url>`): forwards the plantation API prefixes to the real host with headers and cookies
 * intact. Whatever the upstream does, the console gets a JSON `{code, message}` naming it, and this server
 * keeps serving.
 */
import httpProxy from '@fastify/http-proxy';
import type { FastifyPluginAsync } from 'fastify';
import { API_PREFIXES } from '../../contracts/api.js';
import { appError, type AppError } from '../errors.js';

export interface ProxyOptions {
  upstream: URL;
  /** How long the upstream may take to send headers, and then the body, in milliseconds. */
  timeoutMs: number;
}

export const DEFAULT_PROXY_TIMEOUT_MS = 30_000;

/** Turns what undici and reply-from say into an error of the catalogue. */
export function upstreamError(upstream: string, error: Error & { code?: string; statusCode?: number; cause?: unknown }, timeoutMs: number): AppError {
  const cause = error.cause as (Error & { code?: string }) | undefined;
  const code = cause?.code ?? error.code ?? '';
  if (error.statusCode === 504 || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return appError('UPSTREAM_TIMEOUT', upstream, timeoutMs);
  }
  if (cause?.name === 'HTTPParserError' || code.startsWith('HPE_') || error.message === 'Bad Gateway') {
    return appError('UPSTREAM_BAD_ANSWER', upstream, cause?.message ?? error.message);
  }
  const detail = code ? `${code}${cause?.message ? ` (${cause.message})` : ''}` : (cause?.message ?? error.message);
  return appError('UPSTREAM_UNREACHABLE', upstream, detail);
}

export const proxyPlugin: FastifyPluginAsync<ProxyOptions> = async (app, { upstream, timeoutMs }) => {
  const origin = upstream.origin;
  const basePath = upstream.pathname.replace(/\/$/, '');
  for (const prefix of API_PREFIXES) {
    const bare = prefix.replace(/\/$/, '');
    await app.register(httpProxy, {
      upstream: origin,
      prefix: bare,
      rewritePrefix: `${basePath}${bare}`,
      http2: false,
      undici: {
        connections: 128,
        pipelining: 1,
        connectTimeout: timeoutMs,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        // Why explicit: reply-from turns certificate checks off unless told otherwise, and a studio that forwards
        // sign-in tokens must not hand them to whoever answers in the upstream's name.
        connect: { rejectUnauthorized: true },
      },
      replyOptions: {
        onError(reply: { code(status: number): { send(payload: unknown): unknown } }, { error }: { error: Error }) {
          const failure = upstreamError(origin, error, timeoutMs);
          reply.code(failure.statusCode).send(failure.toJSON());
        },
      },
    });
  }
};
