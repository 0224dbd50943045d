/**
 * Starts the real `plantation-studio` CLI as a child process for browser tests, on a port of its own choosing,
 * and stops it again. Each spec can start its own (with `--token-ttl`, `--latency`, a temp `--root`, …).
 */
import { startStudioCli } from '../test-support/spawn-ready.js';

export interface StudioProcess {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
  /** Ends the process at once (SIGKILL), as a crash would: nothing of its own shutdown runs. */
  kill: () => Promise<void>;
}

export async function startStudio(args: string[] = [], { timeoutMs = 60_000 } = {}): Promise<StudioProcess> {
  const studio = await startStudioCli(args.includes('--port') ? args : [...args, '--port', '0'], { timeoutMs });
  return {
    url: studio.match,
    output: studio.output,
    stop: async () => {
      await studio.stop();
    },
    kill: async () => {
      await studio.kill();
    },
  };
}
