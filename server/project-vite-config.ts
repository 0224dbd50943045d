/**
 * The Vite configuration of a project that is not the plantation console: the project's own `vite.config.*`,
 * loaded by Vite itself, with the studio's plugins added (codebase ids, the guards, the overlay) and the server
 * options the studio's perimeter needs. The console (bundled, or a copy made by `init`) keeps console-vite-config.ts.
 */
import type { Server } from 'node:http';
import { join, resolve, sep } from 'node:path';
import { searchForWorkspaceRoot, type InlineConfig, type Plugin, type UserConfig } from 'vite';
import { PACKAGE_ROOT } from './package-info.js';
import { NEVER_SERVED_DENY } from './never-served.js';
import { findViteConfigFile, projectRefusal } from './project-kind.js';
import { codebaseIdPlugin } from './vite-plugins/codebase-id-plugin.js';
import { openInEditorGuardPlugin } from './vite-plugins/open-in-editor-guard-plugin.js';
import { overlayInjectionPlugin } from './vite-plugins/overlay-injection-plugin.js';
import { realPathGuardPlugin } from './vite-plugins/real-path-guard-plugin.js';
import { trailingChangePlugin } from './vite-plugins/trailing-change-plugin.js';
import { withRealPaths } from './with-real-paths.js';

/** Plugins that compile JSX for React with Fast Refresh: @vitejs/plugin-react and @vitejs/plugin-react-swc. */
const REACT_PLUGIN = /^vite:react(?:-|:|$)/;

const STUDIO_FOLDER_GLOB = '**/.plantation-studio/**';

/** The folders a project's Vite may serve files from, by path and by real path. */
function servedFolders(root: string): string[] {
  return withRealPaths([root, searchForWorkspaceRoot(root), PACKAGE_ROOT]);
}

/**
 * The project's `server.fs.allow` kept to the served folders: an entry outside them (`/`, the home folder, a sibling
 * project) is dropped, whatever the project says, and named in a warning at the start.
 */
function confinedAllow(allow: readonly string[], root: string): { allow: string[]; dropped: string[] } {
  const folders = servedFolders(root);
  const inside = (dir: string) => folders.some((folder) => dir === folder || dir.startsWith(folder.endsWith(sep) ? folder : folder + sep));
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const entry of allow) {
    const dir = resolve(root, entry);
    if (withRealPaths([dir]).every(inside)) kept.push(entry);
    else dropped.push(entry);
  }
  return { allow: kept, dropped };
}

/** A start the project's own configuration makes impossible (no React plugin): its message is the reason. */
export class ProjectConfigError extends Error {
  override name = 'ProjectConfigError';
}

/** Socket options without where the socket listens and where the page connects. */
function withoutSocketAddress<T extends object>(options: T): T {
  const { port: _port, clientPort: _clientPort, host: _host, protocol: _protocol, path: _path, ...rest } = options as T & Record<string, unknown>;
  return rest as T;
}

/**
 * Where the HMR socket goes, on the server the studio gives it: Vite 8 reads `server.ws`; Vite 5 to 7 read
 * `server.hmr.server`, and in middleware mode without it open a socket of their own on port 24678, outside every
 * check of the studio. Why a project's `hmr: false` gives way there too: it is what would open that port.
 */
function placeSocket(server: NonNullable<UserConfig['server']>, socket: ProjectSocket): void {
  if (socket.viteMajor >= 8) {
    server.ws = { ...(typeof server.ws === 'object' ? withoutSocketAddress(server.ws) : {}), server: socket.server };
    return;
  }
  server.hmr = { ...(typeof server.hmr === 'object' ? withoutSocketAddress(server.hmr) : {}), server: socket.server };
}

/**
 * Runs after every plugin of the project: the perimeter's server options win over the project's (a project's HMR
 * port or host would point the page's socket away from this server), and a config with no React plugin stops the
 * start with the reason.
 */
function studioPerimeterPlugin(configFile: string, root: string, socket: ProjectSocket | undefined): Plugin {
  let dropped: string[] = [];
  return {
    name: 'plantation-studio:project-perimeter',
    enforce: 'post',
    config: {
      order: 'post',
      handler(config: UserConfig) {
        const server = (config.server ??= {});
        // Vite's default lets every page on another localhost port read the modules, and with them the HMR token.
        server.cors = false;
        // The HMR socket shares this server's port and path: the project's own socket settings would lead elsewhere
        // (Vite copies `hmr` into `ws`; the studio gives `ws` its server, which stays).
        if (typeof server.hmr === 'object') server.hmr = withoutSocketAddress(server.hmr);
        if (typeof server.ws === 'object') server.ws = withoutSocketAddress(server.ws);
        if (socket) placeSocket(server, socket);
        // `fs.strict` stays, the studio's folder is denied, and nothing outside the served folders is allowed.
        const confined = confinedAllow(server.fs?.allow ?? servedFolders(root), root);
        dropped = confined.dropped;
        server.fs = { ...server.fs, strict: true, allow: confined.allow, deny: [...new Set([...(server.fs?.deny ?? []), ...NEVER_SERVED_DENY])] };
      },
    },
    configResolved(config) {
      if (dropped.length > 0) {
        config.logger.warn(
          `server.fs.allow of ${configFile}: ${dropped.join(', ')} is outside the project and its workspace; the studio serves nothing from there.`,
        );
      }
      if (!config.plugins.some((plugin) => REACT_PLUGIN.test(plugin.name))) {
        throw new ProjectConfigError(
          `${configFile} has no React plugin (@vitejs/plugin-react or @vitejs/plugin-react-swc): the studio edits React projects`,
        );
      }
    },
  };
}

/** The HTTP server whose upgrades carry the HMR socket, and the major version of the Vite that serves the project. */
export interface ProjectSocket {
  server: Server;
  viteMajor: number;
}

export interface ProjectViteOptions {
  root: string;
  /** Mark every JSX element with its codebase id and inject the overlay (the studio's `dev`). */
  codebaseIds?: boolean;
  /** Put the HMR socket on this server, where the project's Vite reads it (the studio's `dev`). */
  socket?: ProjectSocket;
}

/**
 * The project's Vite config file given to Vite (which loads it with mode `development`, merges this on top, and
 * restarts when it changes), with the studio's plugins. The ids plugin transforms before every plugin of the project
 * (its transform hook is ordered first), so the ids are computed on the file as it is on disk.
 */
export function projectViteConfig({ root, codebaseIds = false, socket }: ProjectViteOptions): InlineConfig {
  const configFile = findViteConfigFile(root);
  if (!configFile) throw new ProjectConfigError(projectRefusal(root) ?? `${root} has no Vite config`);
  const server: NonNullable<UserConfig['server']> = {
    cors: false,
    // The project (its workspace, where a monorepo keeps the dependencies, as Vite's default allows) and the studio's
    // own files (Vite's client), by path and by real path; what the project allows itself is kept only inside these.
    fs: { strict: true, allow: servedFolders(root), deny: [...NEVER_SERVED_DENY] },
    // The studio keeps its canvases in the project: saving one must never reload the page.
    watch: { ignored: [STUDIO_FOLDER_GLOB] },
  };
  if (socket) placeSocket(server, socket);
  return {
    configFile,
    root,
    mode: 'development',
    clearScreen: false,
    // Apart from the project's own cache: its `vite` and the studio's, with different plugins, would each make the
    // other re-optimise (and a server still running on the old cache serves outdated deps).
    cacheDir: join(root, 'node_modules', '.vite', 'plantation-studio'),
    plugins: [
      ...(codebaseIds ? [codebaseIdPlugin({ root })] : []),
      realPathGuardPlugin(),
      openInEditorGuardPlugin(),
      // A file written twice within chokidar's 50 ms still reaches hot reload with its second text.
      trailingChangePlugin(),
      studioPerimeterPlugin(configFile, root, socket),
      ...(codebaseIds ? [overlayInjectionPlugin()] : []),
    ],
    server,
  };
}
