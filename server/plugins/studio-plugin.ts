/**
 * `/_studio/`: the studio's editor page (built by `npm run build` into `dist/editor/`, like the overlay) and its
 * assets, and the health call the editor asks what this server is. In `dev` the page carries the per-start studio
 * token in a `<meta>`: this page is the only place the token is given, so it is never cached.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { appError } from '../../contracts/errors.js';
import { PACKAGE_ROOT, PACKAGE_VERSION } from '../package-info.js';
import { STUDIO_TOKEN_META } from '../studio-token.js';
import { CANVAS_PAGE_PATH, DEFAULT_CANVAS_ID, STUDIO_API_PATHS, STUDIO_API_PREFIX, STUDIO_PATH_PREFIX } from '../../contracts/studio-routes.js';
import { canvasScriptOf } from '../../contracts/studio-page-canvas.js';
import { earlyFramesScriptOf } from '../../contracts/studio-page-frames.js';
import type { CanvasDocument } from '../../contracts/studio-api.js';
import { PROJECT_NAME_META } from '../../contracts/project-words.js';
import type { CanvasDocuments } from './canvas-plugin.js';
import { checkedCanvasId } from './studio-api-plugin.js';

export interface StudioInfo {
  /** The console project being served. */
  root: string;
  /** `project`: a project that is not the console, whose own paths and Vite proxy answer its API. */
  api: { mode: 'mock'; seed: number } | { mode: 'proxy'; upstream: string } | { mode: 'project' };
  /** Whether edits can be written (`dev`) or the console is a static build (`start`). */
  editable: boolean;
  /** Why nothing can be written, when the console is served read-only (the installed package's own). */
  readOnly?: string;
  /** The name the studio's words give a project that is not the console (`''`: none); absent for the console. */
  projectName?: string;
}

export const EDITOR_DIR = join(PACKAGE_ROOT, 'dist', 'editor');

/** Hashed asset names as Vite writes them: one flat folder, no path can be smuggled through the name. */
const ASSET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Loaded with the first asset, not at start. */
const loadSend = () => import('@fastify/send');
let send: ReturnType<typeof loadSend> | undefined;

/** The content type @fastify/static sends for a file of this name: its `send` and `mime` tables, a charset for text. */
async function assetType(name: string): Promise<string> {
  const { mime, isUtf8MimeType } = await (send ??= loadSend());
  const type = mime.getType(name) ?? 'application/octet-stream';
  return isUtf8MimeType(type) ? `${type}; charset=utf-8` : type;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The built page with the token's `<meta>` first in its head (before any script can look for it). */
export function withTokenMeta(html: string, token: string | undefined): string {
  return token ? withMeta(html, STUDIO_TOKEN_META, token) : html;
}

/** The page with a `<meta name content>` first in its head. */
function withMeta(html: string, name: string, content: string): string {
  const meta = `<meta name="${name}" content="${escapeHtml(content)}">`;
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  if (!head) return `${meta}\n${html}`;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n    ${meta}${html.slice(at)}`;
}

function notBuiltPage(message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Plantation Studio: editor not built</title></head>
<body style="font: 15px/1.5 system-ui, sans-serif; margin: 10vh auto; max-width: 40rem; padding: 0 1rem">
<h1>The studio's editor is not built</h1>
<p role="alert">${escapeHtml(message)}</p>
<p><a href="/">Open the console</a></p>
</body>
</html>
`;
}

/**
 * The page with the open canvas's document in its body (`contracts/studio-page-canvas.ts`). Why: the editor then
 * draws its frames with its first render, and the frames start loading the console at once instead of after a
 * call for the document. Without a document (none given, or it cannot be read) the page is unchanged: the editor
 * asks for it, and says why it cannot have it.
 */
export function withCanvasDocument(html: string, document: Pick<CanvasDocument, 'frames'> | undefined): string {
  if (document === undefined) return html;
  // The frames started at once, before the page's own stylesheet and scripts: an inline script after a stylesheet
  // waits until that stylesheet has arrived, and the frames would start only then (about 0.2 s later on the
  // generated project, issue 29). The editor's bundle loads beside their consoles.
  const frames = earlyFramesScriptOf(document.frames);
  const firstAsset = html.search(/<(?:link|script)\b/i);
  const headEnd = html.search(/<\/head>/i);
  const inHead = firstAsset >= 0 && firstAsset < headEnd;
  const started = inHead ? `${html.slice(0, firstAsset)}${frames}\n    ${html.slice(firstAsset)}` : html;
  // The document for the editor at the end of the body (with the frames' script where the head had no place for it).
  const script = inHead ? canvasScriptOf(document) : `${canvasScriptOf(document)}\n${frames}`;
  const end = started.search(/<\/body>/i);
  return end < 0 ? `${started}\n${script}\n` : `${started.slice(0, end)}${script}\n${started.slice(end)}`;
}

export interface StudioPluginOptions {
  info: StudioInfo;
  /** The per-start studio token, when the server writes source (`dev`): this page is the only place it is given. */
  token?: string;
  /** The built editor; the package's own by default. */
  editorDir?: string;
  /** The server's canvases: the page carries the document of the canvas it opens. */
  canvases?: Pick<CanvasDocuments, 'read'>;
  /** Told each time the studio page is served (its frames start loading from this server). */
  onPageServed?: () => void;
}

/**
 * Nothing frames the studio: a page of another site that framed it invisibly could have the user's click and key
 * press delete an element from the source (clickjacking). The CSP directive for today's browsers, the older header
 * for the rest. The console's pages are framable by this origin only (`CONSOLE_FRAME_HEADERS`): the studio shows them
 * in frames.
 */
export const STUDIO_FRAME_HEADERS = {
  'content-security-policy': "frame-ancestors 'none'",
  'x-frame-options': 'DENY',
} as const;

export const studioPlugin: FastifyPluginAsync<StudioPluginOptions> = async (app, { info, token, editorDir = EDITOR_DIR, canvases, onPageServed }) => {
  const indexFile = join(editorDir, 'index.html');
  const assetsDir = join(editorDir, 'assets');

  // Every answer of this plugin (pages, assets, health), not only the page: none of it is made to be framed.
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(STUDIO_FRAME_HEADERS);
  });

  // Read on each request, like the overlay: it is small, and a rebuilt editor is picked up without a restart.
  const sendPage = async (reply: FastifyReply, canvasId: string) => {
    // Why no-store: the page holds the token, which must not outlive the server in a cache.
    reply.header('cache-control', 'no-store');
    onPageServed?.();
    // Read beside the page, not after it: a canvas that cannot be read leaves the page without it (see above).
    const document = canvases?.read(canvasId).catch(() => undefined);
    let html: string;
    try {
      html = await readFile(indexFile, 'utf8');
    } catch {
      const failure = appError('EDITOR_NOT_BUILT', 'dist/editor/index.html');
      return reply.code(failure.statusCode).type('text/html; charset=utf-8').send(notBuiltPage(failure.message));
    }
    const named = info.projectName === undefined ? html : withMeta(html, PROJECT_NAME_META, info.projectName);
    return reply.type('text/html; charset=utf-8').send(withCanvasDocument(withTokenMeta(named, token), await document));
  };

  app.get(STUDIO_PATH_PREFIX, async (_request, reply) => sendPage(reply, DEFAULT_CANVAS_ID));
  app.get<{ Params: { canvasId: string } }>(CANVAS_PAGE_PATH, async (request, reply) => {
    return sendPage(reply, checkedCanvasId(request.params.canvasId));
  });

  app.get<{ Params: { '*': string } }>('/_studio/assets/*', async (request, reply) => {
    const name = request.params['*'];
    if (!ASSET_NAME.test(name)) return reply.callNotFound();
    let content: Buffer;
    try {
      content = await readFile(join(assetsDir, name));
    } catch {
      return reply.callNotFound();
    }
    // Content-hashed names: a name never gets other bytes, so the browser may keep them for good.
    return reply
      .type(await assetType(name))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(content);
  });

  app.get(`${STUDIO_API_PREFIX}${STUDIO_API_PATHS.health}`, async () => ({ status: 'ok', version: PACKAGE_VERSION, ...info }));
};
