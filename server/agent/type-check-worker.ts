/**
 * The worker thread the project's type check runs in (`project-type-check.ts`): one warm `TypeCheckProgram` for the
 * root it is started with, one check at a time, each answered by the id it was asked with.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { TypeCheckProgram, type TypeCheckAsk } from './type-check-program.js';

const program = new TypeCheckProgram((workerData as { root: string }).root);

parentPort?.on('message', ({ id, ask }: { id: number; ask: TypeCheckAsk }) => {
  try {
    parentPort?.postMessage({ id, answer: program.check(ask) });
  } catch (error) {
    parentPort?.postMessage({ id, error: (error as Error).message });
  }
});
