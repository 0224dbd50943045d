import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { devCommand } from './commands/dev.js';

/** `dev`'s options as parsed, without running the command. */
function parsedDevOptions(args: string[]): Record<string, unknown> {
  const command = devCommand().exitOverride().configureOutput({ writeErr: () => undefined });
  command.parseOptions(args);
  return command.opts();
}

describe('dev --history-limit', () => {
  it('keeps 500 changes per canvas unless told otherwise, and is listed in --help', () => {
    expect(parsedDevOptions([]).historyLimit).toBe(500);
    expect(parsedDevOptions(['--history-limit', '2000']).historyLimit).toBe(2000);
    expect(devCommand().helpInformation()).toContain('--history-limit <n>');
  });

  it.each(['0', '-1', '1.5', 'many', '100001'])('refuses %s, saying what it takes', (value) => {
    expect(() => parsedDevOptions(['--history-limit', value])).toThrow(CommanderError);
    expect(() => parsedDevOptions(['--history-limit', value])).toThrow(/--history-limit must be a whole number from 1 to 100000/);
  });
});
