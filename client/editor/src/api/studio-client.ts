/**
 * The editor's calls to its own server (`/_studio/api/…`). Writes carry the per-start studio token that only the
 * studio page was given (in a `<meta>`), as a JSON body from this exact origin: the server refuses anything else.
 * Every failure becomes a `StudioCallError` holding the server's catalogue code and its message for a person.
 *
 * The server may stop and start again while the page stays open: a call that cannot reach it is told to whoever
 * listens (`onServerUnreachable`), and a write refused for a token of an earlier start fetches the page's new token
 * (`refreshStudioToken`) and is sent once more, so a person who did nothing wrong never sees that refusal.
 */
import { CHANGE_BY_HEADER } from '@contracts/agent-api.js';
import { STUDIO_TOKEN_HEADER, STUDIO_TOKEN_META } from '@contracts/dom.js';
import { AGENT_SESSION_HEADER, agentSessionHeaderValue, type AgentSessionRef, type ChangeAuthor } from '@contracts/change-authors.js';
import { STUDIO_API_PATHS, STUDIO_API_PREFIX, STUDIO_PATH_PREFIX } from '@contracts/studio-routes.js';

export class StudioCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
    this.name = 'StudioCallError';
  }
}

/** The code of a call that never got an answer (the server is down, or the page is going away). */
export const UNREACHABLE_CODE = 'NETWORK';

export function isUnreachable(error: unknown): boolean {
  return error instanceof StudioCallError && error.code === UNREACHABLE_CODE;
}

function tokenMeta(): HTMLMetaElement | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${STUDIO_TOKEN_META}"]`);
}

/** The token of the server's start this page knows (the agent bridge's stream sends it as the calls do). */
export function studioToken(): string | null {
  return tokenMeta()?.content ?? null;
}

/** Whether this studio can write source (`dev`); a static `start` page has no token. */
export function canWriteSource(): boolean {
  return studioToken() !== null;
}

const unreachableListeners = new Set<() => void>();

/** Hears of every call that got no answer at all; returns the stop. */
export function onServerUnreachable(listener: () => void): () => void {
  unreachableListeners.add(listener);
  return () => unreachableListeners.delete(listener);
}

/** The token in a studio page's HTML, read as the page's own `<meta>` is. */
export function tokenOfStudioPage(html: string): string | null {
  const meta = new DOMParser().parseFromString(html, 'text/html').querySelector<HTMLMetaElement>(`meta[name="${STUDIO_TOKEN_META}"]`);
  return meta?.content || null;
}

let refreshing: Promise<boolean> | null = null;

/**
 * Reads the token of the server's current start from the studio page itself (same origin: no other route hands the
 * token out) and puts it in this page's `<meta>`. Answers whether it changed; concurrent callers share one fetch.
 * Rejects when the page cannot be fetched.
 */
export function refreshStudioToken(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const response = await fetch(STUDIO_PATH_PREFIX, { credentials: 'same-origin', cache: 'no-store' });
      if (!response.ok) throw new Error(`the studio page answered ${response.status}`);
      const token = tokenOfStudioPage(await response.text());
      const meta = tokenMeta();
      if (!token || !meta || meta.content === token) return false;
      meta.content = token;
      return true;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** Whether the server answers at all, by the cheapest call it has (`HEAD` of the health route); never rejects. */
export async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch(`${STUDIO_API_PREFIX}${STUDIO_API_PATHS.health}`, { method: 'HEAD', credentials: 'same-origin', cache: 'no-store' });
    return response.status < 500;
  } catch {
    return false;
  }
}

type CallInit = {
  method?: 'GET' | 'POST' | 'PUT';
  /** Sent as JSON, or a Blob as it is under its own type. */
  body?: unknown;
  /** Who asks for a write: an agent's change, undo or redo says so (`CHANGE_BY_HEADER`), so its history step is the agent's. */
  by?: ChangeAuthor;
  /** The agent session it is for (`AGENT_SESSION_HEADER`), so its history step is that session's. */
  agent?: AgentSessionRef;
};

async function send(path: string, method: string, body: unknown, by?: ChangeAuthor, agent?: AgentSessionRef): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // A Blob goes as it is, under its own type (a frame's picture for an agent: no base64 copy in this page).
  const binary = body instanceof Blob;
  if (method !== 'GET') {
    headers['content-type'] = binary ? body.type : 'application/json';
    const token = studioToken();
    if (token) headers[STUDIO_TOKEN_HEADER] = token;
    if (by) headers[CHANGE_BY_HEADER] = by;
    if (by === 'agent' && agent) headers[AGENT_SESSION_HEADER] = agentSessionHeaderValue(agent);
  }
  try {
    return await fetch(`${STUDIO_API_PREFIX}${path}`, {
      method,
      headers,
      body: method === 'GET' ? undefined : binary ? body : JSON.stringify(body ?? {}),
      credentials: 'same-origin',
    });
  } catch (error) {
    for (const listener of unreachableListeners) listener();
    throw new StudioCallError(`The studio server cannot be reached (${(error as Error).message})`, 0, UNREACHABLE_CODE);
  }
}

type Outcome = { ok: true; body: unknown } | { ok: false; error: StudioCallError };

async function outcomeOf(response: Response): Promise<Outcome> {
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // A non-JSON answer is reported below with its status.
  }
  if (response.ok) return { ok: true, body };
  const failure = body as { message?: string; code?: string } | null;
  return {
    ok: false,
    error: new StudioCallError(failure?.message ?? (text.slice(0, 300) || `HTTP ${response.status}`), response.status, failure?.code ?? `HTTP_${response.status}`),
  };
}

/** A refusal that the token of the server's current start may turn into an answer. */
const maybeStaleToken = (error: StudioCallError) => error.status === 403 && error.code === 'STUDIO_WRITE_REFUSED';

export async function studioCall<T>(path: string, init: CallInit = {}): Promise<T> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  let outcome = await outcomeOf(await send(path, method, init.body, init.by, init.agent));
  // The server started again since this page was served: its token is new. One retry with it, only if it changed.
  if (!outcome.ok && method !== 'GET' && maybeStaleToken(outcome.error) && (await refreshStudioToken().catch(() => false))) {
    outcome = await outcomeOf(await send(path, method, init.body, init.by, init.agent));
  }
  if (!outcome.ok) throw outcome.error;
  return outcome.body as T;
}

/** The server as the editor's lasting objects take it: this module's calls in the page, a fake in their tests. */
export interface StudioServer {
  call: typeof studioCall;
  canWriteSource(): boolean;
}

export const studioServer: StudioServer = { call: studioCall, canWriteSource };
