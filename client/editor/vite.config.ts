/**
 * Builds the studio's editor UI into `dist/editor/`, which the server serves at `/_studio/` (the page gets the
 * per-start token injected there). Built once with the package, like the overlay: the editor is the studio's own
 * code, not the edited project's, so it never goes through the project's Vite.
 */
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/_studio/',
  publicDir: false,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@contracts': fileURLToPath(new URL('../../contracts', import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL('../../dist/editor', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
  },
});
