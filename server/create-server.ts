/**
 * `createServer(options)`: the whole studio server as a Fastify instance that has not started listening, so tests
 * drive it with `inject()` and only the CLI calls `listen`.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type ConnectionError, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { mockApiPlugin } from '../mocks/mock-api-plugin.js';
import { mockControlsPlugin } from '../mocks/mock-controls-plugin.js';
import { mockLoader, type MockLoader } from '../mocks/mock-loader.js';
import type { MockOptions } from '../mocks/mock-options.js';
import { AppError, appError } from '../contracts/errors.js';
import { lazySchemaCompilers } from './lazy-schema-compilers.js';
import { consolePlugin } from './plugins/console-plugin.js';
import { consoleHostingOf, type ConsoleHosting, type ConsoleViteStart } from './console-vite.js';
import { mockControlsGuard } from './plugins/mock-controls-guard.js';
import { securityPlugin } from './plugins/security-plugin.js';
import { studioApiPlugin } from './plugins/studio-api-plugin.js';
import { canvasDocuments, canvasPlugin, type CanvasEditing } from './plugins/canvas-plugin.js';
import { studioSourcePlugin } from './plugins/studio-source-plugin.js';
import { sharedSourceEditor } from './shared-source-editor.js';
import { overlayPlugin } from './plugins/overlay-plugin.js';
import { isStudioServerPath } from './server-paths.js';
import { STUDIO_API_PREFIX } from '../contracts/studio-routes.js';
import { studioPlugin, type StudioInfo } from './plugins/studio-plugin.js';
import { projectNameOf } from './project-name.js';
import { createStudioToken } from './studio-token.js';
import { CLOSE_PART_MS, settledWithin } from './settled-within.js';

export type ApiMode = { mode: 'mock'; mock: MockOptions } | { mode: 'proxy'; upstream: URL; timeoutMs?: number };

export interface ServerOptions {
  api: ApiMode;
  /** How the console is served; `none` for the API-only `mock` command. */
  console: ConsoleHosting;
  /** Whether to serve `/_studio/` (not for the API-only `mock` command). */
  studio: boolean;
  /** Host names allowed besides localhost and IP literals. */
  allowedHosts?: readonly string[];
  /**
   * Origins of other front ends allowed to call the API from a browser (`mock --cors-origin`). Exact origins only:
   * nothing is allowed by default, and there is no wildcard.
   */
  corsOrigins?: readonly string[];
  /** Largest request body accepted, in bytes. */
  bodyLimit?: number;
  /**
   * Load the mock, its code and its seeded data, on its first use (the first API call waits for it) instead of
   * before the server is ready, as the CLI does. A data file is checked and loaded before the server is ready
   * either way.
   */
  seedMockOnFirstUse?: boolean;
  /** How many changes each canvas can undo (`dev --history-limit`). */
  historyLimit?: number;
  /**
   * Why the project's `.plantation-studio/` is not used this run (a link in it: `stateFolderRefusal`), or null, as
   * `dev` found and said it; looked for (and said) by the server itself when not given.
   */
  stateFolderRefusal?: string | null;
  /**
   * Whether this server answers the plantation API (`api`: the mock or the proxy) and its paths. Default true; false for
   * a project that is not the console unless asked (`dev --plantation-api`): its own paths and Vite `server.proxy`
   * answer `/api` and the rest.
   */
  plantationApi?: boolean;
  /**
   * Serve the console without ever writing into it (the console installed with the studio, run with no project):
   * it is shown and its elements can be selected, every studio write is refused with PROJECT_READ_ONLY, and nothing
   * (canvases, caches, keys) is kept in its folder.
   */
  readOnly?: boolean;
  /**
   * The console's Vite, already started for this server's console (`dev` starts it before the server's modules
   * load: `console-vite.ts`). The server hosts it and closes it; it starts its own when none is given.
   */
  viteStart?: ConsoleViteStart;
  logger?: boolean;
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** Fastify's own error codes that are the client's fault, mapped into the catalogue. */
function toAppError(error: FastifyError, bodyLimit: number, contentType: string | undefined): AppError {
  if (error instanceof AppError) return error;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return appError('INVALID_JSON', error.message);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return appError('PAYLOAD_TOO_LARGE', bodyLimit);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      // Fastify's message does not name the type; the request does.
      return appError('UNSUPPORTED_MEDIA_TYPE', contentType || error.message.replace(/^Unsupported Media Type:?\s*/i, ''));
    default:
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return new AppError('BAD_REQUEST', error.statusCode, error.message);
      }
      return appError('INTERNAL', error.message);
  }
}

/**
 * Bytes Node cannot parse as an HTTP request never reach a route or the error handler: answer them in the
 * catalogue's JSON shape too (Fastify's default has a shape of its own), then close the connection as Node does.
 */
function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message]: [number, string] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request did not arrive in time']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are larger than the server accepts']
        : [400, `Malformed HTTP request${error.code ? ` (${error.code})` : ''}`];
  const body = JSON.stringify(new AppError('BAD_REQUEST', status, message).toJSON());
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export interface StudioServer extends FastifyInstance {
  /** The mock in mock mode; loaded already unless `seedMockOnFirstUse` left it to the first call. */
  mock?: MockLoader;
}

export async function createServer(options: ServerOptions): Promise<StudioServer> {
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const app: StudioServer = Fastify({
    logger: options.logger ?? false,
    bodyLimit,
    // Why: the console's routes are case-sensitive and so is the real API; a trailing slash is not a new route.
    routerOptions: { ignoreTrailingSlash: true },
    forceCloseConnections: true,
    // Why: the console plugin starts Vite inside its registration; on a busy machine that passed Fastify's default
    // 10 s and `dev` exited instead of starting late. A start that hangs for good still fails, after a minute.
    pluginTimeout: 60_000,
    clientErrorHandler,
    // The routes validate with zod: Ajv and fast-json-stringify are loaded only if a route has a JSON schema.
    schemaController: { compilersFactory: lazySchemaCompilers() },
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const failure = toAppError(error, bodyLimit, request.headers['content-type']);
    if (failure.statusCode >= 500 && failure.code === 'INTERNAL') request.log.error(error);
    return reply.code(failure.statusCode).send(failure.toJSON());
  });

  app.setNotFoundHandler((request, reply) => {
    const failure = appError('ROUTE_NOT_FOUND', request.method, request.url.split('?')[0] ?? request.url);
    return reply.code(404).send(failure.toJSON());
  });

  await app.register(securityPlugin, { allowedHosts: options.allowedHosts ?? [] });
  if (options.corsOrigins?.length) {
    const { default: cors } = await import('@fastify/cors');
    await app.register(cors, {
      origin: [...options.corsOrigins],
      credentials: true,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'x-mock-status'],
    });
  }

  const hosting = consoleHostingOf(options.console, { studio: options.studio, readOnly: options.readOnly === true });
  const editsSource = options.studio && hosting.kind === 'vite';
  if (options.readOnly && options.console.kind === 'vite') {
    const refusal = appError('PROJECT_READ_ONLY', options.console.root);
    app.addHook('onRequest', async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD' || !request.url.startsWith(`${STUDIO_API_PREFIX}/`)) return;
      return reply.code(refusal.statusCode).send(refusal.toJSON());
    });
  }
  // Why before the API: in `dev` the console plugin starts Vite without waiting for it (listen does), so Vite's
  // loading overlaps the mock's. Route order does not matter: the console only takes paths no other route has.
  const plantationApi = options.plantationApi !== false;
  const projectProxy: { serve?: (request: FastifyRequest, reply: FastifyReply) => boolean } = {};
  if (hosting.kind === 'vite' && hosting.viteConfig === 'project') {
    app.addHook('onRequest', async (request, reply) => {
      if (projectProxy.serve?.(request, reply)) return reply;
    });
  }
  await app.register(consolePlugin, {
    hosting,
    allowedHosts: options.allowedHosts ?? [],
    projectProxy,
    ...(options.viteStart ? { viteStart: options.viteStart } : {}),
    ...(plantationApi ? {} : { isServerPath: isStudioServerPath }),
  });

  if (plantationApi && options.api.mode === 'mock') {
    const mock = mockLoader(options.api.mock, { seedOnFirstUse: options.seedMockOnFirstUse });
    app.mock = mock;
    // Why a data file loads now: a bad one must stop the start with its message, not fail a call later.
    if (!options.seedMockOnFirstUse || options.api.mock.dataFile) await mock.load();
    await app.register(mockApiPlugin, { mock });
    await app.register(mockControlsPlugin, { mock, guard: mockControlsGuard(options.corsOrigins ?? []) });
  } else if (plantationApi && options.api.mode === 'proxy') {
    // Loaded on use, like every part only one mode needs: start-up time is a feature of a dev tool.
    const { proxyPlugin, DEFAULT_PROXY_TIMEOUT_MS } = await import('./plugins/proxy-plugin.js');
    await app.register(proxyPlugin, {
      upstream: options.api.upstream,
      timeoutMs: options.api.timeoutMs ?? DEFAULT_PROXY_TIMEOUT_MS,
    });
  }

  if (options.studio) {
    const info: StudioInfo = {
      root: options.console.kind === 'vite' ? options.console.root : options.console.kind === 'static' ? options.console.dir : '',
      api: !plantationApi
        ? { mode: 'project' }
        : options.api.mode === 'mock'
          ? { mode: 'mock', seed: options.api.mock.seed }
          : { mode: 'proxy', upstream: options.api.upstream.origin },
      editable: options.console.kind === 'vite' && !options.readOnly,
      ...(options.readOnly && options.console.kind === 'vite' ? { readOnly: appError('PROJECT_READ_ONLY', options.console.root).message } : {}),
    };
    const projectName = options.console.kind === 'vite' ? projectNameOf(options.console.root) : undefined;
    if (projectName !== undefined) info.projectName = projectName;
    // New at every start, and given only to the studio page: every studio write must carry it.
    const token = editsSource && !options.readOnly ? createStudioToken() : undefined;
    // One engine for the writes and the reads of the source: one index of the project, one history.
    const editing: CanvasEditing | undefined =
      token && options.console.kind === 'vite'
        ? { root: options.console.root, token, sourceEditor: sharedSourceEditor(options.console.root, { historyLimit: options.historyLimit, stateFolderRefusal: options.stateFolderRefusal }) }
        : undefined;
    // Shared by the studio page (which carries the canvas it opens) and the canvas route.
    const canvases = canvasDocuments(editing);
    // A page served holds the background parse of the project while its frames load (`SharedSourceEditor.pageServed`).
    await app.register(studioPlugin, { info, token, canvases, ...(editing ? { onPageServed: () => editing.sourceEditor.pageServed() } : {}) });
    // The script the console pages of `dev` load to be edited inside the studio's frame.
    if (options.console.kind === 'vite') await app.register(overlayPlugin);
    if (editing) {
      // Bounded: an engine still loading (ts-morph, seconds on a busy machine) must not hold the close.
      app.addHook('onClose', async () => void (await settledWithin(editing.sourceEditor.dispose(), CLOSE_PART_MS)));
      await app.register(studioApiPlugin, editing);
      // The agent calls and the studio pages' side of the agent bridge (docs/agent-api.md).
      const { agentPlugin } = await import('./plugins/agent-plugin.js');
      await app.register(agentPlugin, editing);
      await app.register(studioSourcePlugin, editing);
    }
    await app.register(canvasPlugin, { editing, canvases });
  }

  return app;
}
