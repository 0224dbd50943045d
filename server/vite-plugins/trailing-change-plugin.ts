/**
 * A trailing `change` for the served Vite's watcher. Chokidar, the watcher Vite 5 to 8 bundle, tells the first
 * `change` of a file and drops every other one of the same file for 50 ms after it, with nothing sent once that time
 * is over: a second write inside it (the studio's engine writes a file in a few milliseconds; a code editor may save
 * twice) never reached Vite's hot reload, and the page kept the first text while the file had the second.
 *
 * So each `change` a listener is told of leaves the file's identity as it was then (inode, size, modification and
 * status-change times: an atomic write renames a new file over the old, a new inode), and once chokidar's window is
 * over the file is looked at again: when it differs, `change` (and `all`, as chokidar sends both) is emitted on the
 * watcher again, so Vite's hot reload, the plugins' `watchChange` and every other listener (the codebase-id plugin's
 * disk changes) read the file as it is now. Every file the watcher watches, not only sources: a stylesheet, a JSON
 * module or the Vite config saved twice is the same loss. A removed file is left to chokidar's `unlink`.
 */
import { statSync, type Stats } from 'node:fs';
import type { Plugin, ViteDevServer } from 'vite';

export const TRAILING_CHANGE_PLUGIN_NAME = 'plantation-studio:trailing-change';

/**
 * Why: chokidar's `_emit` drops a `change` of a path for this long after the one it sent
 * (`this._throttle(EV_CHANGE, path, 50)`; in Vite 8 in `node_modules/vite/dist/node/chunks/node.js`).
 */
const CHOKIDAR_CHANGE_WINDOW_MS = 50;

/**
 * When a file is looked at again after a `change`: past chokidar's window, whose timer (started just before this
 * one) has then fired, so a write after the look is told by chokidar itself. The margin covers a write of the window's
 * end still being stated by chokidar.
 */
export const TRAILING_CHECK_MS = CHOKIDAR_CHANGE_WINDOW_MS + 20;

type Watcher = ViteDevServer['watcher'];

/**
 * What tells two versions of a file apart without reading it. Why no content: every changed file would be read twice
 * (a large asset too); the times are finer than a millisecond on today's file systems, and an in-place rewrite of the
 * same size inside one tick of a coarse clock is the only write this misses.
 */
function identityOf(stats: Stats): string {
  return `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
}

/** The file's stats now, or null when it is gone (or cannot be stated: nothing to tell then). */
function statsNow(file: string): Stats | null {
  try {
    return statSync(file, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

/** Chokidar passes the stats it took just before telling, before any listener read the file: the best identity. */
function isStats(value: unknown): value is Stats {
  return typeof value === 'object' && value !== null && typeof (value as Stats).mtimeMs === 'number' && typeof (value as Stats).ino === 'number';
}

/** Watches `watcher`'s changes and re-emits the ones its throttle swallowed, until the watcher closes. */
function trailChanges(watcher: Watcher): void {
  // One look per path: a newer `change` replaces the older one's, since it starts a new window of chokidar's.
  const pending = new Map<string, ReturnType<typeof setTimeout>>();

  const lookAgain = (file: string, told: string) => {
    pending.delete(file);
    const stats = statsNow(file);
    if (!stats || identityOf(stats) === told) return;
    // Not through chokidar's `_emit`, whose throttle would drop it again; the stats as chokidar passes them.
    watcher.emit('change', file, stats);
    watcher.emit('all', 'change', file, stats);
  };
  const onChange = (file: string, stats?: unknown) => {
    const seen = isStats(stats) ? stats : statsNow(file);
    if (!seen) return;
    clearTimeout(pending.get(file));
    const told = identityOf(seen);
    pending.set(file, setTimeout(() => lookAgain(file, told), TRAILING_CHECK_MS));
  };
  const onUnlink = (file: string) => {
    clearTimeout(pending.get(file));
    pending.delete(file);
  };
  const stop = () => {
    for (const timer of pending.values()) clearTimeout(timer);
    pending.clear();
    watcher.off('change', onChange);
    watcher.off('unlink', onUnlink);
  };

  watcher.on('change', onChange);
  watcher.on('unlink', onUnlink);
  // Why the watcher's own close, not a hook of the plugin: it ends this server's events in every Vite from 5 to 8,
  // and a restart (the Vite config saved) starts the new server, with the same plugin object, before closing the old.
  const close = watcher.close;
  watcher.close = function closeAndStopLooking(this: Watcher, ...args: Parameters<Watcher['close']>) {
    stop();
    return close.apply(this, args);
  };
}

export function trailingChangePlugin(): Plugin {
  return {
    name: TRAILING_CHANGE_PLUGIN_NAME,
    // Never in `build`: nothing is watched there.
    apply: 'serve',
    configureServer(server) {
      trailChanges(server.watcher);
    },
  };
}
