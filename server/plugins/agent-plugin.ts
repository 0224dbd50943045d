/**
 * The agent calls (`contracts/agent-api.ts`, docs/agent-api.md) and the studio pages' side of the agent bridge,
 * registered only when `dev` edits a project. A local agent client reads the secret from the connection file `dev`
 * writes once it listens; a browser page never gets it, and a call that carries any mark of a browser is refused
 * even with it. What only a studio page knows or should do itself goes to the page through the bridge
 * (`server/agent/agent-bridge.ts`); with no page open, changes, undo and redo are written by the server's engine.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import {
  AGENT_API_PATHS,
  AGENT_API_PREFIX,
  AGENT_BRIDGE_ANSWER_LIMIT,
  AGENT_BRIDGE_IMAGE_LIMIT,
  AGENT_BRIDGE_TIMEOUT_MS,
  AGENT_STREAM_KEEPALIVE_MS,
  type AgentChangeAnswer,
  type AgentChangeRequest,
  type AgentChangeList,
  type AgentConnection,
  type AgentEvent,
  type AgentHandshakeAnswer,
  isLoopbackHttpUrl,
  PNG_SIGNATURE,
} from '../../contracts/agent-api.js';
import { codebaseIdsOf } from '../../contracts/body-codebase-ids.js';
import { AGENT_SESSION_HEADER, agentSessionOfHeader, type AgentSessionRef } from '../../contracts/change-authors.js';
import { isMutationKind, MUTATION_KINDS } from '../../contracts/change-kinds.js';
import { AppError, appError, fieldErrorsOf, validationError } from '../../contracts/errors.js';
import type { HistoryStepAnswer } from '../../contracts/studio-api.js';
import { STUDIO_API_PATHS, STUDIO_API_PREFIX } from '../../contracts/studio-routes.js';
import { AgentBridge } from '../agent/agent-bridge.js';
import { classesAddedBy, instantCssFor } from '../agent/agent-instant-css.js';
import { withProjectStyling } from '../agent/agent-kind-defaults.js';
import {
  agentHandshakeProof,
  agentSecretMatches,
  createAgentSecret,
  processRuns,
  readAgentConnectionFile,
  removeAgentConnection,
  writeAgentConnection,
} from '../agent/agent-connection-file.js';
import { agentHandshake } from '../agent/agent-handshake.js';
import {
  agentBridgeAnswerSchema,
  agentBridgeHelloSchema,
  agentBridgeImageQuerySchema,
  agentChangeRequestSchema,
  agentFindRequestSchema,
  agentHandshakeRequestSchema,
  agentScreenshotRequestSchema,
  agentStepRequestSchema,
  unknownBodyFields,
} from '../agent/agent-schemas.js';
import { NDJSON_TYPE, NdjsonStreams } from '../agent/ndjson-streams.js';
import type { SharedSourceEditor } from '../shared-source-editor.js';
import { agentCanvasRoutes } from './agent-canvas-routes.js';
import { agentReadRoutes } from './agent-read-routes.js';
import { studioAnswersUncached, studioCallGuard } from './studio-call-guard.js';
import { projectThemeAnswer } from './studio-source-plugin.js';

/** Largest agent call body: a change's body, which may bring a copied element's file text. */
export const AGENT_CHANGE_BODY_LIMIT = 2 * 1024 * 1024;
/** Largest body of the other agent calls and of a page's hello: a few short fields. */
export const AGENT_SMALL_BODY_LIMIT = 16 * 1024;

export interface AgentPluginOptions {
  root: string;
  /** The studio token: the bridge routes are studio calls. */
  token: string;
  sourceEditor: SharedSourceEditor;
  /** Shorter in tests. */
  bridgeTimeoutMs?: number;
  keepaliveMs?: number;
  /** How long a change waits for its classes' instant CSS (`AGENT_INSTANT_CSS_WAIT_MS`; longer in tests). */
  instantCssWaitMs?: number;
}

/** What the rest of the server may know of the agent calls: the secret, and how to tell agents where they are. */
export interface AgentAccess {
  readonly secret: string;
  /**
   * Writes the connection file with the origin the server listens on (called once it listens); removed at close.
   * Answers, for the banner, why coding agents cannot connect to this server, or nothing when they can.
   */
  announce(origin: string): Promise<string | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when the server takes agent calls (`dev` editing a project). */
    agentAccess?: AgentAccess;
  }
}

const bodyLimitOf = (request: FastifyRequest) => request.routeOptions.bodyLimit ?? Number.POSITIVE_INFINITY;

/** Why an agent call is refused before its body is read, or null. `secret` null: the handshake, which takes none. */
export function agentRefusal(request: FastifyRequest, secret: string | null): AppError | null {
  // A browser marks every request it sends: a page that learned the secret still cannot use it.
  if (request.headers.origin !== undefined) return appError('AGENT_REFUSED', 'it carries an Origin header, as a browser page sends');
  const fetchMark = Object.keys(request.headers).find((name) => name.startsWith('sec-fetch-'));
  if (fetchMark) return appError('AGENT_REFUSED', `it carries a ${fetchMark} header, as a browser sends`);
  if (secret !== null) {
    const authorization = request.headers.authorization;
    if (authorization === undefined) return appError('AGENT_REFUSED', 'the Authorization header is missing (Bearer and the secret of the connection file)');
    const given = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(authorization)?.[1];
    if (given === undefined || !agentSecretMatches(given, secret)) {
      return appError('AGENT_REFUSED', "the secret is not this server's (it is new at every start: read the connection file again)");
    }
  }
  const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  const type = request.headers['content-type'];
  if (hasBody && type?.split(';')[0]?.trim().toLowerCase() !== 'application/json') return appError('UNSUPPORTED_MEDIA_TYPE', type ?? '(none)');
  if (Number(request.headers['content-length'] ?? 0) > bodyLimitOf(request)) return appError('PAYLOAD_TOO_LARGE', bodyLimitOf(request));
  return null;
}

function agentGuard(secret: string | null): onRequestHookHandler {
  return async (request, reply) => {
    const refusal = agentRefusal(request, secret);
    if (refusal) return reply.code(refusal.statusCode).header('cache-control', 'no-store').send(refusal.toJSON());
  };
}

/** The agent session a call names (`AGENT_SESSION_HEADER`), when it names one that may be kept. */
function sessionOf(request: FastifyRequest): AgentSessionRef | undefined {
  return agentSessionOfHeader(request.headers[AGENT_SESSION_HEADER]) ?? undefined;
}

function parsed<T>(schema: z.ZodType<T>, body: unknown, where: string): T {
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(where, fieldErrorsOf(result.error.issues));
  return result.data;
}

/** An empty body reads as none (undo, redo, a GET); everything else is Fastify's own JSON parsing. */
function acceptEmptyJson(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });
}

interface RouteContext {
  options: AgentPluginOptions;
  secret: string;
  bridge: AgentBridge;
  events: NdjsonStreams;
}

/** The agent calls, each behind the agent guard. */
const agentRoutes: FastifyPluginAsync<RouteContext> = async (app, { options, secret, bridge, events }) => {
  const { sourceEditor, root } = options;
  // The server's one instant-CSS reader, the studio routes' own (`project-tailwind-services.ts`): warm once a frame opened.
  const tailwindCss = () =>
    import('../tailwind/project-tailwind-services.js').then(({ projectTailwindServices }) => projectTailwindServices(sourceEditor, root).css);
  app.addHook('onRequest', agentGuard(secret));
  studioAnswersUncached(app);
  acceptEmptyJson(app);
  const at = (path: string) => `${AGENT_API_PREFIX}${path}`;
  const small = { bodyLimit: AGENT_SMALL_BODY_LIMIT };

  app.post(at(AGENT_API_PATHS.applyChange), { bodyLimit: AGENT_CHANGE_BODY_LIMIT }, async (request): Promise<AgentChangeAnswer> => {
    const asked = parsed(agentChangeRequestSchema, request.body, 'agent change');
    if (!isMutationKind(asked.kind)) throw appError('UNKNOWN_CHANGE_KIND', asked.kind, MUTATION_KINDS);
    const { kind, body }: AgentChangeRequest = { kind: asked.kind, body: await withProjectStyling(asked.kind, asked.body, () => projectThemeAnswer(sourceEditor, root)) };
    // Asked at once, while the body is checked: the page then shows the change without a CSS request of its own.
    const instantCss = bridge.activePage ? instantCssFor(tailwindCss, classesAddedBy(kind, body), options.instantCssWaitMs) : undefined;
    // Checked here, before anything goes to a page: the page's engine would refuse it too, later and less clearly.
    const { mutationBodySchemas } = await import('../../contracts/changes.js');
    const check = mutationBodySchemas[kind].safeParse(body);
    if (!check.success) throw (await import('../engine/source-editor.js')).bodyError(kind, check.error);
    const unknown = unknownBodyFields(mutationBodySchemas[kind], body);
    if (unknown.length > 0) throw appError('INVALID_CHANGE', kind, unknown.join('; '));
    // Ids resolved by the session against writes it had seen: one the server has logged since (a save in the person's code editor) is refused.
    if (asked.idsAsOf) await (await sourceEditor.get()).checkIdsSince(asked.idsAsOf, codebaseIdsOf(body));
    const css = await instantCss;
    const page = bridge.activePage;
    const agent = sessionOf(request);
    if (page) {
      const made = await bridge.request('apply-change', { kind, body, ...(css ? { instantCss: css } : {}), ...(agent ? { agent } : {}) });
      return { ...made, appliedBy: 'page', canvasId: page.canvasId };
    }
    const canvasId = bridge.canvasId;
    return { ...(await (await sourceEditor.get()).mutate(canvasId, kind, body, 'agent', agent)), appliedBy: 'server', canvasId };
  });

  // An agent takes back only its own steps: its session's when it names one (as `mcp` does), else any agent's.
  for (const step of ['undo', 'redo'] as const) {
    app.post(at(AGENT_API_PATHS[step]), small, async (request): Promise<HistoryStepAnswer> => {
      parsed(agentStepRequestSchema, request.body, step);
      const agent = sessionOf(request);
      if (bridge.activePage) return bridge.request(step, agent ? { agent } : {});
      return (await sourceEditor.get())[step](bridge.canvasId, undefined, agent ? { by: 'agent', agent } : { by: 'agent' });
    });
  }

  app.get(at(AGENT_API_PATHS.changes), async (): Promise<AgentChangeList> => {
    const canvasId = bridge.canvasId;
    // As the studio's history route: before the engine is made, the stored history answers alone.
    const editor = sourceEditor.ifMade();
    return { ...(editor ? await (await editor).status(canvasId) : sourceEditor.history.status(canvasId)), canvasId };
  });

  app.post(at(AGENT_API_PATHS.findElements), small, async (request) => {
    const body = parsed(agentFindRequestSchema, request.body, 'find request');
    const [{ findElements, checkedFindRequest }, editor] = await Promise.all([import('../agent/find-elements.js'), sourceEditor.get()]);
    checkedFindRequest(body);
    return editor.readSource((index) => findElements(index, body));
  });

  app.get(at(AGENT_API_PATHS.selection), () => bridge.request('describe-selection', {}));

  app.post(at(AGENT_API_PATHS.screenshot), small, async (request) => {
    const { frameId, route } = parsed(agentScreenshotRequestSchema, request.body ?? {}, 'screenshot request');
    return bridge.request('capture-frame', { ...(frameId ? { frameId } : {}), ...(route ? { route } : {}) });
  });

  app.get(at(AGENT_API_PATHS.theme), () => projectThemeAnswer(sourceEditor, root));
  await app.register(agentReadRoutes, { root, sourceEditor, bodyLimit: AGENT_SMALL_BODY_LIMIT });
  await app.register(agentCanvasRoutes, { bridge });

  app.get(at(AGENT_API_PATHS.events), async (_request, reply) => {
    const stream = events.create();
    // A first line at once: the client knows the stream is taken without waiting for the first keepalive.
    NdjsonStreams.write(stream, { type: 'keepalive' } satisfies AgentEvent);
    return reply.type(NDJSON_TYPE).send(stream);
  });
};

/**
 * The handshake, the one agent call without the secret (a client asks it before it trusts a connection file): the
 * proof binds this server's secret, its root and the client's nonce, and says nothing of the secret itself.
 */
const handshakeRoute: FastifyPluginAsync<RouteContext> = async (app, { options, secret }) => {
  app.addHook('onRequest', agentGuard(null));
  studioAnswersUncached(app);
  app.post(`${AGENT_API_PREFIX}${AGENT_API_PATHS.handshake}`, { bodyLimit: AGENT_SMALL_BODY_LIMIT }, async (request): Promise<AgentHandshakeAnswer> => {
    const { nonce } = parsed(agentHandshakeRequestSchema, request.body, 'handshake');
    return { proof: agentHandshakeProof(secret, options.root, nonce) };
  });
};

/** The studio pages' side of the bridge: studio calls, behind the studio's guard. */
const bridgeRoutes: FastifyPluginAsync<RouteContext> = async (app, { options, bridge }) => {
  app.addHook('onRequest', studioCallGuard(options.token));
  studioAnswersUncached(app);
  const at = (path: string) => `${STUDIO_API_PREFIX}${path}`;

  app.post(at(STUDIO_API_PATHS.agentBridge), { bodyLimit: AGENT_SMALL_BODY_LIMIT }, async (request, reply) => {
    const stream = bridge.open(parsed(agentBridgeHelloSchema, request.body, 'agent bridge hello'));
    NdjsonStreams.write(stream, { type: 'keepalive' });
    return reply.type(NDJSON_TYPE).send(stream);
  });

  app.post(at(STUDIO_API_PATHS.agentBridgeAnswer), { bodyLimit: AGENT_BRIDGE_ANSWER_LIMIT }, async (request) => {
    bridge.answer(parsed(agentBridgeAnswerSchema, request.body, 'agent bridge answer'));
    return { ok: true };
  });

  app.post(at(STUDIO_API_PATHS.agentBridgeSelection), { bodyLimit: AGENT_SMALL_BODY_LIMIT }, async (request) => {
    bridge.select(parsed(agentBridgeHelloSchema, request.body, 'agent bridge selection'));
    return { ok: true };
  });
};

const isPng = (body: Buffer) => body.length > PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, at) => body[at] === byte);

/**
 * The picture of a page's answer, as a binary body: a studio call like the others (origin, token, its own size
 * limit) but for the type, `image/png` alone, and a body that must be a PNG.
 */
const bridgeImageRoute: FastifyPluginAsync<RouteContext> = async (app, { options, bridge }) => {
  app.addHook('onRequest', studioCallGuard(options.token, 'image/png'));
  studioAnswersUncached(app);
  app.addContentTypeParser('image/png', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(`${STUDIO_API_PREFIX}${STUDIO_API_PATHS.agentBridgeAnswerImage}`, { bodyLimit: AGENT_BRIDGE_IMAGE_LIMIT }, async (request) => {
    const { pageId, requestId } = parsed(agentBridgeImageQuerySchema, request.query, 'agent bridge image');
    const body = request.body;
    if (!Buffer.isBuffer(body) || !isPng(body)) throw appError('BAD_REQUEST', 'The agent bridge image is not a PNG (its first bytes are not the PNG signature)');
    bridge.attachImage(pageId, requestId, body);
    return { ok: true };
  });
};

/** How long a starting `dev` waits for the handshake of the server another connection file names. */
const OTHER_SERVER_HANDSHAKE_MS = 3000;

/**
 * The connection of another `dev` of this project that runs and proves it (its file is kept: that server's agents
 * go on working), or null when there is none, or only a file left behind (which this server's file replaces).
 */
async function otherLiveServer(root: string): Promise<AgentConnection | null> {
  const current = readAgentConnectionFile(root);
  if (current.kind !== 'found') return null;
  const { connection } = current;
  // Another server of this very process (tests make several) is not another `dev`.
  if (connection.pid === process.pid || !processRuns(connection.pid)) return null;
  return (await agentHandshake(connection, root, OTHER_SERVER_HANDSHAKE_MS)).ok ? connection : null;
}

async function agentPluginImpl(app: FastifyInstance, options: AgentPluginOptions): Promise<void> {
  const secret = createAgentSecret();
  const keepaliveMs = options.keepaliveMs ?? AGENT_STREAM_KEEPALIVE_MS;
  let origin: string | undefined;
  const events = new NdjsonStreams(keepaliveMs);
  const bridge = new AgentBridge({
    timeoutMs: options.bridgeTimeoutMs ?? AGENT_BRIDGE_TIMEOUT_MS,
    keepaliveMs,
    origin: () => origin ?? '',
    onSelection: (canvasId) => events.broadcast({ type: 'selection-changed', canvasId } satisfies AgentEvent),
  });
  const stopHistory = options.sourceEditor.history.onChange((canvasId) => events.broadcast({ type: 'history-changed', canvasId } satisfies AgentEvent));
  let announced = false;

  const access: AgentAccess = {
    secret,
    announce: async (listening) => {
      origin = listening;
      if (!isLoopbackHttpUrl(listening)) return `Coding agents cannot connect: they reach dev on a loopback address only, and this server listens on ${listening}.`;
      const other = await otherLiveServer(options.root);
      if (other) {
        return `Coding agents cannot connect to this server: another plantation-studio dev of this project (process ${other.pid}, ${other.url}) has them. Stop it and restart this one to give them to it.`;
      }
      try {
        await writeAgentConnection(options.root, { url: listening, secret, pid: process.pid, startedAt: new Date().toISOString() });
        announced = true;
      } catch (error) {
        return `Coding agents cannot connect: the agent connection file could not be written (${(error as Error).message}).`;
      }
      return undefined;
    },
  };
  app.decorate('agentAccess', access);

  // Why before the close: the server's close waits for open answers, and these streams never end by themselves.
  app.addHook('preClose', async () => {
    bridge.close();
    events.closeAll();
  });
  app.addHook('onClose', async () => {
    stopHistory();
    if (announced) removeAgentConnection(options.root, secret);
  });

  const context: RouteContext = { options, secret, bridge, events };
  await app.register(handshakeRoute, context);
  await app.register(agentRoutes, context);
  await app.register(bridgeRoutes, context);
  await app.register(bridgeImageRoute, context);
}

export const agentPlugin = fp(agentPluginImpl, { name: 'plantation-agent', dependencies: ['plantation-security'] });
