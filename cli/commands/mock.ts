import { Option, Command } from 'commander';
import { addApiOptions, addListenOptions, apiModeFrom, DEFAULT_MOCK_PORT, parseOrigin, type ApiFlags, type ListenFlags } from '../options.js';

export function mockCommand(): Command {
  const command = new Command('mock').description('serve only the mock plantation API, on its own port');
  addListenOptions(command, DEFAULT_MOCK_PORT);
  addApiOptions(command, { proxy: false });
  return command
    .addOption(
      new Option('--cors-origin <origin>', 'let a front end served from this exact origin call the API from a browser (repeatable)')
        .argParser((value: string, previous: string[] = []) => [...previous, parseOrigin(value)])
        .default([] as string[], 'none'),
    )
    .option('--smoke-test', 'start, check that the API answers, stop; exit 0 when it did')
    .action(async (flags: ListenFlags & ApiFlags & { smokeTest?: boolean; corsOrigin: string[] }) => {
      // Loaded on use: --help and --version should not pay for Vite, Fastify and the data generator.
      const { runServer } = await import('../run-server.js');
      await runServer({
        server: {
          api: apiModeFrom(flags),
          console: { kind: 'none' },
          studio: false,
          allowedHosts: flags.allowedHost,
          corsOrigins: flags.corsOrigin,
        },
        listen: flags,
        defaultPort: DEFAULT_MOCK_PORT,
        kind: 'mock',
        smokeTest: flags.smokeTest,
      });
    });
}
