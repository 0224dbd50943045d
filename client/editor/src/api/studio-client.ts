/**
 * The editor's calls to its own server (`/_studio/api/…`). Writes carry the per-start studio token that only the
 * studio page was given (in a `<meta>`), as a JSON body from this exact origin: the server refuses anything else.
 * Every failure becomes a `StudioCallError` holding the server's catalogue code and its message for a person.
 */
import { STUDIO_TOKEN_HEADER, STUDIO_TOKEN_META } from '@contracts/dom.js';
import { STUDIO_API_PREFIX } from '@contracts/studio-routes.js';

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

function studioToken(): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${STUDIO_TOKEN_META}"]`)?.content ?? null;
}

/** Whether this studio can write source (`dev`); a static `start` page has no token. */
export function canWriteSource(): boolean {
  return studioToken() !== null;
}

export async function studioCall<T>(path: string, init: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown } = {}): Promise<T> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') {
    headers['content-type'] = 'application/json';
    const token = studioToken();
    if (token) headers[STUDIO_TOKEN_HEADER] = token;
  }
  let response: Response;
  try {
    response = await fetch(`${STUDIO_API_PREFIX}${path}`, {
      method,
      headers,
      body: method === 'GET' ? undefined : JSON.stringify(init.body ?? {}),
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new StudioCallError(`The studio server cannot be reached (${(error as Error).message})`, 0, 'NETWORK');
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // A non-JSON answer is reported below with its status.
  }
  if (!response.ok) {
    const failure = body as { message?: string; code?: string } | null;
    throw new StudioCallError(failure?.message ?? (text.slice(0, 300) || `HTTP ${response.status}`), response.status, failure?.code ?? `HTTP_${response.status}`);
  }
  return body as T;
}

/** The server as the editor's lasting objects take it: this module's calls in the page, a fake in their tests. */
export interface StudioServer {
  call: typeof studioCall;
  canWriteSource(): boolean;
}

export const studioServer: StudioServer = { call: studioCall, canWriteSource };
