/**
 * knip (`npm run lint:unused`, part of `npm test`): files nothing reaches, exports nothing imports, and
 * dependencies nothing uses (or used without being listed), across the repository's runtimes. Its Vite, Vitest and
 * Playwright plugins read their own configs; the entries below are the rest of what runs.
 */
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    // The CLI (bin/ is found through package.json) and the server it starts.
    'cli/index.ts',
    // The browser runtimes: the overlay and the editor (found through their Vite configs), and the console with
    // its file-based routes, which the router plugin gathers into routeTree.gen.ts.
    'client/console/src/main.tsx',
    'client/console/src/routes/**/*.tsx',
    // The bench's child processes and baselines (bench/run.ts is found through package.json).
    'bench/servers/*.ts',
    'bench/baselines/*.mjs',
    // Tests of every tier; the end-to-end specs are found through the Playwright config.
    '**/*.test.{ts,tsx}',
  ],
  project: ['{bin,cli,server,mocks,contracts,overlay,bench,e2e,test-support,scripts}/**/*.{ts,tsx,js,mjs}', 'client/{console,editor}/**/*.{ts,tsx}', '*.config.ts'],
  ignore: ['**/__fixtures__/**'],
  paths: { '@contracts/*': ['./contracts/*'] },
  vite: { config: ['overlay/vite.config.ts', 'client/editor/vite.config.ts'] },
  // An export its own file uses is a named rule (a page size, a budget), not dead code.
  ignoreExportsUsedInFile: true,
  // Loaded with createRequire by the bench's API server, which knip does not follow; installed for the fixture
  // projects (test-support/__fixtures__/projects), which link them and which knip does not read.
  ignoreDependencies: ['json-server', 'tailwindcss-v3', 'tailwindcss-v3-2', '@tailwindcss/postcss', '@vitejs/plugin-react-v4', '@biomejs/biome', 'oxfmt', 'eslint', 'eslint-plugin-react-hooks', 'class-variance-authority', '@mui/material', '@emotion/react', '@emotion/styled', 'styled-components', 'bootstrap', '@chakra-ui/react'],
  // System tools that tests run: an immutable file (chattr), a self-signed certificate (openssl), a small file
  // system to fill (mount, umount).
  ignoreBinaries: ['chattr', 'openssl', 'mount', 'umount'],
};

export default config;
