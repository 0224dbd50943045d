/**
 * The studio page's end of the agent bridge (`contracts/agent-api.ts`): the page keeps one stream open to the server
 * (`POST agentBridge` with its `AgentBridgeHello`), reads the NDJSON requests off it and posts each answer back
 * (`agentBridgeAnswer`). The stream is a `fetch` body read chunk by chunk, not an `EventSource`: the stream is a studio
 * call, which must carry the studio token header, and an `EventSource` cannot send one.
 *
 * The server may stop and start again, or not have the bridge at all: the stream is opened again after a growing
 * delay, without a word to the person (the connection banner already says when the server is gone).
 *
 * A result whose `image` is a Blob (a frame's picture) has it uploaded first as a binary body
 * (`agentBridgeAnswerImage`), the answer naming it (`AgentAttachedImage`): never a base64 string in this page.
 */
import { AGENT_STREAM_KEEPALIVE_MS, type AgentAttachedImage, type AgentBridgeAnswer, type AgentBridgeHello, type AgentBridgeRequest } from '@contracts/agent-api.js';
import { STUDIO_TOKEN_HEADER } from '@contracts/dom.js';
import { STUDIO_API_PATHS, STUDIO_API_PREFIX } from '@contracts/studio-routes.js';
import { v4 as uuidv4 } from 'uuid';
import { refreshStudioToken, studioCall, studioToken } from './studio-client';
import { takeLines } from '@contracts/ndjson-lines.js';

/** A request the page answers (the keepalive is the stream's own). */
export type AgentBridgeTask = Exclude<AgentBridgeRequest, { type: 'keepalive' }>;

/** What the page's handler makes of a request: the answer without the ids, which the client adds. */
export type AgentBridgeOutcome =
  | { ok: true; result: unknown }
  | { ok: false; error: { code: string; message: string; statusCode?: number } };

/** The first delay before the stream is opened again, and the longest: a server just restarted is found quickly. */
export const BRIDGE_RECONNECT_FIRST_MS = 500;
export const BRIDGE_RECONNECT_MAX_MS = 15_000;

/** How long to wait before the `attempt`-th reopening in a row (0-based): doubling from the first delay, bounded. */
export function reconnectDelay(attempt: number): number {
  return Math.min(BRIDGE_RECONNECT_MAX_MS, BRIDGE_RECONNECT_FIRST_MS * 2 ** Math.max(0, Math.min(attempt, 30)));
}

/** The server sends a keepalive every `AGENT_STREAM_KEEPALIVE_MS`: a stream silent for two of them is dead. */
export const BRIDGE_SILENCE_LIMIT_MS = AGENT_STREAM_KEEPALIVE_MS * 2 + 5_000;

/** A page id: letters, digits and `-`, new at every load of the page. */
export function newPageId(): string {
  return uuidv4();
}

export interface AgentBridgeClientOptions {
  /** This page load's id. */
  pageId: string;
  /** The canvas the page shows now. */
  canvasId(): string;
  /** Answers one request; it should not reject (a rejection is answered as an internal error). */
  handle(request: AgentBridgeTask): Promise<AgentBridgeOutcome>;
  /** The network, the delays and the answers' poster: the page's own unless a test gives others. */
  fetch?: typeof fetch;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  postAnswer?: (answer: AgentBridgeAnswer) => Promise<unknown>;
  /** Uploads the picture of the answer to a request (before the answer). */
  postImage?: (pageId: string, requestId: string, png: Blob) => Promise<unknown>;
  token?: () => string | null;
}

/** The page's own upload of an answer's picture: an `image/png` body naming the page and the request. */
function postImageToStudio(pageId: string, requestId: string, png: Blob): Promise<unknown> {
  const query = new URLSearchParams({ pageId, requestId });
  // Re-typed without a copy: the call's content type is the Blob's, and the route takes image/png alone.
  return studioCall(`${STUDIO_API_PATHS.agentBridgeAnswerImage}?${query}`, { method: 'POST', body: new Blob([png], { type: 'image/png' }) });
}

function isTask(value: unknown): value is AgentBridgeTask {
  if (!value || typeof value !== 'object') return false;
  const { type, requestId } = value as { type?: unknown; requestId?: unknown };
  return typeof type === 'string' && type !== 'keepalive' && typeof requestId === 'string';
}

/**
 * The bridge of one page: holds the open stream, the reconnect attempt count and the timer of the next attempt.
 * `start()` opens it (again after `stop()`); a request is answered even when its stream has ended meanwhile.
 */
export class AgentBridgeClient {
  private running = false;
  private attempt = 0;
  private abort: AbortController | null = null;
  private retryTimer: unknown = null;
  private readonly fetch: typeof fetch;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;
  private readonly postAnswer: (answer: AgentBridgeAnswer) => Promise<unknown>;
  private readonly postImage: (pageId: string, requestId: string, png: Blob) => Promise<unknown>;
  private readonly token: () => string | null;

  constructor(private readonly options: AgentBridgeClientOptions) {
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
    this.postAnswer = options.postAnswer ?? ((answer) => studioCall(STUDIO_API_PATHS.agentBridgeAnswer, { method: 'POST', body: answer }));
    this.postImage = options.postImage ?? postImageToStudio;
    this.token = options.token ?? studioToken;
  }

  get pageId(): string {
    return this.options.pageId;
  }

  /** Opens the stream, and keeps opening it again whenever it ends, until `stop()`. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.attempt = 0;
    void this.connect();
  }

  stop(): void {
    this.running = false;
    this.cancelTimers();
    this.abort?.abort();
    this.abort = null;
  }

  /** Drops the open stream and opens a new one at once (the page now shows another canvas). */
  reconnect(): void {
    if (!this.running) return;
    this.cancelTimers();
    this.abort?.abort();
    this.abort = null;
    this.attempt = 0;
    void this.connect();
  }

  private hello(): AgentBridgeHello {
    return { pageId: this.options.pageId, canvasId: this.options.canvasId() };
  }

  private async connect(): Promise<void> {
    const abort = new AbortController();
    this.abort = abort;
    try {
      const response = await this.open(abort.signal);
      if (response.status === 403) await refreshStudioToken().catch(() => false);
      if (response.ok && response.body) {
        this.attempt = 0;
        await this.read(response.body, abort);
      } else {
        await response.body?.cancel().catch(() => undefined);
      }
    } catch {
      // The server is gone or the stream broke: tried again below, quietly.
    }
    if (this.abort !== abort) return;
    this.abort = null;
    if (!this.running) return;
    this.retryTimer = this.setTimer(() => {
      this.retryTimer = null;
      if (this.running && !this.abort) void this.connect();
    }, reconnectDelay(this.attempt++));
  }

  private open(signal: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/x-ndjson' };
    const token = this.token();
    if (token) headers[STUDIO_TOKEN_HEADER] = token;
    return this.fetch(`${STUDIO_API_PREFIX}${STUDIO_API_PATHS.agentBridge}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(this.hello()),
      credentials: 'same-origin',
      cache: 'no-store',
      signal,
    });
  }

  private async read(body: ReadableStream<Uint8Array>, abort: AbortController): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let carry = '';
    // A stream silent past the keepalive's rhythm is a connection lost without an end: it is dropped.
    let silence: unknown = null;
    const rearm = () => {
      if (silence !== null) this.clearTimer(silence);
      silence = this.setTimer(() => abort.abort(), BRIDGE_SILENCE_LIMIT_MS);
    };
    try {
      rearm();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        rearm();
        const step = takeLines(carry, decoder.decode(value, { stream: true }));
        carry = step.carry;
        for (const line of step.lines) this.take(line);
      }
      for (const line of takeLines(carry, `${decoder.decode()}\n`).lines) this.take(line);
    } finally {
      if (silence !== null) this.clearTimer(silence);
    }
  }

  private take(line: string): void {
    let request: unknown;
    try {
      request = JSON.parse(line);
    } catch {
      console.warn('The agent bridge sent a line that is not JSON', line.slice(0, 200));
      return;
    }
    if (isTask(request)) void this.answer(request);
  }

  private async answer(request: AgentBridgeTask): Promise<void> {
    let outcome: AgentBridgeOutcome;
    try {
      outcome = await this.options.handle(request);
    } catch (error) {
      outcome = { ok: false, error: { code: 'INTERNAL', message: `The studio page failed to answer ${request.type}: ${(error as Error).message}` } };
    }
    outcome = await this.withImageUploaded(request, outcome);
    try {
      await this.postAnswer({ pageId: this.options.pageId, requestId: request.requestId, ...outcome });
    } catch (error) {
      // The agent's call then ends with the server's timeout, which says the page did not answer.
      console.warn(`The answer to the agent's ${request.type} could not be posted`, error);
    }
  }

  /** The outcome with its Blob `image` uploaded and named instead, or the upload's failure as the answer. */
  private async withImageUploaded(request: AgentBridgeTask, outcome: AgentBridgeOutcome): Promise<AgentBridgeOutcome> {
    const result = outcome.ok ? (outcome.result as { image?: unknown } | null) : null;
    if (!(result?.image instanceof Blob)) return outcome;
    try {
      await this.postImage(this.options.pageId, request.requestId, result.image);
    } catch (error) {
      const { code, status } = error as { code?: unknown; status?: unknown };
      return {
        ok: false,
        error: {
          code: typeof code === 'string' ? code : 'INTERNAL',
          message: `The studio page could not upload the picture for ${request.type}: ${(error as Error).message}`,
          ...(typeof status === 'number' && status >= 400 && status < 600 ? { statusCode: status } : {}),
        },
      };
    }
    return { ok: true, result: { ...result, image: { mimeType: 'image/png', attached: true } satisfies AgentAttachedImage } };
  }

  private cancelTimers(): void {
    if (this.retryTimer !== null) this.clearTimer(this.retryTimer);
    this.retryTimer = null;
  }
}
