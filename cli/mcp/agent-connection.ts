/**
 * Finding the `dev` server of a project: the connection file it writes at start (`AGENT_CONNECTION_FILE`), whether
 * the process that wrote it still runs, and what to tell a person when there is no server to talk to. Each refusal
 * is one line that says what is wrong and what to do.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AGENT_CONNECTION_FILE, type AgentConnection } from '../../contracts/agent-api.js';
import { CliError } from '../cli-error.js';

/** The command that starts the server for `root`, as a person would type it from where they are. */
export function devCommandFor(root: string): string {
  return path.resolve(root) === process.cwd() ? '`npx plantation-studio dev`' : `\`npx plantation-studio dev --root ${root}\``;
}

export function connectionFileOf(root: string): string {
  return path.join(root, ...AGENT_CONNECTION_FILE.split('/'));
}

function isConnection(value: unknown): value is AgentConnection {
  if (typeof value !== 'object' || value === null) return false;
  const { url, secret, pid } = value as Record<string, unknown>;
  return typeof url === 'string' && /^https?:\/\//.test(url) && typeof secret === 'string' && secret !== '' && Number.isSafeInteger(pid) && (pid as number) > 0;
}

/** The connection file's content; null when there is none. A file that is not one is refused. */
export function readConnection(root: string): AgentConnection | null {
  const file = connectionFileOf(root);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new CliError(`Cannot read ${file} (${(error as Error).message}): run this as the user who runs ${devCommandFor(root)}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (!isConnection(value)) throw new CliError(`${file} is not a connection file of plantation-studio dev: restart ${devCommandFor(root)}, which writes it again`);
  return value;
}

/** Whether a process with this id runs (one of another user's counts: it is not ours to signal, but it runs). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function noServerMessage(root: string, why?: string): string {
  return `No plantation-studio dev server is running for ${root}${why ? ` (${why})` : ''}: start one with ${devCommandFor(root)}`;
}

/** The connection of a live `dev` for `root`, or the one-line reason there is none. */
export function liveConnection(root: string): AgentConnection {
  const connection = readConnection(root);
  if (!connection) throw new CliError(noServerMessage(root));
  if (!processRuns(connection.pid)) {
    throw new CliError(noServerMessage(root, `${AGENT_CONNECTION_FILE} was left by process ${connection.pid}, which has stopped`));
  }
  return connection;
}
