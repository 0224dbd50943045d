/**
 * `/_studio/`: the studio's page and its helper API. The editor UI itself is a later part; for now the page says
 * what this server is serving, from the same facts the health endpoint reports.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { PACKAGE_VERSION } from '../package-info.js';
import { STUDIO_TOKEN_META } from '../studio-token.js';

export interface StudioInfo {
  /** The console project being served. */
  root: string;
  api: { mode: 'mock'; seed: number } | { mode: 'proxy'; upstream: string };
  /** Whether edits can be written (`dev`) or the console is a static build (`start`). */
  editable: boolean;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function studioPage(info: StudioInfo, token: string | undefined): string {
  const api = info.api.mode === 'mock' ? `mock backend (seed ${info.api.seed})` : `proxy to ${info.api.upstream}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${token ? `<meta name="${STUDIO_TOKEN_META}" content="${escapeHtml(token)}">\n` : ''}<title>Plantation Studio</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; background: #0f172a; color: #e2e8f0; }
  main { max-width: 40rem; margin: 10vh auto; padding: 2rem; background: #1e293b; border-radius: 12px; }
  h1 { margin-top: 0; font-size: 1.4rem; } a { color: #7dd3fc; } dt { color: #94a3b8; } dd { margin: 0 0 .75rem; }
</style>
</head>
<body>
<main>
  <h1>Plantation Studio v${escapeHtml(PACKAGE_VERSION)}</h1>
  <p>The visual editor is not part of this version yet. The studio server is running:</p>
  <dl>
    <dt>Console</dt><dd><a href="/">Open the console</a></dd>
    <dt>Project</dt><dd><code>${escapeHtml(info.root)}</code>${info.editable ? '' : ' (static build)'}</dd>
    <dt>API</dt><dd>${escapeHtml(api)}</dd>
  </dl>
</main>
</body>
</html>
`;
}

export interface StudioPluginOptions {
  info: StudioInfo;
  /** The per-start studio token, when the server writes source (`dev`): this page is the only place it is given. */
  token?: string;
}

export const studioPlugin: FastifyPluginAsync<StudioPluginOptions> = async (app, { info, token }) => {
  const page = studioPage(info, token);
  // Why no-store: the page holds the token, which must not outlive the server in a cache.
  const sendPage = (reply: FastifyReply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
  app.get('/_studio/', async (_request, reply) => sendPage(reply));
  app.get('/_studio/canvas/:canvasId', async (_request, reply) => sendPage(reply));
  app.get('/_studio/api/health', async () => ({ status: 'ok', version: PACKAGE_VERSION, ...info }));
};
