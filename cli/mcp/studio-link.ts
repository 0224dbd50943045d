/**
 * The MCP server's link to the `dev` server of its project: the connection it uses now, every agent call through
 * it, and the errors a tool shows. Why a class: the connection is lasting state that changes under it; a `dev`
 * restarted meanwhile writes a new secret (and maybe a new port), and the link picks it up from the connection file
 * instead of failing until the agent restarts too.
 */
import { AGENT_API_PATHS, type AgentConnection } from '../../contracts/agent-api.js';
import type { AgentSessionRef } from '../../contracts/change-authors.js';
import { CliError } from '../cli-error.js';
import { connectionFileOf } from '../../server/agent/agent-connection-file.js';
import { devCommandFor, liveConnection, noServerMessage, provedConnection } from './agent-connection.js';
import { agentRequest, AgentUnreachableError, type AgentHttpAnswer } from './agent-http.js';

/** How long an agent call may take: past the server's own wait for the studio page (`AGENT_BRIDGE_TIMEOUT_MS`). */
const CALL_TIMEOUT_MS = 60_000;
/** How long the first call may take before the server is said not to answer. */
const CHECK_TIMEOUT_MS = 15_000;
/** Network errors that mean no server got the request. */
const NEVER_DELIVERED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EADDRNOTAVAIL', 'EHOSTUNREACH']);

/** A call that failed: the server's catalogue error (`code`, its message), or the link's own when it could not ask. */
export class AgentCallError extends Error {
  override name = 'AgentCallError';
  constructor(
    message: string,
    readonly code: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

interface ErrorBody {
  code?: unknown;
  message?: unknown;
  errors?: unknown;
}

/** The catalogue's message, with each field's error of a validation failure. */
function errorOf(answer: AgentHttpAnswer): AgentCallError {
  const body = (typeof answer.body === 'object' && answer.body !== null ? answer.body : { message: answer.body }) as ErrorBody;
  const code = typeof body.code === 'string' ? body.code : `HTTP_${answer.status}`;
  let message = typeof body.message === 'string' && body.message !== '' ? body.message : `The server answered ${answer.status}`;
  if (Array.isArray(body.errors)) {
    const fields = body.errors
      .filter((entry): entry is { field: unknown; message: unknown } => typeof entry === 'object' && entry !== null)
      .map((entry) => `- ${String(entry.field)}: ${String(entry.message)}`);
    if (fields.length > 0) message += `\n${fields.join('\n')}`;
  }
  return new AgentCallError(message, code, answer.status);
}

const sameConnection = (a: AgentConnection, b: AgentConnection) => a.url === b.url && a.secret === b.secret;

/** The connection of the live `dev` of `root`, proved by the handshake, whose secret one agent call took; else a CliError. */
async function checkedConnection(root: string): Promise<AgentConnection> {
  const connection = await liveConnection(root);
  let answer: AgentHttpAnswer;
  try {
    answer = await agentRequest(connection, { method: 'GET', path: AGENT_API_PATHS.changes, timeoutMs: CHECK_TIMEOUT_MS });
  } catch (error) {
    if (!(error instanceof AgentUnreachableError)) throw error;
    throw new CliError(noServerMessage(root, `nothing answers at ${connection.url}: ${error.code}`));
  }
  if (answer.status === 401) {
    throw new CliError(
      `The dev server at ${connection.url} refused the secret in ${connectionFileOf(root)} (${errorOf(answer).message}): restart ${devCommandFor(root)}, which writes a new one`,
    );
  }
  if (answer.status !== 200) {
    throw new CliError(`The server at ${connection.url} does not answer agent calls (${errorOf(answer).message}): is it plantation-studio dev for ${root}?`);
  }
  return connection;
}

export class StudioLink {
  /** The session every call is made for, once the client has said its name (`run-mcp-server.ts`). */
  session: (() => AgentSessionRef | undefined) | undefined;

  private constructor(
    readonly root: string,
    /** Null until a `dev` of the project is found (an MCP client may start this server first). */
    private connection: AgentConnection | null,
  ) {}

  /**
   * The link to the live `dev` of `root`, checked by the handshake (the server proves it is that `dev`) and then
   * with one agent call (it takes the secret). When there is none yet, or it may not be used, the link still opens
   * (MCP clients start their servers with the editor, often before `dev`): `problem` says why in one line, each call
   * answers it as its error, and the link connects by itself once a `dev` that passes the checks runs.
   */
  static async open(root: string): Promise<{ link: StudioLink; problem: string | null }> {
    try {
      return { link: new StudioLink(root, await checkedConnection(root)), problem: null };
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      return { link: new StudioLink(root, null), problem: error.message };
    }
  }

  /** The connection now, for the events stream; null while no `dev` was found. */
  current(): AgentConnection | null {
    return this.connection;
  }

  /**
   * A `dev` started since has written another connection file: take it once its server passed the handshake
   * (a file that may not be trusted, or a server that does not prove it, is never used). Answers whether it changed.
   */
  async refresh(): Promise<boolean> {
    const next = await provedConnection(this.root);
    if (!next || (this.connection && sameConnection(next, this.connection))) return false;
    this.connection = next;
    return true;
  }

  /** One agent call; its answer, or an AgentCallError with the server's message or why it could not be asked. */
  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    if (!this.connection) await this.connect();
    // Why checked here, last before sending: once sent, the server may write; a cancelled call must not be.
    if (signal?.aborted) throw new AgentCallError('The call was cancelled before it was sent: nothing was written', 'CANCELLED');
    let answer: AgentHttpAnswer;
    try {
      answer = await this.send(method, path, body);
      if (answer.status === 401 && (await this.refresh())) answer = await this.send(method, path, body);
    } catch (error) {
      if (!(error instanceof AgentUnreachableError)) throw error;
      // Asked again only when the call never reached a server: one cut off midway may have written its change.
      if (!NEVER_DELIVERED.has(error.code) || !(await this.refresh())) throw this.goneError(error);
      try {
        answer = await this.send(method, path, body);
      } catch (again) {
        if (again instanceof AgentUnreachableError) throw this.goneError(again);
        throw again;
      }
    }
    if (answer.status >= 200 && answer.status < 300) return answer.body as T;
    throw errorOf(answer);
  }

  /** Finds the `dev` of the project, or fails the call with why there is none to use (the line `open` gave). */
  private async connect(): Promise<void> {
    try {
      this.connection = await checkedConnection(this.root);
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      throw new AgentCallError(`${error.message}. This MCP server connects to it by itself once it runs.`, 'AGENT_NO_SERVER');
    }
  }

  private send(method: 'GET' | 'POST', path: string, body: unknown): Promise<AgentHttpAnswer> {
    const session = this.session?.();
    return agentRequest(this.connection!, { method, path, body, timeoutMs: CALL_TIMEOUT_MS, ...(session ? { session } : {}) });
  }

  private goneError(error: AgentUnreachableError): AgentCallError {
    const timedOut = error.code === 'ETIMEDOUT';
    return new AgentCallError(
      timedOut
        ? `The plantation-studio dev server at ${error.url} did not answer within ${CALL_TIMEOUT_MS / 1000} s`
        : `The plantation-studio dev server for ${this.root} has stopped (${error.code} at ${error.url}): start it again with ${devCommandFor(this.root)}; this MCP server finds it again by itself`,
      timedOut ? 'AGENT_SERVER_TIMEOUT' : 'AGENT_SERVER_GONE',
    );
  }
}
