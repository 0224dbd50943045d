import { Command } from 'commander';
import { addApiOptions, addListenOptions, apiModeFrom, DEFAULT_MOCK_PORT, type ApiFlags, type ListenFlags } from '../options.js';

export function mockCommand(): Command {
  const command = new Command('mock').description('serve only the mock plantation API, on its own port');
  addListenOptions(command, DEFAULT_MOCK_PORT);
  addApiOptions(command, { proxy: false });
  return command
    .option('--smoke-test', 'start, check that the API answers, stop; exit 0 when it did')
    .action(async (flags: ListenFlags & ApiFlags & { smokeTest?: boolean }) => {
      // Loaded on use: --help and --version should not pay for Vite, Fastify and the data generator.
      const { runServer } = await import('../run-server.js');
      await runServer({
        server: { api: apiModeFrom(flags), console: { kind: 'none' }, studio: false, allowedHosts: flags.allowedHost },
        listen: flags,
        defaultPort: DEFAULT_MOCK_PORT,
        kind: 'mock',
        smokeTest: flags.smokeTest,
      });
    });
}
