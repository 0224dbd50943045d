/**
 * Child processes for the CLI tests, the end-to-end suite and the bench: start one, read its output as it comes,
 * wait for the line that says it is ready, and stop it. One helper, so the three agree on what "ready" means, how
 * long a start may take and how a process is stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { STUDIO_TOKEN_META } from '../contracts/dom.js';

/** The `plantation-studio` executable of this checkout (it runs the built CLI in `dist/`). */
export const CLI_BIN = fileURLToPath(new URL('../bin/plantation-studio.js', import.meta.url));

/** The banner line of every serving command (`dev`, `start`, `mock`); its group is the origin, without the slash. */
export const BANNER_URL = /(?:Console|Project|Mock API): (http:\/\/[^\s/]+)\//;

const DEFAULT_READY_TIMEOUT_MS = 60_000;
/** How long `stop()` lets a process shut down after SIGTERM before it is killed. */
const STOP_GRACE_MS = 5_000;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface SpawnOptions {
  cwd?: string;
  /** Added to this process's environment (always without colours). */
  env?: NodeJS.ProcessEnv;
}

export interface SpawnedProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Both streams, labelled: what a failure message shows. */
  output(): string;
  /** Resolves once the process has exited and its output is complete (also when it could not start). */
  exited: Promise<Exit>;
  /** Resolves with the match once stdout matches; rejects, with all output, on exit or timeout. */
  waitForStdout(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** SIGTERM, then SIGKILL if it is still running after a grace period; resolves on exit. Idempotent. */
  stop(): Promise<Exit>;
  /** SIGKILL at once; resolves on exit. */
  kill(): Promise<Exit>;
}

export interface ReadyOptions extends SpawnOptions {
  /** The line that says the process is ready; its first group (else the whole match) is answered as `match`. */
  ready: RegExp;
  timeoutMs?: number;
}

export interface ReadyProcess extends SpawnedProcess {
  pid: number;
  /** The ready pattern's first group (else the whole match): the URL, usually. */
  match: string;
  /** `Date.now()` just before the spawn, to compare with clocks of other processes (a browser's paint). */
  spawnedAt: number;
  /** Milliseconds from just before the spawn to the ready line. */
  readyMs: number;
}

const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

export function spawnProcess(command: string, args: readonly string[], { cwd, env }: SpawnOptions = {}): SpawnedProcess {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', ...env };
  // Why: a FORCE_COLOR inherited from the test runner would put escape codes in the lines the tests read.
  delete childEnv.FORCE_COLOR;
  const child = spawn(command, args, { cwd, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    for (const listener of listeners) listener();
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<Exit>((resolve) => {
    child.once('error', () => resolve({ code: null, signal: null }));
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  const what = [command, ...args].join(' ');
  const output = () => `--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}`;

  let stopping: Promise<Exit> | undefined;
  const stop = () =>
    (stopping ??= (() => {
      if (!isRunning(child)) return exited;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      killer.unref();
      return exited.finally(() => clearTimeout(killer));
    })());
  const kill = () => {
    if (isRunning(child)) child.kill('SIGKILL');
    return exited;
  };

  const waitForStdout = (pattern: RegExp, timeoutMs = DEFAULT_READY_TIMEOUT_MS) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      let settled = false;
      const settle = () => {
        settled = true;
        clearTimeout(timer);
        listeners.delete(check);
      };
      const check = () => {
        const match = pattern.exec(stdout);
        if (match && !settled) {
          settle();
          resolve(match);
        }
      };
      const timer = setTimeout(() => {
        settle();
        reject(new Error(`${what}: no ${pattern} on stdout within ${timeoutMs} ms\n${output()}`));
      }, timeoutMs);
      listeners.add(check);
      void exited.then((exit) => {
        if (settled) return;
        settle();
        reject(new Error(`${what} exited (${exit.code ?? exit.signal ?? 'could not start'}) before ${pattern}\n${output()}`));
      });
      check();
    });

  return { child, stdout: () => stdout, stderr: () => stderr, output, exited, waitForStdout, stop, kill };
}

/**
 * Starts a process and waits for its ready line; on failure the process is stopped and the error has its output.
 * It resolves in the task of the output that brought the line (no other I/O runs in between), so a caller that reads
 * a figure of the process at once (its CPU time) reads it as of the ready line.
 */
export async function spawnReady(command: string, args: readonly string[], options: ReadyOptions): Promise<ReadyProcess> {
  const spawnedAt = Date.now();
  const start = performance.now();
  const spawned = spawnProcess(command, args, options);
  try {
    const found = await spawned.waitForStdout(options.ready, options.timeoutMs ?? DEFAULT_READY_TIMEOUT_MS);
    return { ...spawned, pid: spawned.child.pid!, match: found[1] ?? found[0], spawnedAt, readyMs: performance.now() - start };
  } catch (error) {
    await spawned.stop();
    throw error;
  }
}

/**
 * Starts `plantation-studio <args>` (a serving command: `dev` when `args` names none) and waits for its banner;
 * answers the origin the banner names as `match`.
 */
export function startStudioCli(args: readonly string[], options: Omit<ReadyOptions, 'ready'> = {}): Promise<ReadyProcess> {
  const command = args[0] && !args[0].startsWith('-') ? [] : ['dev'];
  return spawnReady(process.execPath, [CLI_BIN, ...command, ...args], { ...options, ready: BANNER_URL });
}

/** The studio token the studio page of a `dev` server at `origin` carries (every studio write must send it). */
export async function studioPageToken(origin: string): Promise<string> {
  const page = await (await fetch(`${origin}/_studio/`)).text();
  const token = new RegExp(`<meta name="${STUDIO_TOKEN_META}" content="([^"]+)">`).exec(page)?.[1];
  if (!token) throw new Error(`The studio page at ${origin} carries no studio token:\n${page.slice(0, 500)}`);
  return token;
}
