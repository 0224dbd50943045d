/**
 * Finding the `dev` server of a project: the connection file it writes at start (`AGENT_CONNECTION_FILE`), whether
 * the file may be trusted at all, whether the process that wrote it still runs, whether the server at its address
 * proves it is that project's `dev`, and what to tell a person when there is no server to talk to. Each refusal is
 * one line that says what is wrong and what to do.
 */
import path from 'node:path';
import { AGENT_CONNECTION_FILE, isLoopbackHttpUrl, type AgentConnection } from '../../contracts/agent-api.js';
import { connectionFileOf, processRuns, readAgentConnectionFile } from '../../server/agent/agent-connection-file.js';
import { agentHandshake } from '../../server/agent/agent-handshake.js';
import { CliError } from '../cli-error.js';

/** How long the handshake may take before the server is said not to answer. */
const HANDSHAKE_TIMEOUT_MS = 15_000;

/** The command that starts the server for `root`, as a person would type it from where they are. */
export function devCommandFor(root: string): string {
  return path.resolve(root) === process.cwd() ? '`npx plantation-studio dev`' : `\`npx plantation-studio dev --root ${root}\``;
}

export function noServerMessage(root: string, why?: string): string {
  return `No plantation-studio dev server is running for ${root}${why ? ` (${why})` : ''}: start one with ${devCommandFor(root)}`;
}

/** The connection file's content, if it may be trusted (see `readAgentConnectionFile`); null when there is none. */
export function readConnection(root: string): AgentConnection | null {
  const state = readAgentConnectionFile(root);
  if (state.kind === 'missing') return null;
  if (state.kind === 'refused') {
    throw new CliError(`Refusing ${connectionFileOf(root)}: ${state.reason}. Remove it and restart ${devCommandFor(root)}, which writes it again`);
  }
  if (!isLoopbackHttpUrl(state.connection.url)) {
    throw new CliError(
      `Refusing ${connectionFileOf(root)}: it names ${state.connection.url}, which is not http on a loopback address (dev writes its own, on this machine). Remove it and restart ${devCommandFor(root)}`,
    );
  }
  return state.connection;
}

/**
 * The connection of a live `dev` for `root`, proved by the handshake before the secret is sent anywhere, or the
 * one-line reason there is none.
 */
export async function liveConnection(root: string): Promise<AgentConnection> {
  const connection = readConnection(root);
  if (!connection) throw new CliError(noServerMessage(root));
  if (!processRuns(connection.pid)) {
    throw new CliError(noServerMessage(root, `${AGENT_CONNECTION_FILE} was left by process ${connection.pid}, which has stopped`));
  }
  const handshake = await agentHandshake(connection, root, HANDSHAKE_TIMEOUT_MS);
  if (handshake.ok) return connection;
  if (handshake.unreachable) throw new CliError(noServerMessage(root, `nothing answers at ${connection.url}: ${handshake.code}`));
  throw new CliError(
    `The server at ${connection.url} is not the plantation-studio dev of ${root} (${handshake.why}): nothing was sent to it. Restart ${devCommandFor(root)}, which writes ${AGENT_CONNECTION_FILE} again`,
  );
}

/** The connection of a live, proved `dev` for `root`, or null: what a running MCP server looks for without failing. */
export async function provedConnection(root: string): Promise<AgentConnection | null> {
  try {
    return await liveConnection(root);
  } catch {
    return null;
  }
}
