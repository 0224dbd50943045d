/**
 * The tests in three tiers (Vitest projects), each run by its own script:
 *
 * - **unit** (`npm run test:unit`): pure logic, in Node. No process, no socket, no server (not even `inject`), no
 *   Vite, no temporary files; the whole tier runs in seconds. A unit test that starts a process or listens fails
 *   (`test-support/unit-tier-guard.ts`).
 * - **integration** (`npm run test:integration`): real CLI processes, servers (listening or through `inject`),
 *   Vite, the ts-morph engine on files on disk. The files are listed below by name: a new test is a unit test until
 *   it is listed here.
 * - **browser** (`npm run test:browser`): `*.browser.test.ts`, the overlay's and the editor's DOM code in Debian's
 *   Chromium (Vitest browser mode with Playwright driving the system's binary; no browser is downloaded).
 *
 * `vitest run` runs all three; `npm test` runs them in that order, then the Playwright end-to-end suite.
 */
import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, findChromium } from './e2e/chromium.js';

const TESTS = '{cli,server,mocks,contracts,client,overlay,bench,test-support,scripts}/**/*.test.{ts,tsx}';
const BROWSER_TESTS = '{client,overlay}/**/*.browser.test.{ts,tsx}';

/** Tests of processes, servers, Vite and files on disk. */
const INTEGRATION_TESTS = [
  // Real `plantation-studio` processes, and the package as npm packs and installs it.
  'cli/cli.test.ts',
  'cli/pack.test.ts',
  'cli/dev-restart.test.ts',
  'cli/prettier-project.test.ts',
  'cli/project-fixtures.test.ts',
  'cli/class-homes.test.ts',
  'cli/project-own-vite.test.ts',
  'cli/fixture-project-edits.test.ts',
  'cli/read-only-console.test.ts',
  'cli/init-standalone.test.ts',
  'cli/mcp-command.test.ts',
  // The history command on a project's files in a temporary folder.
  'cli/history-command.test.ts',
  'cli/state-folder.test.ts',
  // Servers made by createServer (through inject or on loopback), the console's Vite, child processes.
  'server/*.test.ts',
  'server/plugins/**/*.test.ts',
  'server/vite-plugins/**/*.test.ts',
  // The engine and the studio's source helpers on real files.
  'server/project-reads/**/*.test.ts',
  'server/tailwind/tailwind-classes.test.ts',
  'server/tailwind/project-*.test.ts',
  'server/mutations/golden.test.ts',
  'server/mutations/mutations.property.test.ts',
  'server/engine/source-editor.test.ts',
  'server/engine/hostile-history.test.ts',
  'server/engine/engine-theme.test.ts',
  'server/engine/project-prettier.test.ts',
  'server/mutations/compiling-edits.test.ts',
  'server/mutations/library-components.test.ts',
  'server/mutations/css-module-styling.test.ts',
  'server/styling/styling-idioms.test.ts',
  'server/engine/component-types.test.ts',
  'server/engine/source-index.test.ts',
  'server/engine/patched-index.property.test.ts',
  'server/engine/change-history.test.ts',
  'server/engine/history-authors.test.ts',
  'server/engine/history-log.test.ts',
  'server/agent/find-elements-index.test.ts',
  'server/agent/find-bound-words.test.ts',
  'server/engine/map-ids.test.ts',
  // The project's real Tailwind (3 and 4) compiled for each case.
  'server/mutations/css-to-tailwind.test.ts',
  // The mock behind its server, and with its data file.
  'mocks/mock-api.test.ts',
  'mocks/mock-api-hygiene.test.ts',
  'mocks/mock-controls*.test.ts',
  'mocks/mock-store.test.ts',
  'mocks/answer-cache.test.ts',
  // Real scrypt hashes (deliberately slow).
  'mocks/auth.test.ts',
  // The bench's tools on real processes, builds and the machine's load.
  'bench/load.test.ts',
  'bench/console-build.test.ts',
  'bench/quiet-machine.test.ts',
  'bench/new-utilities.test.ts',
];

const EXCLUDED = ['**/node_modules/**', '**/__fixtures__/**', 'dist/**', 'client/console/dist/**'];

/** The system's Chromium, or none: then only the browser tier fails, with `findChromium`'s reason. */
function systemChromium(): string | undefined {
  try {
    return findChromium();
  } catch {
    return undefined;
  }
}

export default defineConfig({
  resolve: {
    // The console and the overlay import the shared contracts through this alias (see their tsconfigs).
    alias: { '@contracts': fileURLToPath(new URL('./contracts', import.meta.url)) },
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [TESTS],
          exclude: [...EXCLUDED, ...INTEGRATION_TESTS, BROWSER_TESTS],
          environment: 'node',
          setupFiles: ['test-support/unit-tier-guard.ts'],
          // Why: the files of a worker share one module graph instead of each loading its own, which is most of
          // this tier's time (about 6 s of CPU instead of 25). So a unit test leaves no state in a module behind:
          // it makes what it needs (an engine, a store) or puts back what it changed (timers, globals).
          pool: 'threads',
          isolate: false,
          // Run alone, one tier after the other, when `vitest run` is given all three.
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION_TESTS,
          exclude: EXCLUDED,
          environment: 'node',
          // Two cores are shared between these tests and the servers and processes they start.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        // Pre-bundled before the first test: found later, Vite reloads the page mid-run ("unexpectedly reloaded").
        optimizeDeps: { include: ['html-to-image', 'lz-string', 'postcss-selector-parser'] },
        test: {
          name: 'browser',
          include: [BROWSER_TESTS],
          exclude: EXCLUDED,
          globalSetup: ['test-support/browser-tier-setup.ts'],
          sequence: { groupOrder: 2 },
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({ launchOptions: { executablePath: systemChromium(), args: CHROMIUM_ARGS } }),
            instances: [{ browser: 'chromium', viewport: { width: 1280, height: 800 } }],
          },
        },
      },
    ],
  },
});
