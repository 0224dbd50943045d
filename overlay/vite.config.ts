/**
 * Builds the overlay into one self-contained script (no imports, no chunks) that the studio's `dev` serves at
 * `/_studio/overlay.js` and injects into the console page.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: false,
  resolve: {
    alias: { '@contracts': fileURLToPath(new URL('../contracts', import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL('../dist/overlay', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    lib: {
      entry: fileURLToPath(new URL('./src/main.ts', import.meta.url)),
      formats: ['iife'],
      name: 'plantationStudioOverlay',
      fileName: () => 'overlay.js',
    },
  },
});
