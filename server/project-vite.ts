/**
 * Which Vite serves a project that is not the plantation console: the one the project installs, found from its root
 * as its own `vite` command would find it, so the app runs as it runs by itself (its Sass, its CommonJS interop, its
 * plugins' expectations). The console keeps the studio's own Vite.
 *
 * Why majors 5 to 8 only: the studio's plugins and perimeter use what those four share (object hooks with `order`,
 * `transformIndexHtml`, `configureServer`, the HMR socket on a server of the studio's), checked against each. An older
 * Vite is served by the studio's own, and the start says so; a newer one is tried, and the start says that too.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolve as resolveModule } from 'import-meta-resolve';
import type { InlineConfig, ViteDevServer } from 'vite';
import { PACKAGE_ROOT } from './package-info.js';

const OLDEST_MAJOR = 5;
const NEWEST_MAJOR = 8;

/** The first release of each major that has `server.allowedHosts` and the HMR socket's token (the 2025 fix). */
const HOST_CHECK_SINCE: Readonly<Record<number, readonly [number, number, number]>> = { 5: [5, 4, 12], 6: [6, 0, 9] };

export interface ProjectVite {
  /** The Vite module's ESM entry, a file URL. */
  entry: string;
  /** Its version, `6.4.6`. */
  version: string;
  /** Whether it is the project's own installation (false: the studio's, for a Vite the studio cannot run). */
  own: boolean;
  /** What the start says about it. */
  notice: string;
}

/** What the studio uses of a Vite module, the same in majors 5 to 8. */
export interface ViteModule {
  createServer(config: InlineConfig): Promise<ViteDevServer>;
}

/** A project whose Vite cannot be found: the message says what to do. */
export class ProjectViteError extends Error {
  override name = 'ProjectConfigError';
}

function versionParts(version: string): [number, number, number] {
  const [major = 0, minor = 0, patch = 0] = (/^(\d+)\.(\d+)\.(\d+)/.exec(version)?.slice(1) ?? []).map(Number);
  return [major, minor, patch];
}

function olderThan(version: string, than: readonly [number, number, number]): boolean {
  const parts = versionParts(version);
  for (let i = 0; i < 3; i++) if (parts[i] !== than[i]) return parts[i]! < than[i]!;
  return false;
}

function readJson(file: string): { name?: unknown; version?: unknown } | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
  } catch {
    return null;
  }
}

/** The version of the Vite package whose module `entry` is: from the nearest package.json above it named `vite`. */
function viteVersionAt(entry: string): string {
  for (let dir = dirname(fileURLToPath(entry)); dirname(dir) !== dir; dir = dirname(dir)) {
    const manifest = readJson(join(dir, 'package.json'));
    if (manifest?.name === 'vite' && typeof manifest.version === 'string') return manifest.version;
  }
  return '0.0.0';
}

function studioVite(): { entry: string; version: string } {
  const entry = resolveModule('vite', pathToFileURL(join(PACKAGE_ROOT, 'package.json')).href);
  return { entry, version: viteVersionAt(entry) };
}

/** Whether a Vite of this version lacks a check of the Host of its own (the studio's checks hold every request anyway). */
export function lacksHostCheck(version: string): boolean {
  const since = HOST_CHECK_SINCE[versionParts(version)[0]];
  return since !== undefined && olderThan(version, since);
}

/**
 * The Vite that serves `root`: its own (the `import` entry of the `vite` its package.json resolves to, as Node finds
 * it from the root), unless its major is older than the studio runs. Throws a ProjectViteError when the project has
 * no `vite` installed.
 */
export function findProjectVite(root: string): ProjectVite {
  const from = pathToFileURL(join(root, 'package.json')).href;
  let entry: string;
  try {
    entry = resolveModule('vite', from);
  } catch {
    throw new ProjectViteError(`${root} has no installed vite (it cannot be found from the project): run your package manager's install there first (npm install)`);
  }
  const version = viteVersionAt(entry);
  const major = versionParts(version)[0];
  if (major < OLDEST_MAJOR) {
    const studio = studioVite();
    return {
      ...studio,
      own: false,
      notice: `this project installs Vite ${version}, older than the studio runs (${OLDEST_MAJOR} to ${NEWEST_MAJOR}): it is served by the studio's own Vite ${studio.version}, which may build some of its modules differently. Update the project's Vite to serve it with its own.`,
    };
  }
  const notes = [`served by the project's own Vite ${version}.`];
  if (major > NEWEST_MAJOR) notes.push(`It is newer than the Vite versions the studio was tried with (${OLDEST_MAJOR} to ${NEWEST_MAJOR}).`);
  if (lacksHostCheck(version)) {
    notes.push(
      `Vite ${version} has no server.allowedHosts and no token on its live-reload socket (added in ${HOST_CHECK_SINCE[major]!.join('.')}): the studio's own Host and Origin checks guard every request and that socket. Update Vite to have both.`,
    );
  }
  return { entry, version, own: true, notice: notes.join(' ') };
}

/** Loads the Vite module `vite` names (Node keeps one instance per file, so the studio's own is not loaded twice). */
export async function importVite(vite: Pick<ProjectVite, 'entry'>): Promise<ViteModule> {
  return (await import(vite.entry)) as ViteModule;
}
