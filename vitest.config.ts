import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{cli,server,mocks,contracts}/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/__fixtures__/**', 'dist/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The CLI tests start real servers: two cores are shared between them and the server processes.
    maxWorkers: 2,
  },
});
