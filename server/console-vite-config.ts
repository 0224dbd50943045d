/**
 * The one Vite configuration of the console, used by `dev` (middleware), `build`, and the benchmarks' plain-Vite
 * baseline, so all three build the same thing.
 */
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { InlineConfig, Plugin } from 'vite';
import { CONTRACTS_ROOT, PACKAGE_ROOT } from './package-info.js';

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
    plugins: [studioDependencyFallback(), react(), tailwindcss()],
    resolve: {
      alias: { '@contracts': CONTRACTS_ROOT },
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
