/**
 * The console's Vite dev server, started apart from the Fastify server that later hosts it (`console-plugin.ts`).
 *
 * Why apart: the console plugin started Vite only once the CLI, Fastify, the studio's plugins and the mock's routes
 * had loaded and registered, about 0.4 s into `dev`, so Vite's start (its config, the TanStack router's generator,
 * the plugins' `configureServer`) came after all of it. Started here, before the server's modules are imported, it
 * begins when plain Vite's does, and the server's loading shares the thread with it (the ready line went from 1.23×
 * to about 1.15× plain Vite's; issue 29, bench/README.md). What is left over plain Vite is that loading's own CPU:
 * Vite's start keeps the thread busy nearly all the time, so there is little wait for it to fill. This module is
 * kept light: it is on the path to that start.
 */
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import type { ViteDevServer } from 'vite';
import type { ConsoleViteOptions } from './console-vite-config.js';
import { keepTickObjectShape } from './keep-tick-object-shape.js';
import { CLOSE_PART_MS, settledWithin } from './settled-within.js';

export type ConsoleHosting =
  /**
   * `codebaseIds`: mark every JSX element with its codebase id, for the studio's editing (`dev`). `viteConfig`:
   * `console` (the default) builds the plantation console's own config; `project` loads the project's
   * `vite.config.*` and adds the studio's plugins to it (a Vite + React app that is not the console).
   */
  | { kind: 'vite'; root: string; codebaseIds?: boolean; viteConfig?: 'console' | 'project'; readOnly?: boolean }
  | { kind: 'static'; dir: string }
  | { kind: 'none' };

export type ViteHosting = Extract<ConsoleHosting, { kind: 'vite' }>;

/**
 * How a server serves `console`: the studio edits the console's source only when it serves that source (`dev`), and
 * then its elements carry ids. One rule for `createServer` and for `dev`, which starts Vite before the server exists.
 */
export function consoleHostingOf(console: ConsoleHosting, { studio, readOnly }: { studio: boolean; readOnly: boolean }): ConsoleHosting {
  return console.kind === 'vite' ? { ...console, codebaseIds: studio, readOnly } : console;
}

/** What `dev` asks of the console's Vite config; the start-up benchmark's plain-Vite baseline asks the same. */
export function devConsoleViteOptions(hosting: ViteHosting): ConsoleViteOptions {
  return {
    root: hosting.root,
    codebaseIds: hosting.codebaseIds ?? false,
    // A console served read-only (the installed package's) keeps Vite's cache out of the install folder.
    ...(hosting.readOnly ? { cacheDir: join(tmpdir(), 'plantation-studio', `vite-${createHash('sha256').update(hosting.root).digest('hex').slice(0, 16)}`) } : {}),
  };
}

/**
 * What Vite gets as the HTTP server of its HMR socket: Vite only listens to it for `upgrade` (and stops on close).
 * The console plugin passes it the upgrades of this server that are for the socket (`passUpgrades`).
 */
export interface SocketGate {
  server: Server;
  /** Hands an upgrade to Vite, keeping its socket to be closed with the server. */
  pass(request: unknown, socket: Duplex, head: Buffer): void;
  /** Ends every socket handed to Vite: the server's close waits for them, and Vite closes them only after it. */
  closeSockets(): void;
}

function socketGate(): SocketGate {
  const gate = new EventEmitter();
  const sockets = new Set<Duplex>();
  return {
    server: gate as unknown as Server,
    pass(request, socket, head) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      gate.emit('upgrade', request, socket, head);
    },
    closeSockets() {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
  };
}

/** Vite in middleware mode, its HMR socket on the gate (so it shares this server's port). */
async function startVite(hosting: ViteHosting, socketServer: Server, allowedHosts: readonly string[]): Promise<ViteDevServer> {
  // A project that is not the console runs on the Vite it installs, with its own config (start-project-vite.ts).
  if (hosting.viteConfig === 'project') {
    const { startProjectVite } = await import('./start-project-vite.js');
    return startProjectVite({ root: hosting.root, codebaseIds: hosting.codebaseIds, socketServer, allowedHosts });
  }
  // Loaded on use: the API-only and static servers never need Vite, and each kind of project needs one config only.
  const [{ createServer: createViteServer }, config] = await Promise.all([
    import('vite'),
    import('./console-vite-config.js').then(({ consoleViteConfig }) => ({ ...consoleViteConfig(devConsoleViteOptions(hosting)), appType: 'spa' as const })),
  ]);
  return createViteServer({
    ...config,
    server: {
      ...config.server,
      middlewareMode: true,
      // The HMR socket shares this server's port, so the console needs one origin only; its upgrades pass the same
      // Host check as every request, and an Origin check.
      ws: { server: socketServer },
      // Vite allows localhost and IP literals like the security plugin; the rest must match too.
      allowedHosts: [...allowedHosts],
    },
  });
}

/** A Vite start under way, for the console plugin to host. */
export interface ConsoleViteStart {
  hosting: ViteHosting;
  allowedHosts: readonly string[];
  gate: SocketGate;
  /** Rejects with Vite's failure; never unhandled (the console plugin's onReady reports it). */
  starting: Promise<ViteDevServer>;
  /** Stops Vite once its start settled, bounded like every part of the server's close; the same promise each call. */
  close(): Promise<void>;
}

export function startConsoleVite(hosting: ViteHosting, allowedHosts: readonly string[]): ConsoleViteStart {
  // Before Vite, whose start-up collects garbage enough to make every later nextTick (and so every API request)
  // slower: see keep-tick-object-shape.ts.
  keepTickObjectShape();
  const gate = socketGate();
  const starting = startVite(hosting, gate.server, allowedHosts);
  starting.catch(() => undefined);
  let closing: Promise<void> | undefined;
  return {
    hosting,
    allowedHosts,
    gate,
    starting,
    close: () =>
      (closing ??= (async () => {
        let started: ViteDevServer | undefined;
        await settledWithin(starting.then((server) => (started = server)), CLOSE_PART_MS);
        if (started) await settledWithin(started.close(), CLOSE_PART_MS);
      })()),
  };
}

/** Whether `start` is a start of Vite for `hosting` and `allowedHosts`, field by field. */
export function startsFor(start: ConsoleViteStart, hosting: ViteHosting, allowedHosts: readonly string[]): boolean {
  const fields = ['root', 'viteConfig', 'codebaseIds', 'readOnly'] as const;
  return (
    fields.every((field) => start.hosting[field] === hosting[field]) &&
    start.allowedHosts.length === allowedHosts.length &&
    start.allowedHosts.every((host, i) => host === allowedHosts[i])
  );
}
