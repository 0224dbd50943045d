/**
 * Keeps the frame query (`storyboard`, `storyboardId`, `framework`, …) in the frame's address when the console moves
 * to another screen: its router pushes addresses without them, and a reload after that (the frame's Refresh, Vite's
 * full reload) started the overlay without its storyboard id or Vite's name, so the frame lost its page-error badge
 * and its identity. Installed before the page watcher, which wraps the same methods to hear the address change.
 */
import { FRAME_QUERY_PARAMS } from '@contracts/frame-query.js';

/**
 * The address `next` the page is going to, with the frame query's parameters that `currentSearch` has and `next`
 * lacks. An address of another origin is left as it is.
 */
export function withFrameQueryKept(next: string, currentSearch: string, currentHref: string): string {
  let url: URL;
  try {
    url = new URL(next, currentHref);
  } catch {
    return next;
  }
  if (url.origin !== new URL(currentHref).origin) return next;
  const current = new URLSearchParams(currentSearch);
  let changed = false;
  for (const name of FRAME_QUERY_PARAMS) {
    const value = current.get(name);
    if (value !== null && !url.searchParams.has(name)) {
      url.searchParams.set(name, value);
      changed = true;
    }
  }
  return changed ? `${url.pathname}${url.search}${url.hash}` : next;
}

export function keepFrameQuery(win: Window): void {
  const history = win.history;
  const search = win.location.search;
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function keepingFrameQuery(this: History, data: unknown, unused: string, url?: string | URL | null) {
      const next = url === undefined || url === null ? url : withFrameQueryKept(String(url), search, win.location.href);
      original.call(this, data, unused, next);
    };
  }
}
