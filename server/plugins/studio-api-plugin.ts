/**
 * The studio's write API (docs/editor.md#studio-api): the `parseAndMutate` calls that rewrite the console's
 * source, file-level undo and redo, and the Tailwind helper that compiles classes with the project's own Tailwind.
 * Registered only when the server edits a project (`dev`).
 *
 * Every call here passes the studio's guard (`studio-call-guard.ts`: exact Origin, token, JSON, size) before its body
 * is read. Body validation and path safety are the engine's (`server/mutations/`).
 */
import type { FastifyPluginAsync } from 'fastify';
import { isMutationKind, MUTATION_KINDS } from '../../contracts/change-kinds.js';
import { isValidCanvasId, MAX_CANVAS_ID_LENGTH, STUDIO_API_PATHS, STUDIO_API_PREFIX } from '../../contracts/studio-routes.js';
import { appError } from '../../contracts/errors.js';
import { CHANGE_BY_HEADER } from '../../contracts/agent-api.js';
import { AGENT_SESSION_HEADER, agentSessionOfHeader, type StepOwner } from '../../contracts/change-authors.js';
import type { SharedSourceEditor } from '../shared-source-editor.js';
import { studioAnswersUncached, studioCallGuard } from './studio-call-guard.js';

/** Who a write, undo or redo is for: the person, or the agent (and its session) a studio page carries it out for. */
export function stepOwnerOf(headers: Record<string, string | string[] | undefined>): StepOwner {
  if (headers[CHANGE_BY_HEADER] !== 'agent') return { by: 'studio' };
  const agent = agentSessionOfHeader(headers[AGENT_SESSION_HEADER]);
  return agent ? { by: 'agent', agent } : { by: 'agent' };
}

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

export function checkedCanvasId(canvasId: string): string {
  if (!isValidCanvasId(canvasId)) {
    throw appError('INVALID_CANVAS_ID', canvasId.slice(0, MAX_CANVAS_ID_LENGTH + 1));
  }
  return canvasId;
}

export const studioApiPlugin: FastifyPluginAsync<StudioApiOptions> = async (app, { root, token, sourceEditor: shared }) => {
  // Loaded on the first call: ts-morph and Tailwind's compiler cost hundreds of milliseconds, and `dev` is ready first.
  const sourceEditor = shared.get;
  // The server's one instant-CSS reader, which the theme route warms (`project-tailwind-services.ts`).
  const tailwindCss = () =>
    import('../tailwind/project-tailwind-services.js').then(({ projectTailwindServices }) => projectTailwindServices(shared, root).css);

  app.addHook('onRequest', studioCallGuard(token));
  studioAnswersUncached(app);

  // An empty body is what undo and redo send; everything else is Fastify's own JSON parsing (prototype poisoning
  // refused).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });

  const canvasRoute = `${STUDIO_API_PREFIX}${STUDIO_API_PATHS.parseAndMutate}`;
  type CanvasParams = { Params: { canvasId: string; kind: string } };

  app.post<CanvasParams>(`${canvasRoute}/mutate/:kind`, { bodyLimit: MUTATION_BODY_LIMIT }, async (request) => {
    const canvasId = checkedCanvasId(request.params.canvasId);
    const { kind } = request.params;
    if (!isMutationKind(kind)) throw appError('UNKNOWN_CHANGE_KIND', kind, MUTATION_KINDS);
    // A studio page carrying out an agent's change says so: the history keeps who made each change.
    const owner = stepOwnerOf(request.headers);
    return (await sourceEditor()).mutate(canvasId, kind, request.body, owner.by, owner.by === 'agent' ? owner.agent : undefined);
  });

  // The person's undo takes the person's last step; a page carrying out an agent's takes that agent session's.
  app.post<CanvasParams>(`${canvasRoute}/activities/undoChangeToFiles`, { bodyLimit: MUTATION_BODY_LIMIT }, async (request) => {
    const canvasId = checkedCanvasId(request.params.canvasId);
    return (await sourceEditor()).undo(canvasId, request.body, stepOwnerOf(request.headers));
  });

  // The Changes panel's "Undo this change": one chosen step, whoever made it, under the rule of every undo.
  app.post<CanvasParams>(`${canvasRoute}/activities/undoStepToFiles`, { bodyLimit: MUTATION_BODY_LIMIT }, async (request) => {
    const canvasId = checkedCanvasId(request.params.canvasId);
    return (await sourceEditor()).undoStep(canvasId, request.body, stepOwnerOf(request.headers));
  });

  app.post<CanvasParams>(`${canvasRoute}/activities/redoChangeToFiles`, { bodyLimit: MUTATION_BODY_LIMIT }, async (request) => {
    const canvasId = checkedCanvasId(request.params.canvasId);
    return (await sourceEditor()).redo(canvasId, request.body, stepOwnerOf(request.headers));
  });

  app.post(`${STUDIO_API_PREFIX}${STUDIO_API_PATHS.tailwindCss}`, { bodyLimit: TAILWIND_BODY_LIMIT }, async (request) =>
    (await tailwindCss()).cssFor(request.body),
  );
};
