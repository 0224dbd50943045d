/**
 * Starts the dev server of a project that is not the plantation console, in middleware mode, with the Vite the
 * project installs (project-vite.ts) and its own config with the studio's plugins and perimeter
 * (project-vite-config.ts).
 */
import type { Server } from 'node:http';
import type { ViteDevServer } from 'vite';
import { findProjectVite, importVite } from './project-vite.js';
import { projectViteConfig } from './project-vite-config.js';
import { loadTailwind3ConfigsFresh } from './tailwind/tailwind3-config-reload.js';

export interface ProjectViteServerOptions {
  root: string;
  codebaseIds?: boolean;
  /** The HTTP server whose upgrades (already checked) carry the HMR socket. */
  socketServer: Server;
  /** The host names this server answers to, beside localhost and IP addresses. */
  allowedHosts: readonly string[];
}

export async function startProjectVite({ root, codebaseIds, socketServer, allowedHosts }: ProjectViteServerOptions): Promise<ViteDevServer> {
  const vite = findProjectVite(root);
  // The studio outlives many edits of the project's Tailwind 3 config: each must reach the CSS without a restart.
  loadTailwind3ConfigsFresh();
  const { createServer } = await importVite(vite);
  const config = projectViteConfig({ root, codebaseIds, socket: { server: socketServer, viteMajor: Number(vite.version.split('.')[0]) } });
  return createServer({
    ...config,
    server: {
      ...config.server,
      middlewareMode: true,
      // Vite allows localhost and IP literals like the security plugin; the rest must match too. A Vite without
      // this option (5 before 5.4.12, 6 before 6.0.9) ignores it: the studio's own Host check holds every request.
      allowedHosts: [...allowedHosts],
    },
  });
}
