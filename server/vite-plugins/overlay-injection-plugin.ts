/**
 * Puts the studio's overlay script into the console page that the studio's `dev` serves (docs/glossary.md#overlay). The
 * script itself does nothing unless the page is framed by the studio; the console's `build` never gets this plugin,
 * and the plugin applies only to Vite's dev server besides.
 */
import type { Plugin } from 'vite';
import { OVERLAY_SCRIPT_PATH } from '../../contracts/frame-protocol.js';

export const OVERLAY_INJECTION_PLUGIN_NAME = 'plantation-studio:overlay-injection';

export function overlayInjectionPlugin(): Plugin {
  return {
    name: OVERLAY_INJECTION_PLUGIN_NAME,
    apply: 'serve',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        // Classic and deferred: it runs once the body exists, before the console's module script renders into it.
        { tag: 'script', attrs: { src: OVERLAY_SCRIPT_PATH, defer: true }, injectTo: 'head' },
      ],
    },
  };
}
