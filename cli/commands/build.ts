import { resolve } from 'node:path';
import { Command } from 'commander';
import { build } from 'vite';
import { consoleViteConfig } from '../../server/console-vite-config.js';
import { resolveConsoleRoot } from '../options.js';

export function buildCommand(): Command {
  return new Command('build')
    .description('build the console to static files for `start` or any static host')
    .option('--root <dir>', 'the console project to build (default: a project made by init here, else the bundled console)')
    .option('--out <dir>', 'output folder (default: <root>/dist)')
    .action(async (flags: { root?: string; out?: string }) => {
      const root = resolveConsoleRoot(flags.root);
      const outDir = flags.out ? resolve(flags.out) : undefined;
      await build({ ...consoleViteConfig({ root, outDir }), logLevel: 'info', mode: 'production' });
    });
}
