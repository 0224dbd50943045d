/**
 * The `plantation-studio` program: one commander command per file in ./commands.
 */
import { Command, CommanderError } from 'commander';
import { MockDataFileError } from '../mocks/mock-options.js';
import { PACKAGE_VERSION } from '../server/package-info.js';
import { CliError } from './cli-error.js';
import { buildCommand } from './commands/build.js';
import { devCommand } from './commands/dev.js';
import { historyCommand } from './commands/history.js';
import { initCommand } from './commands/init.js';
import { mcpCommand } from './commands/mcp.js';
import { mockCommand } from './commands/mock.js';
import { startCommand } from './commands/start.js';

export function createProgram(): Command {
  const program = new Command('plantation-studio')
    .description('The plantation console, its mock API and a visual editor that writes back to the source.')
    .version(PACKAGE_VERSION, '-v, --version')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  for (const command of [devCommand(), startCommand(), buildCommand(), mockCommand(), initCommand(), historyCommand(), mcpCommand()]) {
    program.addCommand(command.exitOverride().showHelpAfterError('(run with --help for usage)'));
  }
  return program;
}

export async function main(argv: string[]): Promise<void> {
  try {
    await createProgram().parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // commander has printed the message or the help already.
      process.exit(error.exitCode);
    }
    if (error instanceof CliError || error instanceof MockDataFileError) {
      console.error(`plantation-studio: ${error.message}`);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  }
}
