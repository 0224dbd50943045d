/**
 * The server's side of the agent bridge (docs/agent-api.md#bridge): the studio pages that keep a bridge stream
 * open, which one was active last, and the requests sent to a page that wait for its answer. What only a studio
 * page knows or should do itself (its selection, a frame's pixels, a change shown instantly in every frame) is asked
 * of the page that most recently posted a selection or opened its stream.
 *
 * Lasting state, owned here: the open streams, the pages' recency, the pending requests with their timeouts.
 */
import { randomUUID } from 'node:crypto';
import type { PassThrough } from 'node:stream';
import { type AgentBridgeAnswer, type AgentBridgeHello, isAttachedImage, type AgentBridgeRequest, type AgentBridgeRequestType, type AgentBridgeResults } from '../../contracts/agent-api.js';
import { AppError, appError, ERRORS, type ErrorCode } from '../../contracts/errors.js';
import { DEFAULT_CANVAS_ID } from '../../contracts/studio-routes.js';
import { NdjsonStreams } from './ndjson-streams.js';

/** The fields of a request besides its type and id. */
type RequestFields<T extends AgentBridgeRequestType> = Omit<Extract<AgentBridgeRequest, { type: T }>, 'type' | 'requestId'>;

/** What each request asks the page to do, as the refusals say it ("No studio page is open to …"). */
const WHAT: Record<AgentBridgeRequestType, string> = {
  'describe-selection': 'describe its selection',
  'capture-frame': 'capture a frame',
  'apply-change': 'apply the change',
  undo: 'undo',
  redo: 'redo',
  'frame-elements': "list a frame's elements",
  'page-messages': "read a frame's messages",
  'open-frame': 'open a frame',
  'point-at': 'point at an element',
};

interface OpenPage {
  pageId: string;
  canvasId: string;
  stream: PassThrough;
}

interface PendingRequest {
  pageId: string;
  resolve(result: unknown): void;
  reject(error: AppError): void;
  timer: NodeJS.Timeout;
  /** The PNG the page uploaded for its answer, if it did. */
  image?: Buffer;
}

export interface AgentBridgeOptions {
  /** How long a page has to answer (`AGENT_BRIDGE_TIMEOUT_MS`; shorter in tests). */
  timeoutMs: number;
  keepaliveMs: number;
  /** The server's origin, for the refusal that asks to open the studio. */
  origin(): string;
  /** A page said its selection changed. */
  onSelection(canvasId: string): void;
}

/** A page's failure as the catalogue's error: its code and status kept, so the agent reads what the studio read. */
export function pageFailure(error: { code: string; message: string; statusCode?: number }): AppError {
  const code: ErrorCode = Object.hasOwn(ERRORS, error.code) ? (error.code as ErrorCode) : 'INTERNAL';
  const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : ERRORS[code].status;
  return new AppError(code, status, error.message);
}

export class AgentBridge {
  private readonly streams: NdjsonStreams;
  private readonly pages = new Map<string, OpenPage>();
  /** Open pages' ids, the most recently active last. */
  private recency: string[] = [];
  private readonly pending = new Map<string, PendingRequest>();
  /** The canvas of the page that was active last, even once it closed: the server's own writes use it. */
  private lastCanvasId: string | undefined;

  constructor(private readonly options: AgentBridgeOptions) {
    this.streams = new NdjsonStreams(options.keepaliveMs);
  }

  /** Opens a page's stream (a page that opens again, after a reconnect, replaces its older stream). */
  open(hello: AgentBridgeHello): PassThrough {
    this.pages.get(hello.pageId)?.stream.end();
    const stream = this.streams.create(() => this.closed(hello.pageId, stream));
    this.pages.set(hello.pageId, { ...hello, stream });
    this.touch(hello);
    return stream;
  }

  /** The page's selection changed: it becomes the active page, and the agents' events say so. */
  select(hello: AgentBridgeHello): void {
    const page = this.pages.get(hello.pageId);
    if (page) page.canvasId = hello.canvasId;
    this.touch(hello);
    this.options.onSelection(hello.canvasId);
  }

  /** The page that requests go to, if any is open. */
  get activePage(): { pageId: string; canvasId: string } | undefined {
    const page = this.pages.get(this.recency.at(-1) ?? '');
    return page && { pageId: page.pageId, canvasId: page.canvasId };
  }

  /** The canvas an agent's call acts on: the active page's, else the last page's, else the default one. */
  get canvasId(): string {
    return this.activePage?.canvasId ?? this.lastCanvasId ?? DEFAULT_CANVAS_ID;
  }

  /** Sends a request to the active page and waits for its answer (or its failure, or the time limit). */
  request<T extends AgentBridgeRequestType>(type: T, fields: RequestFields<T>): Promise<AgentBridgeResults[T]> {
    const page = this.pages.get(this.recency.at(-1) ?? '');
    if (!page) return Promise.reject(appError('AGENT_NO_STUDIO_PAGE', this.options.origin(), WHAT[type]));
    const requestId = randomUUID();
    return new Promise<AgentBridgeResults[T]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(requestId);
        reject(appError('AGENT_PAGE_TIMEOUT', WHAT[type], this.options.timeoutMs));
      }, this.options.timeoutMs);
      this.pending.set(requestId, { pageId: page.pageId, resolve: resolve as (result: unknown) => void, reject, timer });
      // Written at once: an agent's change is as quick as the studio's own.
      NdjsonStreams.write(page.stream, { ...fields, type, requestId });
    });
  }

  /** The picture of an answer the page posts next (a PNG already checked); refused as `answer` refuses. */
  attachImage(pageId: string, requestId: string, png: Buffer): void {
    this.waiting(pageId, requestId).image = png;
  }

  /** A page's answer; refused when no request of that page waits under its id. */
  answer(answer: AgentBridgeAnswer): void {
    const pending = this.waiting(answer.pageId, answer.requestId);
    this.pending.delete(answer.requestId);
    clearTimeout(pending.timer);
    if (!answer.ok) return pending.reject(pageFailure(answer.error));
    const result = answer.result as { image?: unknown } | null;
    if (!isAttachedImage(result?.image)) return pending.resolve(answer.result);
    // The agent's answer carries the picture as the contract says it, base64: made here, off the studio page.
    if (pending.image) pending.resolve({ ...result, image: { mimeType: 'image/png', data: pending.image.toString('base64') } });
    else pending.reject(appError('INTERNAL', 'the studio page answered with a picture it did not upload'));
  }

  private waiting(pageId: string, requestId: string): PendingRequest {
    const pending = this.pending.get(requestId);
    if (!pending || pending.pageId !== pageId) throw appError('NOT_FOUND', `A request ${requestId} waiting for page ${pageId}`);
    return pending;
  }

  /** Ends every stream and fails every waiting request (the server is closing). */
  close(): void {
    this.streams.closeAll();
    for (const [requestId, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(appError('AGENT_NO_STUDIO_PAGE', this.options.origin(), 'answer: the server is stopping'));
      this.pending.delete(requestId);
    }
  }

  private touch(hello: AgentBridgeHello): void {
    this.lastCanvasId = hello.canvasId;
    if (!this.pages.has(hello.pageId)) return;
    this.recency = [...this.recency.filter((id) => id !== hello.pageId), hello.pageId];
  }

  private closed(pageId: string, stream: PassThrough): void {
    // An older stream of a page that opened again: the page is still there.
    if (this.pages.get(pageId)?.stream !== stream) return;
    this.pages.delete(pageId);
    this.recency = this.recency.filter((id) => id !== pageId);
    for (const [requestId, pending] of this.pending) {
      if (pending.pageId !== pageId) continue;
      clearTimeout(pending.timer);
      this.pending.delete(requestId);
      pending.reject(appError('AGENT_NO_STUDIO_PAGE', this.options.origin(), 'answer: the studio page was closed'));
    }
  }
}
