/**
 * Serves the overlay script (built by `npm run build` into `dist/overlay/`) at `/_studio/overlay.js`, for the
 * console pages of `dev`. Read on each request: it is small, and a rebuild is picked up without a restart.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { OVERLAY_SCRIPT_PATH } from '../../contracts/frame-protocol.js';
import { appError } from '../../contracts/errors.js';
import { PACKAGE_ROOT } from '../package-info.js';

export const OVERLAY_SCRIPT_FILE = join(PACKAGE_ROOT, 'dist', 'overlay', 'overlay.js');

export interface OverlayPluginOptions {
  /** The built script; the package's own by default. */
  scriptFile?: string;
}

export const overlayPlugin: FastifyPluginAsync<OverlayPluginOptions> = async (app, options) => {
  const file = options.scriptFile ?? OVERLAY_SCRIPT_FILE;
  app.get(OVERLAY_SCRIPT_PATH, async (_request, reply) => {
    let script: Buffer;
    try {
      script = await readFile(file);
    } catch {
      throw appError('NOT_FOUND', `The overlay script (built by npm run build into dist/overlay/)`);
    }
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script);
  });
};
