/**
 * The studio's canvases (`/_studio/api/canvases/{canvasId}`): read (the stored document, or a new default one),
 * saved into the edited project (`dev` only, through the same guard as every studio write), and the file-level
 * undo/redo history of the canvas (its steps with their names, and whether each could be applied now), which the
 * toolbar and the Changes panel show.
 *
 * A static build (`start`) has no project to keep canvases in: it answers the default canvas and an empty
 * history, and has no save route, like every write route.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { CanvasDocument, CanvasSaveAnswer, HistoryStatus } from '../../contracts/studio-api.js';
import { STUDIO_API_PATHS, STUDIO_API_PREFIX } from '../../contracts/studio-routes.js';
import type { SharedSourceEditor } from '../shared-source-editor.js';
import { checkedCanvasId } from './studio-api-plugin.js';
import { studioAnswersUncached, studioCallGuard } from './studio-call-guard.js';

type CanvasStore = InstanceType<typeof import('../canvas-store.js').CanvasStore>;

/** Largest canvas document a save accepts: 50 frames and 300 change records of a few files each take about 200 KB. */
export const CANVAS_BODY_LIMIT = 2 * 1024 * 1024;

/** Where the edited project is, for a server that writes source (`dev`). */
export interface CanvasEditing {
  root: string;
  /** The per-start studio token a save must carry. */
  token: string;
  sourceEditor: SharedSourceEditor;
}

/** The canvases of a server: a canvas's document as the canvas route answers it, and the saves of `dev`. */
export interface CanvasDocuments {
  read(canvasId: string): Promise<CanvasDocument>;
  store(): Promise<CanvasStore> | undefined;
}

/**
 * One store per server, shared by the canvas route and the studio page (which carries the document it opens with):
 * a page served while a save is in progress reads through the same store as the save.
 */
export function canvasDocuments(editing: CanvasEditing | undefined): CanvasDocuments {
  let store: Promise<CanvasStore> | undefined;
  // Kept in the project unless its folder was refused at start (a link in it): then in memory, as the history.
  const canvasStore = ({ root, sourceEditor }: CanvasEditing) =>
    (store ??= import('../canvas-store.js').then(({ CanvasStore }) => new CanvasStore(root, { persisted: sourceEditor.history.persisted })));
  return {
    read: async (canvasId) => {
      if (!editing) return (await import('../../contracts/studio-api.js')).defaultCanvasDocument(canvasId);
      return (await canvasStore(editing)).read(canvasId);
    },
    store: () => (editing ? canvasStore(editing) : undefined),
  };
}

export interface CanvasPluginOptions {
  editing?: CanvasEditing;
  /** The server's canvases, when the studio page shares them; made here otherwise. */
  canvases?: CanvasDocuments;
}

export const canvasPlugin: FastifyPluginAsync<CanvasPluginOptions> = async (app, { editing, canvases = canvasDocuments(editing) }) => {
  studioAnswersUncached(app);

  type CanvasParams = { Params: { canvasId: string } };
  const canvasRoute = `${STUDIO_API_PREFIX}${STUDIO_API_PATHS.canvas}`;

  app.get<CanvasParams>(canvasRoute, async (request) => {
    return canvases.read(checkedCanvasId(request.params.canvasId));
  });

  app.get<CanvasParams>(`${STUDIO_API_PREFIX}${STUDIO_API_PATHS.history}`, async (request): Promise<HistoryStatus> => {
    const canvasId = checkedCanvasId(request.params.canvasId);
    if (!editing) return { undoCount: 0, redoCount: 0, done: [], undone: [] };
    // The engine reads the history in turn with its writes; before it is made, the stored history answers alone (no
    // reason to load ts-morph to say what the last run left).
    const editor = editing.sourceEditor.ifMade();
    return editor ? (await editor).status(canvasId) : editing.sourceEditor.history.status(canvasId);
  });

  if (!editing) return;
  app.put<CanvasParams>(
    canvasRoute,
    { bodyLimit: CANVAS_BODY_LIMIT, onRequest: studioCallGuard(editing.token) },
    async (request): Promise<CanvasSaveAnswer> => {
      const canvasId = checkedCanvasId(request.params.canvasId);
      await (await canvases.store()!).write(canvasId, request.body);
      return { saved: true };
    },
  );
};
