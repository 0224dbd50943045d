/**
 * The file that tells a local agent client (`plantation-studio mcp`) how to reach this `dev` server:
 * `AGENT_CONNECTION_FILE`, the server's loopback origin and the secret every agent call must carry.
 *
 * The project's `.plantation-studio/` may come from anywhere (a cloned repository, an archive), so nothing found at
 * the file's place is trusted: it is never followed as a link, neither when it is written (a temporary file of its
 * own, created exclusively and without following links, mode 0600 whatever the umask, renamed over a regular file
 * only), nor when it is read (a regular file of this user that no one else may read or change), nor when it is
 * removed (only a regular file that still holds this server's secret).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AGENT_CONNECTION_FILE, AGENT_HANDSHAKE_LABEL, type AgentConnection } from '../../contracts/agent-api.js';
import { studioFolder } from '../project-folder.js';

/** A connection file is a few hundred bytes: anything much larger is not one, and is not read whole. */
const CONNECTION_FILE_LIMIT = 64 * 1024;
/** The temporary copies of this file: `agent-connection.json.<pid>.<8 hex>.tmp`. */
const TEMP_NAME = /^agent-connection\.json\.(\d+)\.[0-9a-f]{8}\.tmp$/;

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

/** The root as the file system names it (links resolved): both ends of the handshake must name it alike. */
function realRoot(root: string): string {
  try {
    return fs.realpathSync(root);
  } catch {
    return path.resolve(root);
  }
}

/** The server's answer to a handshake's nonce (`AGENT_HANDSHAKE_LABEL` in contracts/agent-api.ts says what it binds). */
export function agentHandshakeProof(secret: string, root: string, nonce: string): string {
  return createHmac('sha256', secret).update(`${AGENT_HANDSHAKE_LABEL}\n${realRoot(root)}\n${nonce}\n`).digest('base64url');
}

export function connectionFileOf(root: string): string {
  return path.join(root, ...AGENT_CONNECTION_FILE.split('/'));
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

function isConnection(value: unknown): value is AgentConnection {
  if (typeof value !== 'object' || value === null) return false;
  const { url, secret, pid } = value as Record<string, unknown>;
  return typeof url === 'string' && /^https?:\/\//.test(url) && typeof secret === 'string' && secret !== '' && Number.isSafeInteger(pid) && (pid as number) > 0;
}

/** What is at the connection file's place: nothing, a file that may not be used (and why), or a connection. */
export type ConnectionFileState = { kind: 'missing' } | { kind: 'refused'; reason: string } | { kind: 'found'; connection: AgentConnection };

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/** Why a file opened at the connection file's place may not be trusted, or null. */
function untrusted(stat: fs.Stats): string | null {
  if (!stat.isFile()) return 'it is not a regular file';
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) return `it belongs to user ${stat.uid}, not to you (user ${uid})`;
  if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) return `its mode is ${octal(stat.mode)}: others may read or change it (dev writes it 0600)`;
  if (stat.size > CONNECTION_FILE_LIMIT) return `it holds ${stat.size} bytes, not a connection`;
  return null;
}

/** Reads the file without following a link, and only if it passes `untrusted`. */
function readTrusted(file: string): { text: string } | { refused: string } | null {
  let fd: number;
  try {
    // O_NONBLOCK: a FIFO planted there must not hang the reader; it is refused as not a regular file.
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    if (code === 'ELOOP') return { refused: 'it is a symbolic link' };
    return { refused: `it cannot be read (${(error as Error).message})` };
  }
  try {
    const reason = untrusted(fs.fstatSync(fd));
    if (reason) return { refused: reason };
    return { text: fs.readFileSync(fd, 'utf8') };
  } finally {
    fs.closeSync(fd);
  }
}

export function readAgentConnectionFile(root: string): ConnectionFileState {
  const folder = path.dirname(connectionFileOf(root));
  const level = fs.lstatSync(folder, { throwIfNoEntry: false });
  if (!level) return { kind: 'missing' };
  if (!level.isDirectory()) return { kind: 'refused', reason: `${path.posix.dirname(AGENT_CONNECTION_FILE)} is a symbolic link or a file, not a folder of the project` };
  const read = readTrusted(connectionFileOf(root));
  if (!read) return { kind: 'missing' };
  if ('refused' in read) return { kind: 'refused', reason: read.refused };
  let value: unknown;
  try {
    value = JSON.parse(read.text);
  } catch {
    value = undefined;
  }
  return isConnection(value) ? { kind: 'found', connection: value } : { kind: 'refused', reason: 'it is not a connection file of plantation-studio dev' };
}

/** Temporary copies left by a `dev` killed between creating and renaming one. */
function removeStaleTempFiles(folder: string): void {
  for (const name of fs.readdirSync(folder)) {
    const pid = TEMP_NAME.exec(name)?.[1];
    if (pid === undefined || processRuns(Number(pid))) continue;
    const file = path.join(folder, name);
    // unlink never follows a link; lstat keeps it to the regular files this module makes.
    if (fs.lstatSync(file, { throwIfNoEntry: false })?.isFile()) fs.rmSync(file, { force: true });
  }
}

/**
 * Writes the connection file inside the project's `.plantation-studio/` (a link at any level is refused), mode 0600
 * whatever the umask. A link or anything but a regular file already at its place is refused and left as it is.
 */
export async function writeAgentConnection(root: string, connection: AgentConnection): Promise<string> {
  const folder = studioFolder(root, path.posix.dirname(AGENT_CONNECTION_FILE));
  const file = connectionFileOf(root);
  const present = fs.lstatSync(file, { throwIfNoEntry: false });
  if (present && !present.isFile()) throw new Error(`${AGENT_CONNECTION_FILE} is a symbolic link or not a regular file: it was left as it is`);
  removeStaleTempFiles(folder);
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = fs.openSync(temp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW, 0o600);
  try {
    try {
      // The mode given to open is cut by the umask; this one is not.
      fs.fchmodSync(fd, 0o600);
      fs.writeFileSync(fd, `${JSON.stringify(connection, null, 2)}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    // A rename replaces whatever entry is at `file` (a link itself, never its target).
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
  return file;
}

/** Removes the connection file if it still holds `secret`: a newer server's file, or anything else, is left alone. */
export function removeAgentConnection(root: string, secret: string): boolean {
  const current = readAgentConnectionFile(root);
  if (current.kind !== 'found' || !agentSecretMatches(current.connection.secret, secret)) return false;
  fs.rmSync(connectionFileOf(root), { force: true });
  return true;
}
