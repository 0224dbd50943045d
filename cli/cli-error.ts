/** An error the CLI reports as one line and exit code 1, without a stack: the user's input, not a bug. */
export class CliError extends Error {
  override name = 'CliError';
}
