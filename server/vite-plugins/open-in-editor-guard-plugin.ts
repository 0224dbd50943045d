/**
 * Vite answers `/__open-in-editor?file=…` by launching the user's editor on that file, for its error overlay's file
 * links. Vite asks nothing of the caller, so an `<img>` on any site the user visited launched the editor. The studio's
 * own code never calls it; the error overlay in the console page does, with a same-origin fetch. This plugin lets
 * through only requests a page of this server made, and refuses the rest (403) before Vite's launcher sees them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { appError } from '../../contracts/errors.js';
import { isFromOwnPage } from '../request-origin.js';

export const OPEN_IN_EDITOR_GUARD_PLUGIN_NAME = 'plantation-studio:open-in-editor-guard';

/** Vite's launcher route; connect matches a mount path case-insensitively and with anything after a `/` or `.`. */
const LAUNCHER = '/__open-in-editor';

export function isLauncherUrl(url: string): boolean {
  const pathname = url.replace(/[?#].*$/s, '').toLowerCase();
  return pathname === LAUNCHER || pathname.startsWith(`${LAUNCHER}/`) || pathname.startsWith(`${LAUNCHER}.`);
}

export function openInEditorGuardPlugin(): Plugin {
  return {
    name: OPEN_IN_EDITOR_GUARD_PLUGIN_NAME,
    apply: 'serve',
    configureServer(server) {
      // Added here, not in a returned hook: it must run before Vite's own launcher middleware.
      server.middlewares.use((request: IncomingMessage, response: ServerResponse, next: () => void) => {
        if (!isLauncherUrl(request.url ?? '/') || isFromOwnPage(request.headers)) return next();
        const failure = appError('CROSS_SITE_REFUSED', 'Opening a file in the editor', 'the request does not come from a page of this server');
        response.statusCode = failure.statusCode;
        response.setHeader('content-type', 'application/json; charset=utf-8');
        response.setHeader('cache-control', 'no-store');
        response.end(JSON.stringify(failure.toJSON()));
      });
    },
  };
}
