/**
 * The servers the bench compares run as child processes of their own (the bench process drives the load and
 * must not share their event loop). Each prints a line when it is ready; the time to that line is measured from
 * just before the spawn.
 */
import { spawnReady as spawnUntilReady, type ReadyOptions, type ReadyProcess as SpawnedReadyProcess } from '../test-support/spawn-ready.js';
import { cpuMsOf } from './load.js';

export interface ReadyProcess extends SpawnedReadyProcess {
  /**
   * CPU time (user + system, all threads) the process had used when its ready line arrived, in milliseconds;
   * undefined where /proc cannot tell. Steadier than `readyMs` when other work shares the machine, but read when
   * the bench sees the line: it also counts what the process did in the meantime (work it starts right after the
   * line, such as the mock's data), a few milliseconds on a quiet machine and more on a busy one.
   */
  cpuMsAtReady?: number;
}

export async function spawnReady(command: string, args: readonly string[], options: ReadyOptions & { cwd: string }): Promise<ReadyProcess> {
  const ready = await spawnUntilReady(command, args, options);
  // At once, in the task that brought the ready line (see spawnUntilReady).
  const cpuMsAtReady = cpuMsOf(ready.pid);
  return cpuMsAtReady === undefined ? ready : { ...ready, cpuMsAtReady };
}
