/**
 * Proxy mode (`--api <url>`): forwards the plantation API prefixes to the real host with headers and cookies
 * intact, on one undici pool. Whatever the upstream does, the console gets a JSON `{code, message}` naming it (or,
 * once the answer's first bytes went out, an answer that ends as aborted), and this server keeps serving:
 *
 * - one deadline (`timeoutMs`) bounds each call from its arrival to the answer's last byte, however the upstream
 *   trickles; when it passes, the call to the upstream is aborted and its socket freed;
 * - at most `maxInFlight` calls are in flight at once, each on its own socket (the pool has as many), so slow calls
 *   never queue a good one behind them; one more is refused at once with 503;
 * - the upstream's CORS headers are dropped: this server's origin is the console's, and the only CORS it may grant
 *   is `mock --cors-origin`'s.
 *
 * Why undici directly rather than @fastify/http-proxy: reply-from gives no handle on the upstream call before its
 * headers arrive (no signal), so a call the console gave up on, or one past its deadline, kept its socket until
 * undici's own timers ran out, and a body error before the first byte became a 500.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Pool } from 'undici';
import { API_PREFIXES } from '../../contracts/api.js';
import { AppError, appError } from '../errors.js';

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

/** Why the proxy gave up on an upstream call: its deadline passed. */
class DeadlinePassed extends Error {
  override name = 'DeadlinePassed';
}

/** Why the proxy gave up on an upstream call: the console went away first. */
class ClientGone extends Error {
  override name = 'ClientGone';
}

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

/** Whether the console's request has a body to stream on (HTTP/1.1: a length above zero, or chunks). */
function hasBody(headers: IncomingHttpHeaders): boolean {
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = headers['content-length'];
  return length !== undefined && length !== '0';
}

export const proxyPlugin: FastifyPluginAsync<ProxyOptions> = async (app, { upstream, timeoutMs, maxInFlight = DEFAULT_PROXY_MAX_IN_FLIGHT }) => {
  const origin = upstream.origin;
  const basePath = upstream.pathname.replace(/\/$/, '');
  const pool = new Pool(origin, {
    // One socket per call in flight: a call never waits for another's socket.
    connections: maxInFlight,
    pipelining: 1,
    // The deadline below is the real bound; these only keep undici's defaults (10 s, 300 s) from contradicting it.
    connectTimeout: timeoutMs,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    // Why explicit: a studio that forwards sign-in tokens must not hand them to whoever answers in the host's name.
    connect: { rejectUnauthorized: true },
  });
  app.addHook('onClose', async () => {
    await pool.destroy();
  });

  /** Upstream header names copied onto a reply, to take back if the answer fails before its first byte. */
  const copied = new WeakMap<FastifyReply, string[]>();
  let inFlight = 0;

  // Why no parsing: the body goes to the upstream as the console sent it, in whatever type, streamed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof AppError) return reply.code(error.statusCode).send(error.toJSON());
    // A body that failed before its first byte reached the console (Fastify sends the error instead of the body).
    const upstreamHeaders = copied.get(reply);
    if (!upstreamHeaders) throw error; // not the upstream's: the server's own handler answers it
    for (const name of upstreamHeaders) reply.removeHeader(name);
    const failure = upstreamError(origin, error, timeoutMs);
    return reply.code(failure.statusCode).send(failure.toJSON());
  });

  async function forward(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    if (inFlight >= maxInFlight) throw appError('UPSTREAM_SATURATED', origin, maxInFlight);
    inFlight += 1;
    const call = new AbortController();
    const deadline = setTimeout(() => call.abort(new DeadlinePassed()), timeoutMs);
    const onClientGone = () => call.abort(new ClientGone());
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      inFlight -= 1;
      clearTimeout(deadline);
      reply.raw.off('close', onClientGone);
    };
    reply.raw.once('close', onClientGone);

    let answer: Awaited<ReturnType<Pool['request']>>;
    try {
      answer = await pool.request({
        path: `${basePath}${request.url}`,
        method: request.method as 'GET',
        headers: forwardedHeaders(request.headers),
        body: hasBody(request.headers) ? request.raw : null,
        signal: call.signal,
      });
    } catch (error) {
      release();
      throw upstreamError(origin, error, timeoutMs);
    }
    // The call ends when its body does: read to the end, broken off by the deadline, or dropped by the console.
    answer.body.once('close', release);
    if (answer.statusCode < 200 || answer.statusCode > 599) {
      answer.body.destroy();
      throw appError('UPSTREAM_BAD_ANSWER', origin, `status ${answer.statusCode} is not an HTTP status`);
    }
    const headers = answerHeaders(answer.headers);
    copied.set(reply, Object.keys(headers));
    // Until its first byte goes out, a failing body still becomes a JSON error (the handler above); after that, the
    // console's answer is destroyed rather than ended, so it reads as aborted.
    return reply.code(answer.statusCode).headers(headers).send(answer.body);
  }

  for (const prefix of API_PREFIXES) {
    const bare = prefix.replace(/\/$/, '');
    app.all(bare, forward);
    app.all(`${bare}/*`, forward);
  }
};
