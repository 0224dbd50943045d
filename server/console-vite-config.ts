/**
 * The one Vite configuration of the console, used by `dev` (middleware), `build`, and the benchmarks' plain-Vite
 * baseline, so all three build the same thing.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { InlineConfig, Plugin } from 'vite';
import { CONTRACTS_ROOT, PACKAGE_ROOT } from './package-info.js';
import { NEVER_SERVED_DENY } from './never-served.js';
import { withRealPaths } from './with-real-paths.js';
import { codebaseIdPlugin } from './vite-plugins/codebase-id-plugin.js';
import { openInEditorGuardPlugin } from './vite-plugins/open-in-editor-guard-plugin.js';
import { overlayInjectionPlugin } from './vite-plugins/overlay-injection-plugin.js';
import { precompressPlugin } from './vite-plugins/precompress-plugin.js';
import { realPathGuardPlugin } from './vite-plugins/real-path-guard-plugin.js';
import { trailingChangePlugin } from './vite-plugins/trailing-change-plugin.js';

/**
 * A console made by `init` has no node_modules of its own: bare imports it cannot resolve fall back to the
 * studio's own dependencies, so `dev --root` works with no install step.
 */
function studioDependencyFallback(): Plugin {
  const studioImporter = join(PACKAGE_ROOT, 'package.json');
  return {
    name: 'plantation-studio:dependency-fallback',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!/^[@a-zA-Z]/.test(source) || source.startsWith('@contracts/')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved) return resolved;
      return this.resolve(source, studioImporter, { ...options, skipSelf: true });
    },
  };
}

/**
 * Tailwind resolves the console's `@import "tailwindcss"` with Vite's plugin-less resolver, which the fallback above
 * never sees: point it at the studio's own Tailwind, the one its Tailwind plugin belongs to.
 */
const TAILWIND_CSS = createRequire(join(PACKAGE_ROOT, 'package.json')).resolve('tailwindcss/index.css');

/**
 * plugin-react asks the optimizer to pre-bundle react by name, resolved from the console's root without plugins;
 * a console made by `init` has no react there. Drop what the root cannot resolve: the optimizer's scan still
 * finds those imports through the fallback above.
 */
function includeOnlyResolvableDeps(root: string): Plugin {
  return {
    name: 'plantation-studio:resolvable-optimize-deps',
    enforce: 'post',
    config(config) {
      const include = config.optimizeDeps?.include;
      if (!include?.length) return;
      const require = createRequire(join(root, 'package.json'));
      config.optimizeDeps!.include = include.filter((id) => {
        try {
          require.resolve(id.split('>').pop()!.trim());
          return true;
        } catch {
          return false;
        }
      });
    },
  };
}

export interface ConsoleViteOptions {
  root: string;
  /** Output folder of `build`. */
  outDir?: string;
  /** Mark every JSX element with its codebase id (the studio's `dev` only; never in `build` output). */
  codebaseIds?: boolean;
  /** Vite's pre-bundle cache; default in the project's node_modules (not for a console served read-only). */
  cacheDir?: string;
}

export function consoleViteConfig({ root, outDir, codebaseIds = false, cacheDir }: ConsoleViteOptions): InlineConfig {
  return {
    configFile: false,
    root,
    clearScreen: false,
    // In the project itself, whether or not it has a package.json of its own (one made by `init` has none); one
    // pre-bundle cache per plugin set, because Vite re-optimises when the config changes and a server still running
    // on the old cache then serves outdated deps (504s, two Reacts): the studio's dev and a plain console differ.
    cacheDir: cacheDir ?? join(root, 'node_modules', '.vite', codebaseIds ? 'studio' : 'console'),
    plugins: [
      // First: the ids must be computed on the file as it is on disk, before any other plugin rewrites it.
      ...(codebaseIds ? [codebaseIdPlugin({ root })] : []),
      // Wherever they stand, their middlewares run before Vite's own, which read files and launch the editor.
      realPathGuardPlugin(),
      openInEditorGuardPlugin(),
      // A file written twice within chokidar's 50 ms still reaches hot reload with its second text.
      trailingChangePlugin(),
      studioDependencyFallback(),
      // File routes named after their URL; each route's component is its own chunk, and editing a route file
      // hot-updates it instead of reloading the page.
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        routesDirectory: join(root, 'src', 'routes'),
        generatedRouteTree: join(root, 'src', 'routeTree.gen.ts'),
        quoteStyle: 'single',
        semicolons: true,
      }),
      react(),
      tailwindcss(),
      includeOnlyResolvableDeps(root),
      // The studio's `dev` (the one that marks ids) also injects the overlay; a build never does.
      ...(codebaseIds ? [overlayInjectionPlugin()] : []),
      // `build` only: the brotli and gzip copies `start` sends.
      precompressPlugin(),
    ],
    resolve: {
      alias: [
        // A console made by `init` has its own copy of the contracts it imports: it is what its own build uses.
        { find: '@contracts', replacement: existsSync(join(root, 'contracts')) ? join(root, 'contracts') : CONTRACTS_ROOT },
        { find: /^tailwindcss$/, replacement: TAILWIND_CSS },
      ],
      dedupe: ['react', 'react-dom'],
    },
    server: {
      // Vite's default lets every page on another localhost port read the console's modules, and with them the HMR
      // socket's token: the console is only ever fetched by pages of its own origin.
      cors: false,
      // Served: the project and the studio's own files (its dependencies, the shared contracts), by path and by real
      // path, nothing else (the real path guard holds links to the same rule); never the studio's folder, git's or
      // an environment file.
      fs: { strict: true, allow: withRealPaths([root, PACKAGE_ROOT]), deny: [...NEVER_SERVED_DENY] },
      // The studio keeps its canvases in the project: saving one must never reload the console.
      watch: { ignored: ['**/.plantation-studio/**'] },
      // Why no `warmup` of the entry's graph, though Vite keeps no transforms across restarts (its dependency
      // pre-bundle it does keep): warming transforms on the server's one thread from the start, which held the
      // studio's own calls (an open studio reconnecting after a restart) for 3 to 5 s, against 0.2 s without it.
    },
    build: {
      outDir: outDir ?? join(root, 'dist'),
      emptyOutDir: true,
    },
  };
}
