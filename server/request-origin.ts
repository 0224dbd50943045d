/**
 * One strict reading of the Host and Origin headers for every check of the server: the Host allowlist, the studio's
 * exact-Origin rule, the mock's controls, the HMR socket and the editor launcher of the console. Read apart, two checks
 * disagreed on what `127.0.0.1:4600@attacker.example` names (an IP address for one, `attacker.example` for the other),
 * and each of them let through what the other refused.
 *
 * A browser names the page that made a request in `Origin` (every POST, PUT, DELETE, fetch with CORS and WebSocket)
 * and, to potentially trustworthy origins such as localhost, in `Sec-Fetch-Site`; no page can forge either.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';

/**
 * A host name or an IP literal with an optional port, and nothing else: no userinfo (`@`), path, backslash, percent
 * escape, space or second port. Checked before the URL parser, which would read such values into something else.
 */
const HOST_SHAPE = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::\d{1,5})?$/i;

export interface ParsedHost {
  /** As a URL serialises it (and a browser names it in Origin): lower case, canonical IP forms, no default port. */
  host: string;
  /** The name or address alone: no port, brackets or trailing dot. */
  name: string;
}

/** A Host header value read strictly, or null when it is not one host name or IP literal with an optional port. */
export function parseHost(value: string | undefined): ParsedHost | null {
  if (value === undefined || !HOST_SHAPE.test(value)) return null;
  let url: URL;
  try {
    url = new URL(`http://${value}`);
  } catch {
    return null;
  }
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
  const name = url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  return name ? { host: url.host, name } : null;
}

/** Whether a Host names this machine (localhost, an IP literal) or a host name the user allowed. */
export function isHostAllowed(hostHeader: string | undefined, allowedHosts: readonly string[]): boolean {
  const parsed = parseHost(hostHeader);
  if (!parsed) return false;
  const { name } = parsed;
  // Why IP literals are safe: rebinding needs a name the attacker controls; an address names no one's DNS.
  if (isIP(name) !== 0) return true;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return allowedHosts.some((allowed) => allowed.toLowerCase().replace(/\.$/, '') === name);
}

/** The origin of this server's own pages for a request with this Host (the server speaks plain HTTP), or null. */
export function ownOriginOf(hostHeader: string | undefined): string | null {
  const parsed = parseHost(hostHeader);
  return parsed ? `http://${parsed.host}` : null;
}

/**
 * An Origin header that is exactly one http(s) origin as a browser serialises it, or null: `null` (sandboxed frames,
 * `data:` pages), lists, paths, userinfo and non-canonical spellings are nobody's origin.
 */
export function exactOrigin(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value) return value;
  } catch {
    // Not a URL: no origin.
  }
  return null;
}

/** How many Host headers the request had: more than one makes "the Host" ambiguous, so such a request is refused. */
export function hostHeaderCount(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.toLowerCase() === 'host') count++;
  return count;
}

/**
 * Why a request was made by a page that is neither one of this server's nor one of the `trusted` origins (the
 * `mock --cors-origin` front ends), or null. A request with neither Origin nor fetch metadata comes from a tool (curl,
 * a test, Playwright's request context), not from a page, and passes: a tool can do anything a page could anyway.
 */
export function foreignPageReason(headers: IncomingHttpHeaders, trusted: readonly string[] = []): string | null {
  const origin = headers.origin;
  if (origin !== undefined) {
    const exact = exactOrigin(origin);
    if (exact !== null && (exact === ownOriginOf(headers.host) || trusted.includes(exact))) return null;
    return `the Origin "${origin}" is not this server's`;
  }
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `the browser says it comes from a ${site} page`;
  return null;
}

/**
 * Whether the request was provably made by a page of this server: stricter than `foreignPageReason`, a request that
 * names no page at all is refused too. A same-origin GET carries no Origin; the fetch metadata says where it comes
 * from, or, where a browser sends none (plain HTTP to a LAN address), the Referer, which no other page can make name
 * this server.
 */
export function isFromOwnPage(headers: IncomingHttpHeaders): boolean {
  const own = ownOriginOf(headers.host);
  if (!own) return false;
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  if (headers.origin !== undefined) return exactOrigin(headers.origin) === own;
  if (site === 'same-origin') return true;
  const referer = headers.referer;
  if (!referer) return false;
  try {
    return new URL(referer).origin === own;
  } catch {
    return false;
  }
}
