/**
 * The studio's write API (docs/editor.md#studio-api): the `parseAndMutate` calls that rewrite the console's
 * source, file-level undo and redo, and the Tailwind helper that compiles classes with the project's own Tailwind.
 * Registered only when the server edits a project (`dev`).
 *
 * Every call here is checked before its body is even read: the exact Origin of this server, the per-start studio
 * token, a JSON content type and a size limit. A page of another site can make a browser send a request here, but
 * not with this origin, not with a JSON body without a preflight that is never answered, and never with the token.
 * So a refused request reaches no code that reads or writes files. Body validation and path safety are the
 * engine's (`server/mutations/`).
 */
import type { FastifyError, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isMutationKind, MUTATION_KINDS } from '../../contracts/change-kinds.js';
import { isValidCanvasId, MAX_CANVAS_ID_LENGTH, STUDIO_API_PATHS, STUDIO_API_PREFIX } from '../../contracts/studio-routes.js';
import { appError } from '../../contracts/errors.js';
import { exactOrigin, ownOriginOf } from '../request-origin.js';
import type { SharedSourceEditor } from '../studio-source/shared-source-editor.js';
import { STUDIO_TOKEN_HEADER, studioTokenMatches } from '../studio-token.js';

type TailwindCss = InstanceType<typeof import('../tailwind/tailwind-css.js').TailwindCss>;

/** Largest body of a mutation call: a copied element may bring the text of the file it comes from. */
export const MUTATION_BODY_LIMIT = 2 * 1024 * 1024;
/** Largest body of the Tailwind call: a list of class names. */
export const TAILWIND_BODY_LIMIT = 64 * 1024;

export interface StudioApiOptions {
  /** The console project whose source is edited. */
  root: string;
  /** The per-start studio token every call must carry. */
  token: string;
  /** The server's one source-rewriting engine (the studio's read routes use it too). */
  sourceEditor: SharedSourceEditor;
}

/** Why a call is refused before its body is read, or null when it may go on. */
export function refusalOf(request: FastifyRequest, token: string, bodyLimit: number) {
  const origin = request.headers.origin;
  if (!origin) return appError('STUDIO_WRITE_REFUSED', 'the request has no Origin header');
  // The Host and the Origin are read by the one strict parser the Host check uses: exactly this server's origin.
  const own = ownOriginOf(request.headers.host);
  if (own === null || exactOrigin(origin) !== own) return appError('STUDIO_WRITE_REFUSED', `the Origin "${origin}" is not this server's`);
  const given = request.headers[STUDIO_TOKEN_HEADER];
  if (given === undefined) return appError('STUDIO_WRITE_REFUSED', `the ${STUDIO_TOKEN_HEADER} header is missing`);
  if (!studioTokenMatches(given, token)) return appError('STUDIO_WRITE_REFUSED', `the ${STUDIO_TOKEN_HEADER} header is not this server's token`);
  const type = request.headers['content-type'];
  const mediaType = type?.split(';')[0]?.trim().toLowerCase();
  // A security refusal, not a mere 415: a cross-site form can post text/plain without a preflight, so the JSON
  // content type is part of what proves the call comes from the studio page (docs/editor.md#studio-guard).
  if (mediaType !== 'application/json') {
    return appError('STUDIO_WRITE_REFUSED', `the content type "${type ?? '(none)'}" is not application/json`);
  }
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > bodyLimit) return appError('PAYLOAD_TOO_LARGE', bodyLimit);
  return null;
}

export function checkedCanvasId(canvasId: string): string {
  if (!isValidCanvasId(canvasId)) {
    throw appError('INVALID_CANVAS_ID', canvasId.slice(0, MAX_CANVAS_ID_LENGTH + 1));
  }
  return canvasId;
}

/** Undo and redo take an empty body (docs/editor.md#mutation-kinds); `{}` is the same thing. */
function checkEmptyBody(body: unknown, call: string): void {
  const empty = body === undefined || body === null || (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);
  if (!empty) throw appError('BAD_REQUEST', `${call} takes an empty body`);
}

export const studioApiPlugin: FastifyPluginAsync<StudioApiOptions> = async (app, { root, token, sourceEditor: shared }) => {
  // Loaded on the first call: ts-morph and Tailwind's compiler cost hundreds of milliseconds, and `dev` is ready first.
  const sourceEditor = shared.get;
  let tailwind: Promise<TailwindCss> | undefined;
  const tailwindCss = () => (tailwind ??= import('../tailwind/tailwind-css.js').then(({ TailwindCss }) => new TailwindCss(root)));

  const bodyLimitOf = (request: FastifyRequest) => request.routeOptions.bodyLimit ?? MUTATION_BODY_LIMIT;

  app.addHook('onRequest', async (request, reply) => {
    const refusal = refusalOf(request, token, bodyLimitOf(request));
    if (refusal) return reply.code(refusal.statusCode).header('cache-control', 'no-store').send(refusal.toJSON());
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // An empty body is what undo and redo send; everything else is Fastify's own JSON parsing (prototype poisoning
  // refused).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });

  app.setErrorHandler(async (error: FastifyError, request) => {
    // The route's own limit, not the server's, is the one to report.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw appError('PAYLOAD_TOO_LARGE', bodyLimitOf(request));
    throw error;
  });

  const canvasRoute = `${STUDIO_API_PREFIX}${STUDIO_API_PATHS.parseAndMutate}`;
  type CanvasParams = { Params: { canvasId: string; kind: string } };

  app.post<CanvasParams>(`${canvasRoute}/mutate/:kind`, { bodyLimit: MUTATION_BODY_LIMIT }, async (request) => {
    const canvasId = checkedCanvasId(request.params.canvasId);
    const { kind } = request.params;
    if (!isMutationKind(kind)) throw appError('UNKNOWN_CHANGE_KIND', kind, MUTATION_KINDS);
    return (await sourceEditor()).mutate(canvasId, kind, request.body);
  });

  app.post<CanvasParams>(`${canvasRoute}/activities/undoChangeToFiles`, { bodyLimit: MUTATION_BODY_LIMIT }, async (request) => {
    const canvasId = checkedCanvasId(request.params.canvasId);
    checkEmptyBody(request.body, 'undoChangeToFiles');
    return (await sourceEditor()).undo(canvasId);
  });

  app.post<CanvasParams>(`${canvasRoute}/activities/redoChangeToFiles`, { bodyLimit: MUTATION_BODY_LIMIT }, async (request) => {
    const canvasId = checkedCanvasId(request.params.canvasId);
    checkEmptyBody(request.body, 'redoChangeToFiles');
    return (await sourceEditor()).redo(canvasId);
  });

  app.post(`${STUDIO_API_PREFIX}${STUDIO_API_PATHS.tailwindCss}`, { bodyLimit: TAILWIND_BODY_LIMIT }, async (request) =>
    (await tailwindCss()).cssFor(request.body),
  );
};
