/**
 * What the server never serves, whatever the spelling of the URL and whatever the project's own Vite config says:
 * the studio's folder `.plantation-studio/` (the agent secret, the mock's signing key, whole copies of source files
 * in the undo history), git's folder `.git/`, and `.env*` files. `dev` refuses them in front of Vite
 * (real-path-guard-plugin.ts) and in Vite's own `server.fs.deny`; `start` refuses them in front of its static files.
 */

/** Why a path under one of those folders is refused (403 PATH_FORBIDDEN). */
export const NEVER_SERVED_WHY = "it is the studio's own folder, git's folder or an environment file, which are never served";

/**
 * Vite's `server.fs.deny`: its own default (which a config that sets `deny` replaces, so it is repeated here) and the
 * studio's folder. Vite matches a pattern without a slash against the file's name.
 */
export const NEVER_SERVED_DENY: readonly string[] = ['.env', '.env.*', '.env*', '*.{crt,pem}', '**/.git/**', '**/.plantation-studio/**'];

/**
 * The segment of a path (`/` or `\` separated) that makes it never served, or null. Why case and trailing dots and
 * spaces do not count: on a file system that ignores case (macOS) `.GIT` is `.git`, and Windows drops trailing dots
 * and spaces from a name.
 */
export function neverServedSegment(path: string): string | null {
  for (const segment of path.split(/[/\\]/)) {
    const name = segment.toLowerCase().replace(/[. ]+$/, '');
    if (name === '.plantation-studio' || name === '.git' || name.startsWith('.env')) return segment;
  }
  return null;
}

/** Most spellings a URL is tried in: enough for every decoding a server on the way might do, few enough to be cheap. */
const MAX_SPELLINGS = 64;

function cleanUrl(text: string): string {
  return text.replace(/[?#].*$/s, '');
}

/** The spellings one step of decoding or normalising makes of `text`, as Vite, sirv or `send` would read it. */
function nextSpellings(text: string): string[] {
  const next = [cleanUrl(text), text.replace(/\\/g, '/')];
  for (const decode of [decodeURI, decodeURIComponent]) {
    try {
      next.push(cleanUrl(decode(text)));
    } catch {
      // A malformed escape: whoever reads the URL keeps it as it is, and so does this.
    }
  }
  try {
    // The WHATWG parser (Vite's `new URL(url, base)`) reads `\` as `/` and `%2e` as a dot segment, and drops `..`.
    next.push(new URL(text.startsWith('/') ? text : `/${text}`, 'http://localhost').pathname);
  } catch {
    // Not a URL path: the other spellings stand.
  }
  // `..`, `.` and doubled slashes, as a file path (`/` stays the top: a URL cannot climb above the root).
  next.push(
    `/${text
      .split(/\/+/)
      .reduce<string[]>((parts, part) => (part === '..' ? parts.slice(0, -1) : part === '.' || part === '' ? parts : [...parts, part]), [])
      .join('/')}`,
  );
  return next;
}

/**
 * The path of a request's URL in every spelling it may be read in: as sent, decoded once or more (`%2e`, `%2F`,
 * `%252e`), with backslashes as slashes, with `.`, `..` and doubled slashes resolved, without the query. Whoever reads
 * the URL on the way to a file reads one of these.
 */
export function urlPathSpellings(url: string): string[] {
  const spellings = new Set<string>();
  let pending = [cleanUrl(url)];
  while (pending.length > 0 && spellings.size < MAX_SPELLINGS) {
    const next: string[] = [];
    for (const text of pending) {
      if (spellings.has(text)) continue;
      spellings.add(text);
      next.push(...nextSpellings(text));
    }
    pending = next;
  }
  return [...spellings];
}
