/**
 * Starts the real `plantation-studio` CLI as a child process for browser tests, on a port of its own choosing,
 * and stops it again. Each spec can start its own (with `--token-ttl`, `--latency`, a temp `--root`, …).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/plantation-studio.js', import.meta.url));

export interface StudioProcess {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

export async function startStudio(args: string[] = [], { timeoutMs = 60_000 } = {}): Promise<StudioProcess> {
  const hasPort = args.includes('--port');
  const child: ChildProcess = spawn(process.execPath, [BIN, ...(args[0] && !args[0].startsWith('-') ? [] : ['dev']), ...args, ...(hasPort ? [] : ['--port', '0'])], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The studio did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const check = () => {
      const match = /(?:Console|Mock API): (http:\/\/[^\s/]+)\//.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The studio exited with code ${code} before it was ready:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });

  return { url, output: () => output, stop };
}
