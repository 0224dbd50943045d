/**
 * The CSS of Tailwind classes for instant updates comes from the studio server, which runs the console's own
 * Tailwind (never a hand-written table). The call is a studio request: it carries the per-start token that the
 * studio page holds, read from the parent page, which is the same origin.
 */
import { STUDIO_TOKEN_HEADER, STUDIO_TOKEN_META } from '@contracts/dom.js';
import { STUDIO_API_PATHS, STUDIO_API_PREFIX } from '@contracts/studio-routes.js';

const TAILWIND_CSS_PATH = `${STUDIO_API_PREFIX}${STUDIO_API_PATHS.tailwindCss}`;

function studioToken(): string | null {
  try {
    return window.parent.document.querySelector<HTMLMetaElement>(`meta[name="${STUDIO_TOKEN_META}"]`)?.content ?? null;
  } catch {
    return null;
  }
}

export interface TailwindClassRequest {
  className: string;
  modifiers: string[];
}

/** The generated CSS for the classes, or an error saying why there is none. */
export async function fetchTailwindCss(classes: TailwindClassRequest[]): Promise<string> {
  const token = studioToken();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers[STUDIO_TOKEN_HEADER] = token;
  const response = await fetch(TAILWIND_CSS_PATH, { method: 'POST', headers, body: JSON.stringify({ classes }) });
  if (!response.ok) throw new Error(`Tailwind CSS request failed with ${response.status}: ${await response.text()}`);
  const answer = (await response.json()) as { css?: unknown };
  if (typeof answer.css !== 'string') throw new Error('Tailwind CSS answer has no css');
  return answer.css;
}
