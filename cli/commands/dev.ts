import { Command, Option } from 'commander';
import { DEFAULT_HISTORY_LIMIT, MAX_HISTORY_LIMIT } from '../../server/mutations/change-history.js';
import { addApiOptions, addListenOptions, apiModeFrom, DEFAULT_PORT, integer, resolveConsoleRoot, type ApiFlags, type ListenFlags } from '../options.js';

interface DevFlags extends ListenFlags, ApiFlags {
  root?: string;
  smokeTest?: boolean;
  historyLimit: number;
}

export function devCommand(): Command {
  const command = new Command('dev')
    .description('start the console with hot reload, the studio, and the mock API (or a proxy to a real one)')
    .option('--root <dir>', 'the console project to serve (default: a project made by init here, else the bundled console)')
    .option('--open', 'open the studio in a browser')
    .addOption(
      new Option('--history-limit <n>', 'how many changes each canvas can undo')
        .argParser(integer('--history-limit', 1, MAX_HISTORY_LIMIT))
        .default(DEFAULT_HISTORY_LIMIT),
    );
  addListenOptions(command, DEFAULT_PORT);
  addApiOptions(command, { proxy: true });
  return command
    .option('--smoke-test', 'start, check that the console and the API answer, stop; exit 0 when both did')
    .action(async (flags: DevFlags) => {
      const root = resolveConsoleRoot(flags.root);
      // Loaded on use: --help and --version should not pay for Vite, Fastify and the data generator. Vite and the
      // console's plugins first and not awaited: their loading overlaps Fastify's and the mock's (file reads of one
      // while the other compiles); the console plugin picks up the same modules.
      void Promise.all([import('vite'), import('../../server/console-vite-config.js')]).catch(() => undefined);
      const { runServer } = await import('../run-server.js');
      await runServer({
        server: {
          api: apiModeFrom(flags),
          console: { kind: 'vite', root },
          studio: true,
          allowedHosts: flags.allowedHost,
          historyLimit: flags.historyLimit,
        },
        listen: flags,
        defaultPort: DEFAULT_PORT,
        kind: 'studio',
        smokeTest: flags.smokeTest,
      });
    });
}
