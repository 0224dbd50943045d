import { resolve } from 'node:path';
import { Command } from 'commander';
import { resolveConsoleRoot } from '../options.js';

export function buildCommand(): Command {
  return new Command('build')
    .description('build the console to static files for `start` or any static host')
    .option('--root <dir>', 'the console project to build (default: a project made by init here, else the bundled console)')
    .option('--out <dir>', 'output folder (default: <root>/dist)')
    .action(async (flags: { root?: string; out?: string }) => {
      const root = resolveConsoleRoot(flags.root);
      const outDir = flags.out ? resolve(flags.out) : undefined;
      const [{ build }, { consoleViteConfig }] = await Promise.all([import('vite'), import('../../server/console-vite-config.js')]);
      await build({ ...consoleViteConfig({ root, outDir }), logLevel: 'info', mode: 'production' });
    });
}
