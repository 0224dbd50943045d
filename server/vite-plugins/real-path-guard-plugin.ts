/**
 * What of the project Vite may serve, checked in front of all of Vite's middlewares (by the console plugin, and by
 * this plugin's own middleware when Vite runs alone), whatever the spelling of the URL:
 *
 * - nothing under `.plantation-studio/`, `.git/` or named `.env*` (never-served.ts), by the URL and by where the file
 *   really is;
 * - no file whose real path is outside the folders the studio serves: the project, its workspace (where a monorepo
 *   keeps the dependencies), the studio's own package and Vite's cache, whatever the project's `server.fs.allow`
 *   says;
 * - no file Vite's own rules would refuse by its real path: Vite checks `server.fs.allow` and `deny` by the path in
 *   the URL, so `/src/shared/secret.txt`, with `src/shared` a link to a folder outside the project, passed as a file
 *   of the project.
 *
 * Links that stay inside the served folders keep working.
 */
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { relative, resolve, sep } from 'node:path';
import { isFileLoadingAllowed, normalizePath, searchForWorkspaceRoot, type Plugin, type ResolvedConfig } from 'vite';
import { appError, type AppError } from '../../contracts/errors.js';
import { NEVER_SERVED_WHY, neverServedSegment, urlPathSpellings } from '../never-served.js';
import { PACKAGE_ROOT } from '../package-info.js';
import { withRealPaths } from '../with-real-paths.js';

export const REAL_PATH_GUARD_PLUGIN_NAME = 'plantation-studio:real-path-guard';

const FS_PREFIX = '/@fs/';
const ID_PREFIX = '/@id/';

/** A request the console plugin already checked: this plugin's middleware lets it through without a second look. */
const CHECKED = Symbol('plantation-studio:served-path-checked');

export function markServedPathChecked(request: IncomingMessage): void {
  (request as IncomingMessage & { [CHECKED]?: true })[CHECKED] = true;
}

/** A file a URL may name, and whether it is named only as an absolute path of the machine (Vite's fallback). */
interface NamedFile {
  file: string;
  absoluteOnly: boolean;
}

/**
 * The files on disk a URL may name, in any of its spellings: under `/@fs/`; under `/@id/` or as a plain path, in the
 * root, in the public folder, and as an absolute path of the machine (Vite's resolver falls back to one).
 */
function filesNamedBy(spellings: readonly string[], config: Pick<ResolvedConfig, 'root' | 'publicDir'>): NamedFile[] {
  const files = new Map<string, boolean>();
  const add = (file: string, absoluteOnly: boolean) => files.set(file, (files.get(file) ?? true) && absoluteOnly);
  for (let path of spellings) {
    if (path.startsWith(FS_PREFIX)) {
      add(resolve('/', path.slice(FS_PREFIX.length)), false);
      continue;
    }
    if (path.startsWith(ID_PREFIX)) path = `/${path.slice(ID_PREFIX.length)}`;
    // `/@vite/client` and the like name modules, not files.
    else if (path.startsWith('/@')) continue;
    const relativePath = `.${path.startsWith('/') ? '' : '/'}${path}`;
    add(resolve(config.root, relativePath), false);
    if (config.publicDir) add(resolve(config.publicDir, relativePath), false);
    add(resolve('/', relativePath), true);
  }
  return [...files].map(([file, absoluteOnly]) => ({ file, absoluteOnly }));
}

const servedFoldersCache = new WeakMap<object, string[]>();

/** The folders anything may be served from, by path and by real path, longest first. */
function servedFolders(config: Pick<ResolvedConfig, 'root' | 'cacheDir'>): string[] {
  let folders = servedFoldersCache.get(config);
  if (!folders) {
    folders = withRealPaths([config.root, searchForWorkspaceRoot(config.root), PACKAGE_ROOT, config.cacheDir]).sort((a, b) => b.length - a.length);
    servedFoldersCache.set(config, folders);
  }
  return folders;
}

/** The path of `file` inside the first served folder that holds it, or null when none does. */
function insideServedFolder(file: string, folders: readonly string[]): string | null {
  for (const folder of folders) {
    if (file === folder) return '';
    if (file.startsWith(folder.endsWith(sep) ? folder : folder + sep)) return relative(folder, file);
  }
  return null;
}

/** Where Vite 5 keeps what Vite 6 and later keep on the config: the deny matcher and the paths always served. */
interface Vite5Server {
  _fsDenyGlob?: (file: string) => boolean;
  moduleGraph?: { safeModulesPath?: Set<string> };
}

/**
 * Vite's own rule for a file, read where the serving Vite keeps it: this package's `isFileLoadingAllowed` reads the
 * config of Vite 6 and later; a project served by its own Vite 5 has the same rule on its server (its
 * `isFileLoadingAllowed`, from 5.4.21 only, takes the server).
 */
function loadingAllowed(config: ResolvedConfig, file: string, server: Vite5Server | undefined): boolean {
  if (typeof (config as { fsDenyGlob?: unknown }).fsDenyGlob === 'function' || typeof server?._fsDenyGlob !== 'function') {
    return isFileLoadingAllowed(config, file);
  }
  const { fs } = config.server;
  if (!fs.strict) return true;
  if (server._fsDenyGlob(file.endsWith('/') ? file.slice(0, -1) : file)) return false;
  if (server.moduleGraph?.safeModulesPath?.has(file)) return true;
  return fs.allow.some((dir) => file === dir || file.startsWith(dir.endsWith('/') ? dir : `${dir}/`));
}


/** Why the file a URL names (through a link, under `/@fs/`…) may not be served, or null. */
async function fileRefusal({ file, absoluteOnly }: NamedFile, config: ResolvedConfig, server: Vite5Server | undefined): Promise<string | null> {
  const folders = servedFolders(config);
  const named = insideServedFolder(file, folders);
  if (named !== null && neverServedSegment(named)) return NEVER_SERVED_WHY;
  const real = await realpath(file).catch(() => null);
  // A file that does not exist is Vite's to 404; an absolute path is only a file's (an SPA route like `/home` is no folder).
  if (real === null || (absoluteOnly && !(await stat(real).catch(() => null))?.isFile())) return null;
  const inside = insideServedFolder(real, folders);
  if (inside === null) return 'it is outside the folders the studio serves (the project, its workspace, the studio itself)';
  if (neverServedSegment(inside)) return NEVER_SERVED_WHY;
  if (!loadingAllowed(config, normalizePath(real), server)) return 'it leads outside the served folders';
  return null;
}

/**
 * Why the console may not answer `url` (403 PATH_FORBIDDEN), or null: a path under a folder that is never served in
 * any spelling, or a file that resolves, by its real path, where nothing is served.
 */
export async function servingRefusal(url: string, config: ResolvedConfig, server?: object): Promise<AppError | null> {
  const spellings = urlPathSpellings(url);
  const shown = url.replace(/[?#].*$/s, '').slice(0, 300);
  // Absolute paths (`/@fs/`, `/@id//…`) are judged below, inside the folder that holds them.
  if (spellings.some((path) => !path.startsWith(FS_PREFIX) && !path.startsWith(`${ID_PREFIX}/`) && neverServedSegment(path))) {
    return appError('PATH_FORBIDDEN', shown, NEVER_SERVED_WHY);
  }
  for (const named of filesNamedBy(spellings, config)) {
    const why = await fileRefusal(named, config, server as Vite5Server | undefined);
    if (why) return appError('PATH_FORBIDDEN', shown, why);
  }
  return null;
}

/** The refusal as the catalogue's JSON, on a response nothing was written to yet. */
export function sendServingRefusal(response: ServerResponse, failure: AppError): void {
  response.statusCode = failure.statusCode;
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.setHeader('cache-control', 'no-store');
  response.end(JSON.stringify(failure.toJSON()));
}

export function realPathGuardPlugin(): Plugin {
  return {
    name: REAL_PATH_GUARD_PLUGIN_NAME,
    apply: 'serve',
    configureServer(server) {
      // Added here, not in a returned hook: it must run before Vite's own middlewares read any file.
      server.middlewares.use((request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => {
        if ((request as IncomingMessage & { [CHECKED]?: true })[CHECKED]) return next();
        servingRefusal(request.url ?? '/', server.config, server).then((refused) => {
          if (refused === null) return next();
          sendServingRefusal(response, refused);
        }, next);
      });
    },
  };
}
