/**
 * The per-start studio token: a secret made when the server starts, given to the studio page only (in a
 * `<meta>` it reads), and required on every studio write. A page of another site cannot read it, so even a request
 * it manages to send with a plausible Origin cannot write files. See docs/editor.md#studio-guard.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

// The names live with the other names the server, the overlay and the editor share.
export { STUDIO_TOKEN_HEADER, STUDIO_TOKEN_META } from '../contracts/dom.js';

/** 32 random bytes, URL-safe: new at every start, so a token seen once is useless after a restart. */
export function createStudioToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Compares in constant time, so the answer's timing says nothing about how much of a guess was right. */
export function studioTokenMatches(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
