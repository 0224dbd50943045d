import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import { CliError } from '../cli-error.js';
import { addApiOptions, addListenOptions, apiModeFrom, DEFAULT_PORT, resolveConsoleRoot, type ApiFlags, type ListenFlags } from '../options.js';

interface StartFlags extends ListenFlags, ApiFlags {
  root?: string;
  dist?: string;
  smokeTest?: boolean;
}

export function startCommand(): Command {
  const command = new Command('start')
    .description('serve a built console (no hot reload, no studio edits) with the mock API or a proxy')
    .option('--root <dir>', 'the console project whose build to serve')
    .option('--dist <dir>', 'the built console to serve (default: <root>/dist)')
    .option('--open', 'open the console in a browser');
  addListenOptions(command, DEFAULT_PORT);
  addApiOptions(command, { proxy: true });
  return command
    .option('--smoke-test', 'start, check that the console and the API answer, stop; exit 0 when both did')
    .action(async (flags: StartFlags) => {
      const dir = flags.dist ? resolve(flags.dist) : join(resolveConsoleRoot(flags.root), 'dist');
      if (!existsSync(join(dir, 'index.html'))) {
        throw new CliError(`There is no built console in ${dir}: run \`plantation-studio build\` first${flags.dist ? '' : ' (or pass --dist)'}.`);
      }
      // Loaded on use: --help and --version should not pay for Vite, Fastify and the data generator.
      const { runServer } = await import('../run-server.js');
      await runServer({
        server: { api: apiModeFrom(flags), console: { kind: 'static', dir }, studio: true, allowedHosts: flags.allowedHost },
        listen: flags,
        defaultPort: DEFAULT_PORT,
        kind: 'static',
        smokeTest: flags.smokeTest,
      });
    });
}
