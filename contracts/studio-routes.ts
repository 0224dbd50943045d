/**
 * The studio's own addresses on the console's origin: its pages under `/_studio/`, a canvas's page, and its calls
 * under `/_studio/api`, with the rule a canvas id in them follows. Plain data: the server registers its routes with
 * these paths, the editor and the overlay call them.
 */
import { hasValidIdCharacters } from './dom.js';

/** The studio's pages and calls live under this path of the one origin. */
export const STUDIO_PATH_PREFIX = '/_studio/';

/** The studio's calls. */
export const STUDIO_API_PREFIX = '/_studio/api';

/**
 * Each call's path under `STUDIO_API_PREFIX`, Fastify-style: `:canvasId` stands for a canvas id, which
 * `withCanvasId` puts in. The parseAndMutate calls continue with `mutate/{kind}` or `activities/…` (`MutationRequest`).
 */
export const STUDIO_API_PATHS = {
  health: '/health',
  canvas: '/canvases/:canvasId',
  history: '/canvases/:canvasId/history',
  parseAndMutate: '/canvases/:canvasId/parseAndMutate',
  elementsLookup: '/elements/lookup',
  sourceText: '/source/text',
  openInEditor: '/open-in-editor',
  components: '/components',
  tailwindClasses: '/tailwind/classes',
  tailwindCss: '/tailwind/css',
  theme: '/theme',
  /** The agent bridge (`agent-api.ts`): POST `AgentBridgeHello` → an NDJSON stream of `AgentBridgeRequest`s, kept open. */
  agentBridge: '/agent-bridge',
  /** POST `AgentBridgeAnswer`. */
  agentBridgeAnswer: '/agent-bridge/answer',
  /** POST `AgentBridgeHello`: the page's selection changed (what it is, the server asks when an agent wants it). */
  agentBridgeSelection: '/agent-bridge/selection',
  /** POST an `image/png` body, `?pageId=…&requestId=…`: the picture of an answer posted next (`AgentAttachedImage`). */
  agentBridgeAnswerImage: '/agent-bridge/answer-image',
} as const;

/** A canvas call's path with the canvas id put in. */
export function withCanvasId(path: string, canvasId: string): string {
  return path.replace(':canvasId', encodeURIComponent(canvasId));
}

/** The canvas `/_studio/` opens. */
export const DEFAULT_CANVAS_ID = 'default';

/**
 * A canvas id is 1 to this many letters, digits, hyphens or underscores: also the longest path parameter the
 * server's router passes on (a longer one is answered 414 before any route).
 */
export const MAX_CANVAS_ID_LENGTH = 100;

export function isValidCanvasId(id: string): boolean {
  return id.length > 0 && id.length <= MAX_CANVAS_ID_LENGTH && hasValidIdCharacters(id);
}

/** A canvas's page (the studio's own page is the default canvas's). */
export const CANVAS_PAGE_PATH = `${STUDIO_PATH_PREFIX}canvas/:canvasId`;

/** The canvas id of a canvas's page, `/_studio/canvas/{canvasId}` (a trailing slash allowed); else null. */
export function canvasIdOfStudioPath(pathname: string): string | null {
  const prefix = CANVAS_PAGE_PATH.slice(0, -':canvasId'.length);
  if (!pathname.startsWith(prefix)) return null;
  const id = pathname.slice(prefix.length).replace(/\/$/, '');
  return isValidCanvasId(id) ? id : null;
}
