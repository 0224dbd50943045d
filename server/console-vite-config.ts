/**
 * The one Vite configuration of the console, used by `dev` (middleware), `build`, and the benchmarks' plain-Vite
 * baseline, so all three build the same thing.
 */
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Alias, InlineConfig, ResolverFunction } from 'vite';
import { CONTRACTS_ROOT, PACKAGE_ROOT } from './package-info.js';

/**
 * A console made by `init` has no node_modules of its own: bare imports it cannot resolve fall back to the
 * studio's own dependencies, so `dev --root` works with no install step.
 *
 * Why an alias and not a plugin: Vite's CSS `@import` resolution, Tailwind's `@import "tailwindcss"` and
 * `optimizeDeps.include` resolve through `config.createResolver`, which runs aliases but no plugins.
 */
function studioDependencyFallback(): Alias {
  const studioImporter = join(PACKAGE_ROOT, 'package.json');
  async function resolveId(this: ThisParameterType<ResolverFunction>, ...[source, importer, options]: Parameters<ResolverFunction>) {
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    if (resolved) return resolved;
    return this.resolve(source, studioImporter, { ...options, skipSelf: true });
  }
  // Vite awaits what a custom resolver returns; its type only lacks the Promise.
  return { find: /^[@a-zA-Z].*$/, replacement: '$&', customResolver: resolveId as unknown as ResolverFunction };
}

export interface ConsoleViteOptions {
  root: string;
  /** Output folder of `build`. */
  outDir?: string;
}

export function consoleViteConfig({ root, outDir }: ConsoleViteOptions): InlineConfig {
  return {
    configFile: false,
    root,
    clearScreen: false,
    plugins: [react(), tailwindcss()],
    resolve: {
      alias: [{ find: '@contracts', replacement: CONTRACTS_ROOT }, studioDependencyFallback()],
      dedupe: ['react', 'react-dom'],
    },
    server: {
      fs: { allow: [root, PACKAGE_ROOT] },
    },
    build: {
      outDir: outDir ?? join(root, 'dist'),
      emptyOutDir: true,
    },
  };
}
