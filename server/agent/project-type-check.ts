/**
 * `type_check` on the server: the project's own TypeScript checks the files asked (`type-check-program.ts`), in a
 * worker thread that keeps its program warm between calls, so the server's thread (the studio's writes, the frames'
 * requests) never waits for a checker. A check that takes longer than asked is answered as not finished, and goes
 * on: the next call waits for it and then finds most files already checked.
 *
 * Why a class: the worker and the queue of checks are the lasting state of a root's checks.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AgentTypeCheck } from '../../contracts/agent-api.js';
import type { TypeCheckAsk, TypeCheckProgram } from './type-check-program.js';

/** The built worker; absent when the server runs from its TypeScript sources (tests), which check in process. */
const WORKER_FILE = fileURLToPath(new URL('./type-check-worker.js', import.meta.url));

export class ProjectTypeCheck {
  private worker: Worker | undefined;
  private inProcess: TypeCheckProgram | undefined;
  private readonly waiting = new Map<number, { resolve: (answer: AgentTypeCheck) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  /** The check in progress: checks run one after another. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly root: string) {}

  /** The diagnostics asked, or `finished: false` once `timeoutMs` passed (the check still goes on). */
  async check(ask: TypeCheckAsk, timeoutMs: number): Promise<AgentTypeCheck> {
    const run = this.queue.then(() => this.run(ask));
    this.queue = run.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<AgentTypeCheck>((resolve) => {
      timer = setTimeout(() => resolve({ finished: false, reason: `not finished in ${Math.round(timeoutMs / 1000)} s: the check goes on, ask again to have its answer` }), timeoutMs);
    });
    try {
      return await Promise.race([run, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = undefined;
  }

  private run(ask: TypeCheckAsk): Promise<AgentTypeCheck> {
    if (!fs.existsSync(WORKER_FILE)) {
      // Loaded on first use: the program brings TypeScript, which the server's start must not wait for (its ready line
      // took about 0.7 s more of CPU when this module imported it).
      return import('./type-check-program.js').then(({ TypeCheckProgram: Program }) => {
        this.inProcess ??= new Program(this.root);
        return this.inProcess.check(ask);
      });
    }
    const worker = this.workerNow();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, ask });
    });
  }

  private workerNow(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_FILE, { workerData: { root: this.root } });
    // The worker never keeps a stopping server alive.
    worker.unref();
    worker.on('message', ({ id, answer, error }: { id: number; answer?: AgentTypeCheck; error?: string }) => {
      const waiter = this.waiting.get(id);
      this.waiting.delete(id);
      if (answer) waiter?.resolve(answer);
      else waiter?.reject(new Error(`The type check failed: ${error}`));
    });
    const fail = (error: Error) => {
      for (const waiter of this.waiting.values()) waiter.reject(new Error(`The type check stopped: ${error.message}`));
      this.waiting.clear();
      this.worker = undefined;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`its worker exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}
