/**
 * Proxy mode (`--api <url>`): @fastify/http-proxy forwards the plantation API prefixes to the real host with
 * headers and cookies intact, through one undici pool of our own (`UpstreamCalls`). Whatever the upstream does, the
 * console gets a JSON `{code, message}` naming it (or, once the answer's first bytes went out, an answer that ends as
 * aborted), and this server keeps serving:
 *
 * - one deadline (`timeoutMs`) bounds each call from its arrival to the answer's last byte, however the upstream
 *   trickles; when it passes, the call to the upstream is aborted and its socket freed;
 * - at most `maxInFlight` calls are in flight at once, each on its own socket (the pool has as many), so slow calls
 *   never queue a good one behind them; one more is refused at once with 503;
 * - the upstream's CORS headers are dropped: this server's origin is the console's, and the only CORS it may grant
 *   is `mock --cors-origin`'s.
 */
import type { IncomingHttpHeaders } from 'node:http';
import httpProxy from '@fastify/http-proxy';
import type { FastifyPluginAsync } from 'fastify';
import type { Dispatcher } from 'undici';
import { API_PREFIXES } from '../../contracts/api.js';
import { AppError, appError } from '../../contracts/errors.js';
import { DeadlinePassed, UpstreamCalls } from './upstream-calls.js';

export interface ProxyOptions {
  upstream: URL;
  /** How long one call may take, from its arrival to the last byte of the upstream's answer, in milliseconds. */
  timeoutMs: number;
  /** How many calls may be in flight to the upstream at once; one more is refused with 503. */
  maxInFlight?: number;
}

export const DEFAULT_PROXY_TIMEOUT_MS = 30_000;
/** Far above what a browser sends at once (six connections per origin), far below the process's file limit. */
export const DEFAULT_PROXY_MAX_IN_FLIGHT = 256;

type NetworkError = Error & { code?: string; cause?: unknown; errors?: unknown[] };

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);
const UNKNOWN_HOST_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_NODATA', 'EAI_FAIL']);
const RESET_CODES = new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_CLOSED', 'UND_ERR_DESTROYED']);
const BAD_ANSWER_CODES = new Set(['UND_ERR_RES_CONTENT_LENGTH_MISMATCH', 'UND_ERR_INFO', 'UND_ERR_RES_EXCEEDED_MAX_SIZE']);
const CERTIFICATE_CODE = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS|ERR_SSL|HOSTNAME_MISMATCH/;

/** The code that says what went wrong: Node's, undici's, or (for a failed happy-eyeballs connect) the first attempt's. */
function codeOf(error: NetworkError): string {
  if (error.code) return error.code;
  const first = error.errors?.[0] as NetworkError | undefined;
  if (first?.code) return first.code;
  const cause = error.cause as NetworkError | undefined;
  return cause?.code ?? '';
}

/** Turns what undici and Node say about a failed upstream call into an error of the catalogue. */
export function upstreamError(upstream: string, error: unknown, timeoutMs: number): AppError {
  if (error instanceof AppError) return error;
  const failure = (error instanceof Error ? error : new Error(String(error))) as NetworkError;
  const code = codeOf(failure);
  const detail = code && !failure.message.includes(code) ? `${code}: ${failure.message}` : failure.message;
  if (failure instanceof DeadlinePassed || TIMEOUT_CODES.has(code)) return appError('UPSTREAM_TIMEOUT', upstream, timeoutMs);
  if (failure.name === 'HTTPParserError' || code.startsWith('HPE_') || BAD_ANSWER_CODES.has(code)) {
    return appError('UPSTREAM_BAD_ANSWER', upstream, detail);
  }
  if (code === 'ECONNREFUSED') return appError('UPSTREAM_REFUSED', upstream, detail);
  if (UNKNOWN_HOST_CODES.has(code)) return appError('UPSTREAM_UNKNOWN_HOST', upstream, detail);
  if (RESET_CODES.has(code)) return appError('UPSTREAM_RESET', upstream, detail);
  if (CERTIFICATE_CODE.test(code)) return appError('UPSTREAM_BAD_CERTIFICATE', upstream, detail);
  return appError('UPSTREAM_UNREACHABLE', upstream, detail || failure.name);
}

/** Headers of one connection, not of the message (RFC 9110 §7.6.1); `host` is the upstream's, set by undici. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
]);

function connectionListed(headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>): Set<string> {
  const value = headers.connection;
  const list = Array.isArray(value) ? value.join(',') : (value ?? '');
  return new Set(list.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean));
}

/** The console's request headers as the upstream gets them: everything but hop-by-hop ones, `host` and `expect`. */
export function forwardedHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const listed = connectionListed(headers);
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || listed.has(name) || name === 'host' || name === 'expect') continue;
    out[name] = value;
  }
  return out;
}

/** The upstream's answer headers as the console gets them: no hop-by-hop ones, and no CORS at all. */
export function answerHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const listed = connectionListed(headers);
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || HOP_BY_HOP.has(lower) || listed.has(lower) || lower.startsWith('access-control-')) continue;
    out[lower] = value;
  }
  return out;
}

/** reply-from wraps what undici says in errors of its own (`Service Unavailable`, `Gateway Timeout`, …) with it as the cause. */
function upstreamCause(error: Error): unknown {
  return (error as NetworkError).cause ?? error;
}

export const proxyPlugin: FastifyPluginAsync<ProxyOptions> = async (app, { upstream, timeoutMs, maxInFlight = DEFAULT_PROXY_MAX_IN_FLIGHT }) => {
  const origin = upstream.origin;
  const basePath = upstream.pathname.replace(/\/$/, '');
  const calls = new UpstreamCalls(origin, { timeoutMs, maxInFlight });
  app.addHook('onClose', async () => {
    await calls.destroy();
  });

  /** Upstream header names copied onto a reply, to take back if the answer fails before its first byte. */
  const copied = new WeakMap<object, string[]>();

  // Why no parsing: the body goes to the upstream as the console sent it, in whatever type, streamed. The proxy adds
  // its own pass-through parsers for `application/json` and `*`; the inherited text parser would still take text.
  app.removeAllContentTypeParsers();

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) return reply.code(error.statusCode).send(error.toJSON());
    // A body that failed before its first byte reached the console (Fastify sends the error instead of the body).
    const upstreamHeaders = copied.get(request);
    if (!upstreamHeaders) throw error; // not the upstream's: the server's own handler answers it
    for (const name of upstreamHeaders) reply.removeHeader(name);
    const failure = upstreamError(origin, error, timeoutMs);
    return reply.code(failure.statusCode).send(failure.toJSON());
  });

  for (const prefix of API_PREFIXES) {
    const bare = prefix.replace(/\/$/, '');
    await app.register(httpProxy, {
      upstream: origin,
      prefix: bare,
      rewritePrefix: `${basePath}${bare}`,
      // Why a cast: reply-from takes any object with `request` and calls only its callback form.
      undici: calls as unknown as { request: Dispatcher['request'] },
      disableRequestLogging: true,
      handler: (request, reply, dest, options) => calls.serve(reply, () => reply.from(dest, options)),
      replyOptions: {
        // Why never: a retried call would leave the first answer's body unread on its socket, and a 503 is the
        // upstream's to give, once.
        retryDelay: () => null,
        rewriteRequestHeaders: (_request, headers) => forwardedHeaders(headers),
        // Until the body's first byte goes out, a failing body still becomes a JSON error (the handler above, which
        // takes these headers back); after that, Fastify destroys the console's answer, so it reads as aborted.
        rewriteHeaders: (headers, request) => {
          const kept = answerHeaders(headers);
          if (request) copied.set(request, Object.keys(kept));
          return kept;
        },
        onError: (reply, { error }) => {
          const failure = upstreamError(origin, upstreamCause(error), timeoutMs);
          reply.code(failure.statusCode).send(failure.toJSON());
        },
      },
    });
  }
};
