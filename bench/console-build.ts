/**
 * One production build of the console per bench run, with Vite's manifest (which chunk comes from which route
 * file), shared by the bundle-size figures and the `start` start-up comparison.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { consoleViteConfig } from '../server/console-vite-config.js';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface ConsoleBuild {
  dir: string;
  manifest: Manifest;
}

let building: Promise<ConsoleBuild> | undefined;

export function consoleRootOf(packageRoot: string): string {
  return join(packageRoot, 'client', 'console');
}

/** Builds the console as `plantation-studio build` does (the same config), once per process. */
export function buildConsole(packageRoot: string): Promise<ConsoleBuild> {
  return (building ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'plantation-bench-build-'));
    const config = consoleViteConfig({ root: consoleRootOf(packageRoot), outDir: dir });
    // Why: Vite's build sets NODE_ENV to production in this process when it is unset, and every server the bench
    // starts afterwards inherited it: React without Fast Refresh in `dev` (each studio edit reloaded the frame in
    // full, so the editor module could not measure inside a full run) and production-mode starts.
    const nodeEnv = process.env.NODE_ENV;
    try {
      await build({ ...config, logLevel: 'warn', build: { ...config.build, manifest: true } });
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
    const manifest = JSON.parse(await readFile(join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    return { dir, manifest };
  })());
}
