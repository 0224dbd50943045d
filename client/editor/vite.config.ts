/**
 * Builds the studio's editor UI into `dist/editor/`, which the server serves at `/_studio/` (the page gets the
 * per-start token injected there). Built once with the package, like the overlay: the editor is the studio's own
 * code, not the edited project's, so it never goes through the project's Vite.
 */
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The page's entry waits for the frames the page started before it evaluates the editor (`src/main.tsx`): the
 * editor's chunk is fetched (and compiled) meanwhile, named in the page as a `modulepreload`, so the wait costs no
 * request of its own afterwards.
 */
function preloadEditorChunk(): Plugin {
  return {
    name: 'plantation-studio:preload-editor-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find((output) => output.type === 'chunk' && output.isDynamicEntry && output.facadeModuleId?.endsWith('/src/studio-main.tsx'));
        if (!chunk || chunk.type !== 'chunk') throw new Error('the editor build has no chunk of src/studio-main.tsx');
        const entries = new Set(Object.values(bundle ?? {}).flatMap((output) => (output.type === 'chunk' && output.isEntry ? [output.fileName] : [])));
        return [chunk.fileName, ...chunk.imports].filter((file) => !entries.has(file)).map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/_studio/${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/_studio/',
  publicDir: false,
  plugins: [react(), tailwindcss(), preloadEditorChunk()],
  resolve: {
    alias: { '@contracts': fileURLToPath(new URL('../../contracts', import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL('../../dist/editor', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
  },
});
