/**
 * A frame's address: the console route it shows, with the query the overlay reads (`storyboard=true`,
 * the frame's `storyboardId`, `framework=VITE`), and back again to the address a person reads and types. See
 * docs/editor.md#frame-address.
 */
import { STUDIO_FRAME_PARAMS } from '@contracts/frame-query.js';
import { frameRouteSchema } from '@contracts/studio-api.js';

/** The address to show for a frame's location: path, query and hash, without the studio's own parameters. */
export function displayAddress(href: string): string {
  let url: URL;
  try {
    url = new URL(href, 'http://frame.invalid');
  } catch {
    return href;
  }
  for (const name of STUDIO_FRAME_PARAMS) url.searchParams.delete(name);
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
}

/**
 * Reads an address typed into a frame's address field: a path of the served project (`/drone?page=1`), or a full URL of
 * this very origin. Answers the route, or why it cannot be shown.
 */
export function parseTypedAddress(typed: string, origin: string): { route: string } | { error: string } {
  const text = typed.trim();
  if (!text) return { error: 'Type an address of a page, e.g. /' };
  let url: URL;
  try {
    url = new URL(text.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `/${text}`, origin);
  } catch {
    return { error: `"${text}" is not an address` };
  }
  if (url.origin !== origin) return { error: `A frame shows this server's pages only, not ${url.origin}` };
  const route = displayAddress(`${url.pathname}${url.search}${url.hash}`);
  const checked = frameRouteSchema.safeParse(route);
  return checked.success ? { route } : { error: checked.error.issues[0]?.message ?? 'Not an address of this server' };
}
