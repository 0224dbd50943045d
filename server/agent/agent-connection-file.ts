/**
 * The file that tells a local agent client (`plantation-studio mcp`) how to reach this `dev` server:
 * `AGENT_CONNECTION_FILE`, the server's loopback origin and the secret every agent call must carry. Owner-only from
 * the moment it exists (its temporary copy is created with mode 0600, then renamed over the target), and removed
 * when the server stops, unless another server of the same project has written its own since.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { AGENT_CONNECTION_FILE, type AgentConnection } from '../../contracts/agent-api.js';
import { studioFolder } from '../project-folder.js';

/** 32 random bytes, base64url: new at every start, so a secret read once is useless after a restart. */
export function createAgentSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Compares in constant time: the answer's timing says nothing about how much of a guess was right. */
export function agentSecretMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function connectionPath(root: string): string {
  return path.join(root, ...AGENT_CONNECTION_FILE.split('/'));
}

/** Writes the connection file inside the project's `.plantation-studio/` (a link there is refused), mode 0600. */
export async function writeAgentConnection(root: string, connection: AgentConnection): Promise<string> {
  studioFolder(root, path.posix.dirname(AGENT_CONNECTION_FILE));
  const file = connectionPath(root);
  await writeFileAtomic(file, `${JSON.stringify(connection, null, 2)}\n`, { mode: 0o600 });
  return file;
}

/** The connection file as it is now, or null when it is missing or not one. */
export function readAgentConnection(root: string): AgentConnection | null {
  try {
    const json = JSON.parse(fs.readFileSync(connectionPath(root), 'utf8')) as Partial<AgentConnection>;
    return typeof json.secret === 'string' && typeof json.url === 'string' ? (json as AgentConnection) : null;
  } catch {
    return null;
  }
}

/** Removes the connection file if it still holds `secret`: a newer server's file is left to that server. */
export function removeAgentConnection(root: string, secret: string): boolean {
  const current = readAgentConnection(root);
  if (!current || !agentSecretMatches(current.secret, secret)) return false;
  fs.rmSync(connectionPath(root), { force: true });
  return true;
}
