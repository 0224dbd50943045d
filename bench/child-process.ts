/**
 * The servers the bench compares run as child processes of their own (the bench process drives the load and
 * must not share their event loop). Each prints a line when it is ready; the time to that line is measured from
 * just before the spawn.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { cpuMsOf } from './load.js';

export interface ReadyProcess {
  pid: number;
  /** Milliseconds from spawn to the ready line. */
  readyMs: number;
  /**
   * CPU time (user + system, all threads) the process had used when its ready line arrived, in milliseconds;
   * undefined where /proc cannot tell. Steadier than `readyMs` when other work shares the machine, but read when
   * the bench sees the line: it also counts what the process did in the meantime (work it starts right after the
   * line, such as the mock's data), a few milliseconds on a quiet machine and more on a busy one.
   */
  cpuMsAtReady?: number;
  /** `Date.now()` just before the spawn, to compare with clocks of other processes (a browser's paint). */
  spawnedAt: number;
  /** The ready pattern's first capture group (the URL, usually). */
  match: string;
  output(): string;
  stop(): Promise<void>;
}

export interface SpawnReadyOptions {
  /** The line that says the process is ready; its first group is returned as `match`. */
  ready: RegExp;
  cwd: string;
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}

function stopper(child: ChildProcess): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () =>
    (stopping ??= new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    }));
}

export async function spawnReady(command: string, args: readonly string[], options: SpawnReadyOptions): Promise<ReadyProcess> {
  const spawnedAt = Date.now();
  const start = performance.now();
  const child = spawn(command, args, {
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', ...options.env },
  });
  let output = '';
  const stop = stopper(child);
  try {
    const { readyMs, match, cpuMsAtReady } = await new Promise<{ readyMs: number; match: string; cpuMsAtReady: number | undefined }>((resolve, reject) => {
      const timeoutMs = options.timeoutMs ?? 60_000;
      const timer = setTimeout(() => reject(new Error(`${command} ${args.join(' ')} was not ready within ${timeoutMs} ms:\n${output}`)), timeoutMs);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const found = options.ready.exec(output);
        if (found) {
          clearTimeout(timer);
          resolve({ readyMs: performance.now() - start, match: found[1] ?? found[0], cpuMsAtReady: child.pid === undefined ? undefined : cpuMsOf(child.pid) });
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${command} ${args.join(' ')} exited (${signal ?? code}) before it was ready:\n${output}`));
      });
    });
    return { pid: child.pid!, readyMs, ...(cpuMsAtReady === undefined ? {} : { cpuMsAtReady }), spawnedAt, match, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
