/**
 * Vite checks a requested file against `server.fs.allow` and `deny` by the path in the URL, not by where the file
 * really is: `/src/shared/secret.txt`, with `src/shared` a link to a folder outside the project, passed as a file of
 * the project. This plugin resolves the file a console URL names (under the root, the public folder or `/@fs/`) to
 * its real path and refuses it (403) when Vite's own rules would refuse that path, before any of Vite's middlewares
 * reads it. Links that stay inside the allowed folders keep working.
 */
import { realpath } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { isFileLoadingAllowed, normalizePath, type Plugin, type ResolvedConfig } from 'vite';
import { appError } from '../../contracts/errors.js';

export const REAL_PATH_GUARD_PLUGIN_NAME = 'plantation-studio:real-path-guard';

const FS_PREFIX = '/@fs/';

function decodedVariants(pathname: string): string[] {
  const variants = new Set([pathname]);
  for (const decode of [decodeURI, decodeURIComponent]) {
    try {
      variants.add(decode(pathname));
    } catch {
      // A malformed escape: Vite leaves the path as it is, and so does this check.
    }
  }
  return [...variants];
}

/** The files on disk a console URL may name: under `/@fs/`, or in the root and in the public folder. */
export function filesNamedBy(url: string, config: Pick<ResolvedConfig, 'root' | 'publicDir'>): string[] {
  const pathname = url.replace(/[?#].*$/s, '');
  const files: string[] = [];
  for (const path of decodedVariants(pathname)) {
    if (path.startsWith(FS_PREFIX)) {
      files.push(resolve('/', path.slice(FS_PREFIX.length)));
      continue;
    }
    // `/@id/`, `/@vite/` and the like name modules, not files.
    if (path.startsWith('/@')) continue;
    const relative = `.${path.startsWith('/') ? '' : '/'}${path}`;
    files.push(resolve(config.root, relative));
    if (config.publicDir) files.push(resolve(config.publicDir, relative));
  }
  return files;
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

/** The first file a URL names whose real path Vite's rules refuse, or null. Files that do not exist are Vite's to 404. */
export async function refusedRealPath(url: string, config: ResolvedConfig, server?: Vite5Server): Promise<string | null> {
  for (const file of filesNamedBy(url, config)) {
    const real = await realpath(file).catch(() => null);
    if (real !== null && !loadingAllowed(config, normalizePath(real), server)) return file;
  }
  return null;
}

export function realPathGuardPlugin(): Plugin {
  return {
    name: REAL_PATH_GUARD_PLUGIN_NAME,
    apply: 'serve',
    configureServer(server) {
      // Added here, not in a returned hook: it must run before Vite's own middlewares read any file.
      server.middlewares.use((request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => {
        refusedRealPath(request.url ?? '/', server.config, server as Vite5Server).then((refused) => {
          if (refused === null) return next();
          const failure = appError('PATH_FORBIDDEN', (request.url ?? '').replace(/[?#].*$/s, ''), 'it leads outside the served folders');
          response.statusCode = failure.statusCode;
          response.setHeader('content-type', 'application/json; charset=utf-8');
          response.end(JSON.stringify(failure.toJSON()));
        }, next);
      });
    },
  };
}
