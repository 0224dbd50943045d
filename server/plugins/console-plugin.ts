/**
 * Hosts the console on every path the server does not own: through Vite's middleware in `dev` (HMR included),
 * or from built files with an SPA fallback in `start`.
 *
 * Why one catch-all route instead of a global middleware: mounted globally, Vite's connect stack runs on every
 * API request too, and the mock's throughput falls more than twentyfold.
 */
import { realpath, stat } from 'node:fs/promises';
import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { join, normalize, sep } from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ViteDevServer } from 'vite';
import { startConsoleVite, startsFor, type ConsoleHosting, type ConsoleViteStart, type SocketGate } from '../console-vite.js';
import { appError, type AppError } from '../../contracts/errors.js';
import { STUDIO_PATH_PREFIX } from '../../contracts/studio-routes.js';
import { foreignPageReason } from '../request-origin.js';
import { NEVER_SERVED_WHY, neverServedSegment, urlPathSpellings } from '../never-served.js';
import { isServerPath as isServerPathByDefault } from '../server-paths.js';
import { hostRefusal } from './security-plugin.js';

const CONSOLE_METHODS = ['GET', 'HEAD'] as const;

/**
 * The console may be framed by this origin only: the studio shows it in frames, and a page of another site that
 * framed it invisibly could have the user's clicks delete drones or trees from a `--data` mock (clickjacking).
 */
export const CONSOLE_FRAME_HEADERS = {
  'content-security-policy': "frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
} as const;

/** The studio's own paths stay the studio's, whatever a project proxies. */
function isStudioPath(url: string): boolean {
  return url === '/_studio' || url.startsWith(STUDIO_PATH_PREFIX);
}

function pathnameOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

export interface ConsolePluginOptions {
  hosting: ConsoleHosting;
  /** The host names the security plugin allows; Vite's HMR socket, which bypasses Fastify, checks the same. */
  allowedHosts: readonly string[];
  /** The paths this server answers itself, never the console's (default: the plantation API, the mock's, the studio's). */
  isServerPath?: (url: string) => boolean;
  /**
   * Filled by this plugin for a project with its own Vite config: what the server's first hook calls on every request,
   * so a path the project's `server.proxy` takes is the project's, whatever the method and whatever route this
   * server has for it (the plantation API asked for with --plantation-api). True when it took the request.
   */
  projectProxy?: { serve?: (request: FastifyRequest, reply: FastifyReply) => boolean };
  /** Vite already started for `hosting` (by `dev`, before the server existed); the plugin starts it otherwise. */
  viteStart?: ConsoleViteStart;
}

/**
 * Whether `url` is one a Vite `server.proxy` key takes, as Vite matches them: a key starting with `^` is a regular
 * expression, any other a prefix.
 */
export function proxiedByProject(url: string, proxy: Record<string, unknown> | undefined): boolean {
  if (!proxy) return false;
  return Object.keys(proxy).some((context) => (context.startsWith('^') ? new RegExp(context).test(url) : url.startsWith(context)));
}

/**
 * Why the upgrade of a socket (Vite's HMR socket; upgrades never reach Fastify's hooks) is refused, or null. Vite
 * wants its token only from browsers, and the token was readable by any page that could read the console's modules:
 * the socket, which tells every edit of the source as it happens, is for this server's own pages and for tools.
 */
export function upgradeRefusal(request: IncomingMessage, allowedHosts: readonly string[]): AppError | null {
  const host = hostRefusal(request, allowedHosts);
  if (host) return host;
  const foreign = foreignPageReason(request.headers);
  return foreign ? appError('CROSS_SITE_REFUSED', 'The console\'s live-reload socket', foreign) : null;
}

/**
 * Why an upgrade that passed `upgradeRefusal` is no upgrade of Vite's HMR socket, or null when it is: Vite answers
 * only its own protocols at its own path (as it matches them), and leaves every other upgrade open without a word.
 */
export function socketPathRefusal(request: IncomingMessage, socketPath: string | undefined): AppError | null {
  const protocol = request.headers['sec-websocket-protocol'];
  let pathname: string | undefined;
  try {
    pathname = new URL(`http://localhost${request.url ?? '/'}`).pathname;
  } catch {
    pathname = undefined;
  }
  if (socketPath !== undefined && (protocol === 'vite-hmr' || protocol === 'vite-ping') && pathname === socketPath) return null;
  return appError('SOCKET_NOT_FOUND', (request.url ?? '').replace(/[?#].*$/s, '').slice(0, 200));
}

function refuseUpgrade(socket: Duplex, refusal: AppError): void {
  const body = JSON.stringify(refusal.toJSON());
  socket.on('error', () => undefined);
  socket.end(
    `HTTP/1.1 ${refusal.statusCode} ${STATUS_CODES[refusal.statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * This server's upgrades, once they passed `upgradeRefusal` and are for the HMR socket at `socketPath()` (Vite's
 * base), go to Vite through its gate; every other upgrade is answered at once and closed.
 */
function passUpgrades(server: Server, gate: SocketGate, allowedHosts: readonly string[], socketPath: () => string | undefined): void {
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refusal = upgradeRefusal(request, allowedHosts) ?? socketPathRefusal(request, socketPath());
    if (refusal) return refuseUpgrade(socket, refusal);
    gate.pass(request, socket, head);
  });
}

/**
 * Why a request for the console (its pages, modules and files, and Vite's own routes) is refused, or null: a page of
 * another site, or of another port of this machine, has no business loading the console's source as a script, an
 * image or a fetch (fetch metadata; browsers that send none are held by Vite's missing CORS headers). Navigations
 * stay open: a link to the console, or a frame of it, shows the page as its own origin, which the other page cannot
 * read.
 */
export function consoleRequestRefusal(request: FastifyRequest): AppError | null {
  const site = request.headers['sec-fetch-site'];
  if (site !== 'cross-site' && site !== 'same-site') return null;
  if (request.headers['sec-fetch-mode'] === 'navigate') return null;
  return appError('CROSS_SITE_REFUSED', 'Loading the console\'s files from another site', `the browser says the request comes from a ${site} page`);
}

export const consolePlugin: FastifyPluginAsync<ConsolePluginOptions> = async (app, { hosting, allowedHosts, isServerPath = isServerPathByDefault, projectProxy, viteStart }) => {
  if (hosting.kind === 'none') return;

  if (hosting.kind === 'vite') {
    // Why not awaited here: Vite's loading (the TanStack router plugin alone is a quarter second) overlaps the
    // plugins registered after this one (the mock's data generator, its schemas), and `listen` waits for it in
    // onReady. `dev` starts it earlier still, before this server's modules load (console-vite.ts). Start-up time is
    // what a dev server is chosen by.
    if (viteStart && !startsFor(viteStart, hosting, allowedHosts)) {
      throw new Error(`the Vite started for ${viteStart.hosting.root} is not the one this server hosts (${hosting.root})`);
    }
    const start = viteStart ?? startConsoleVite(hosting, allowedHosts);
    let vite: ViteDevServer | undefined;
    passUpgrades(app.server, start.gate, allowedHosts, () => vite?.config.base);
    // Loaded with Vite, which it imports: `start` and `mock` never load either.
    let guard: typeof import('../vite-plugins/real-path-guard-plugin.js') | undefined;
    app.addHook('onReady', async () => {
      [vite, guard] = await Promise.all([start.starting, import('../vite-plugins/real-path-guard-plugin.js')]);
    });
    // Why before the server's close: it waits for every connection, and the sockets Vite took (a studio page's HMR
    // socket) are closed by Vite only after it.
    app.addHook('preClose', async () => start.gate.closeSockets());
    app.addHook('onClose', () => start.close());

    const serveWithVite = async (request: FastifyRequest, reply: FastifyReply) => {
      if (isServerPath(request.url)) return reply.callNotFound();
      const refusal = consoleRequestRefusal(request);
      if (refusal) return reply.code(refusal.statusCode).header('cache-control', 'no-store').send(refusal.toJSON());
      // Routes are only served once onReady has run, so Vite is there.
      if (!vite || !guard) throw new Error('the console server is still starting');
      // In front of every middleware of Vite and of the project's plugins: what is never served, in any spelling.
      const forbidden = await guard.servingRefusal(request.url, vite.config, vite);
      if (forbidden) return reply.code(forbidden.statusCode).headers(CONSOLE_FRAME_HEADERS).header('cache-control', 'no-store').send(forbidden.toJSON());
      guard.markServedPathChecked(request.raw);
      reply.hijack();
      for (const [name, value] of Object.entries(CONSOLE_FRAME_HEADERS)) reply.raw.setHeader(name, value);
      vite.middlewares(request.raw, reply.raw, (error?: unknown) => {
        const res = reply.raw;
        if (res.headersSent) return res.end();
        res.statusCode = error ? 500 : 404;
        res.setHeader('content-type', 'text/plain; charset=utf-8');
        res.end(error ? `Console error: ${(error as Error).message ?? String(error)}` : 'Not found');
      });
    };
    app.route({ method: [...CONSOLE_METHODS], url: '/*', handler: serveWithVite });
    app.route({ method: [...CONSOLE_METHODS], url: '/', handler: serveWithVite });
    if (projectProxy && hosting.viteConfig === 'project') {
      projectProxy.serve = (request, reply) => {
        if (!vite || !guard || isStudioPath(request.url) || !proxiedByProject(request.url, vite.config.server.proxy)) return false;
        const refusal = consoleRequestRefusal(request);
        if (refusal) {
          void reply.code(refusal.statusCode).header('cache-control', 'no-store').send(refusal.toJSON());
          return true;
        }
        reply.hijack();
        // A proxy's `bypass` can hand the request back to Vite's files: the same check as every console request.
        const [served, { servingRefusal, sendServingRefusal, markServedPathChecked }] = [vite, guard];
        servingRefusal(request.url, served.config, served).then(
          (forbidden) => {
            if (forbidden) return sendServingRefusal(reply.raw, forbidden);
            markServedPathChecked(request.raw);
            served.middlewares(request.raw, reply.raw, () => {
              if (!reply.raw.headersSent) reply.raw.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
              reply.raw.end();
            });
          },
          (error: unknown) => reply.raw.destroy(error as Error),
        );
        return true;
      };
    }
    return;
  }

  const dir = hosting.dir;
  // Files are served by their real path, which must be inside the real folder: a link in the build leads nowhere else.
  const realDir = await realpath(dir).catch(() => dir);
  const { default: fastifyStatic } = await import('@fastify/static');
  // `preCompressed`: the `.br` or `.gz` copy `build` wrote beside a file is sent when the browser takes it, so the
  // console's JavaScript crosses the wire compressed at no cost per request (precompress-plugin.ts).
  await app.register(fastifyStatic, { root: realDir, serve: false, preCompressed: true });

  const serveBuilt = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isServerPath(request.url)) return reply.callNotFound();
    // The same URL answers compressed or not by what the request accepts: caches must keep them apart.
    reply.headers({ ...CONSOLE_FRAME_HEADERS, vary: 'accept-encoding' });
    const spellings = urlPathSpellings(request.url);
    if (spellings.some((path) => neverServedSegment(path))) {
      const failure = appError('PATH_FORBIDDEN', pathnameOf(request.url).slice(0, 300), NEVER_SERVED_WHY);
      return reply.code(failure.statusCode).header('cache-control', 'no-store').send(failure.toJSON());
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(pathnameOf(request.url));
    } catch {
      pathname = '/';
    }
    // A dotfile or dot folder (`.well-known` aside) is no file of the build: the page answers, as for any other path.
    const relative = normalize(pathname).replace(/^[/\\]+/, '');
    const dotted = relative.split(/[/\\]/).some((segment) => segment.startsWith('.') && segment !== '.well-known');
    const real = relative && !dotted ? await realpath(join(realDir, relative)).catch(() => null) : null;
    const inside = real !== null && real.startsWith(realDir.endsWith(sep) ? realDir : realDir + sep);
    if (real !== null && inside && (await stat(real).catch(() => undefined))?.isFile()) {
      const served = real.slice(realDir.length).replace(/^[/\\]+/, '');
      // Hashed assets never change under their name; everything else is revalidated.
      const immutable = served.startsWith(`assets${sep}`) || served.startsWith('assets/');
      return reply.sendFile(served, { cacheControl: true, maxAge: immutable ? 31_536_000_000 : 0, immutable });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  };
  app.route({ method: [...CONSOLE_METHODS], url: '/*', handler: serveBuilt });
  app.route({ method: [...CONSOLE_METHODS], url: '/', handler: serveBuilt });
};
