import { resolve } from 'node:path';
import { Command } from 'commander';
import { findViteConfigFile, isConsoleProject, projectRefusal } from '../../server/project-kind.js';
import { CliError } from '../cli-error.js';
import { resolveConsoleRoot } from '../options.js';

export function buildCommand(): Command {
  return new Command('build')
    .description('build the console to static files for `start` or any static host')
    .option('--root <dir>', 'the console project to build (default: a project made by init here, else the bundled console)')
    .option('--out <dir>', 'output folder (default: <root>/dist)')
    .action(async (flags: { root?: string; out?: string }) => {
      const root = resolveConsoleRoot(flags.root);
      const outDir = flags.out ? resolve(flags.out) : undefined;
      if (!isConsoleProject(root)) {
        // Another Vite + React project builds as it builds by itself: with its own config.
        const refusal = projectRefusal(root);
        if (refusal) throw new CliError(refusal);
        // Why: its own tools resolve from the working folder, as under its own `vite build` (Tailwind 3's config and
        // `content` globs); `--out` is resolved above.
        process.chdir(root);
        const { build } = await import('vite');
        await build({ root, configFile: findViteConfigFile(root)!, mode: 'production', logLevel: 'info', ...(outDir ? { build: { outDir, emptyOutDir: true } } : {}) });
        return;
      }
      const [{ build }, { consoleViteConfig }] = await Promise.all([import('vite'), import('../../server/console-vite-config.js')]);
      await build({ ...consoleViteConfig({ root, outDir }), logLevel: 'info', mode: 'production' });
    });
}
