/**
 * HTTP to the `dev` server's agent calls with `node:http`. Why not `fetch`: Node's fetch adds `Sec-Fetch-Mode: cors`
 * to every request, a browser's mark, and the server refuses an agent call that carries one (`agent-api.ts`).
 */
import http from 'node:http';
import { AGENT_API_PREFIX, type AgentConnection } from '../../contracts/agent-api.js';
import { AGENT_SESSION_HEADER, agentSessionHeaderValue, type AgentSessionRef } from '../../contracts/change-authors.js';
import { takeLines } from '../../contracts/ndjson-lines.js';

/** The server could not be reached at all (refused, reset, no answer in time): its `code` says which. */
export class AgentUnreachableError extends Error {
  override name = 'AgentUnreachableError';
  constructor(
    readonly url: string,
    readonly code: string,
    detail: string,
  ) {
    super(detail);
  }
}

export interface AgentHttpAnswer {
  status: number;
  /** The parsed JSON answer, or its text when it is not JSON. */
  body: unknown;
}

interface RequestOptions {
  method: 'GET' | 'POST';
  /** The agent session the call is made for: its steps are its own (`AGENT_SESSION_HEADER`). */
  session?: AgentSessionRef;
  /** A path of `AGENT_API_PATHS`. */
  path: string;
  body?: unknown;
  timeoutMs: number;
}

function headersFor(connection: AgentConnection, body: string | undefined, session?: AgentSessionRef): http.OutgoingHttpHeaders {
  return {
    authorization: `Bearer ${connection.secret}`,
    accept: 'application/json',
    ...(session ? { [AGENT_SESSION_HEADER]: agentSessionHeaderValue(session) } : {}),
    ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
  };
}

function unreachable(connection: AgentConnection, error: NodeJS.ErrnoException): AgentUnreachableError {
  return new AgentUnreachableError(connection.url, error.code ?? 'ERROR', error.message);
}

/**
 * The agent's connections to `dev`, kept open between calls. Why not Node's global agent: it closes an idle socket
 * after 5 s, so an agent that calls every few seconds opened a new connection for nearly every change. Idle sockets
 * are closed after 60 s, before the server's keep-alive of 72 s (Fastify's) ends them from its side, so a call is
 * never written onto a socket the server is closing.
 */
const KEPT_CONNECTIONS = new http.Agent({ keepAlive: true, timeout: 60_000 });

/** One agent call; answers whatever status the server gave (the caller reads its catalogue error). */
export function agentRequest(connection: AgentConnection, { method, path, body, timeoutMs, session }: RequestOptions): Promise<AgentHttpAnswer> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(AGENT_API_PREFIX + path, connection.url), { method, headers: headersFor(connection, text, session), agent: KEPT_CONNECTIONS }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (error) => reject(unreachable(connection, error)));
      response.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = raw;
        try {
          parsed = raw === '' ? undefined : JSON.parse(raw);
        } catch {
          // Not JSON (a proxy's page, a plain-text error): the text is what there is to show.
        }
        resolve({ status: response.statusCode ?? 0, body: parsed });
      });
    });
    request.setTimeout(timeoutMs, () => request.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })));
    request.on('error', (error: NodeJS.ErrnoException) => reject(unreachable(connection, error)));
    request.end(text);
  });
}

/** An event is a short line; a longer one is dropped as it arrives (the stream goes on). */
const EVENT_LINE_LIMIT = 64 * 1024;

export interface AgentStream {
  /** Resolves when the stream ends or fails (never rejects); `close()` ends it. */
  ended: Promise<{ reason: string }>;
  close(): void;
}

/**
 * Opens a GET stream of NDJSON (the events stream), calls `onOpen` once the server has taken it and `onLine` with
 * each parsed line. A stream that says nothing for `silenceMs` is taken for dead and ended: the server sends a
 * keepalive well within it.
 */
export function agentStream(
  connection: AgentConnection,
  path: string,
  { onOpen, onLine, silenceMs }: { onOpen: () => void; onLine: (value: unknown) => void; silenceMs: number },
): AgentStream {
  let request: http.ClientRequest | undefined;
  let settle: (value: { reason: string }) => void = () => undefined;
  const ended = new Promise<{ reason: string }>((resolve) => (settle = resolve));
  let silence: NodeJS.Timeout | undefined;
  const finish = (reason: string) => {
    clearTimeout(silence);
    request?.destroy();
    settle({ reason });
  };
  const heard = () => {
    clearTimeout(silence);
    silence = setTimeout(() => finish(`nothing heard for ${silenceMs} ms`), silenceMs);
    silence.unref();
  };
  request = http.get(new URL(AGENT_API_PREFIX + path, connection.url), { headers: { ...headersFor(connection, undefined), accept: 'application/x-ndjson' } }, (response) => {
    if (response.statusCode !== 200) {
      response.resume();
      finish(`status ${response.statusCode}`);
      return;
    }
    heard();
    onOpen();
    let carry = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      heard();
      const step = takeLines(carry, chunk, EVENT_LINE_LIMIT);
      carry = step.carry;
      for (const line of step.lines) {
        try {
          onLine(JSON.parse(line));
        } catch {
          // A line that is not JSON says nothing we can use; the next one may.
        }
      }
    });
    response.on('end', () => finish('the server ended the stream'));
    response.on('error', (error) => finish(error.message));
  });
  request.on('error', (error) => finish(error.message));
  return { ended, close: () => finish('closed') };
}
