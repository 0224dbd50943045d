import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // The console and the overlay import the shared contracts through this alias (see their tsconfigs).
    alias: { '@contracts': fileURLToPath(new URL('./contracts', import.meta.url)) },
  },
  test: {
    include: ['{cli,server,mocks,contracts,client,overlay,bench}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/__fixtures__/**', 'dist/**', 'client/console/dist/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The CLI tests start real servers: two cores are shared between them and the server processes.
    maxWorkers: 2,
  },
});
