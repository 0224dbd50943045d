/**
 * Whether `process.nextTick` keeps building its tick objects through V8's inline caches, read from V8 itself: a child
 * process started with `--allow-natives-syntax` prints the function's feedback (`%DebugPrint`), and the states of
 * the slots that define the tick object's keys are checked. MEGAMORPHIC there means every tick object is built in
 * V8's runtime: the tax that Vite's start-up put on every API request of `dev`.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const moduleUrl = (path: string) => pathToFileURL(join(ROOT, path)).href;

/** A few full collections between bursts of ticks: what a start-up heavy in garbage does. */
const COLLECT_BETWEEN_TICKS = `
  for (let round = 0; round < 8; round++) {
    for (let i = 0; i < 100; i++) process.nextTick(() => {});
    await new Promise((resolve) => setTimeout(resolve, 1));
    globalThis.gc();
  }
  for (let i = 0; i < 100; i++) process.nextTick(() => {});
  await new Promise((resolve) => setTimeout(resolve, 1));
`;

/**
 * Prints nextTick's feedback, and the counts of enabled async hooks by kind (init, before, after, destroy, promise
 * resolve, total): the keeper enables one around a single tick, and none may stay on.
 */
const PRINT_FEEDBACK = `
  new Function('f', '%DebugPrint(f)')(process.nextTick);
  const { createRequire } = await import('node:module');
  const { internalBinding } = createRequire(import.meta.url)('internal/test/binding');
  console.log('ASYNC_HOOKS ' + JSON.stringify([...internalBinding('async_wrap').async_hook_fields].slice(0, 6)));
`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plantation-tick-shape-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * Runs `script` (an ES module, top-level await allowed) in a child Node with the natives syntax and `gc()`, and
 * returns the states of nextTick's slots that define the tick object's keys, and the async hooks left enabled.
 * V8 writes `%DebugPrint` to the C stdout, which a pipe would buffer past the process's exit: it goes to a file.
 */
async function probe(name: string, script: string): Promise<{ states: string[]; asyncHooks: number[] }> {
  const outFile = join(dir, `${name}.txt`);
  const out = await open(outFile, 'w');
  try {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--allow-natives-syntax', '--expose-internals', '--no-warnings', '--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: ROOT, stdio: ['ignore', out.fd, out.fd], env: { ...process.env, NO_COLOR: '1' } },
    );
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    const output = await readFile(outFile, 'utf8');
    if (code !== 0) throw new Error(`the probe exited with ${code}:\n${output}`);
    const states = [...output.matchAll(/- slot #\d+ DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1]!);
    // Nothing to judge would pass anything: a Node whose nextTick or feedback print differs must be looked at.
    if (states.length === 0) throw new Error(`no DefineKeyedOwnPropertyInLiteral slot in nextTick's feedback:\n${output.slice(0, 4000)}`);
    const hooks = /^ASYNC_HOOKS (.*)$/m.exec(output);
    if (!hooks) throw new Error(`the probe did not print its async hooks:\n${output.slice(-2000)}`);
    return { states, asyncHooks: JSON.parse(hooks[1]!) as number[] };
  } finally {
    await out.close();
  }
}

describe('keepTickObjectShape', () => {
  it("keeps nextTick's tick-object caches monomorphic through full collections between ticks", async () => {
    const { states, asyncHooks } = await probe(
      'kept',
      `import { keepTickObjectShape } from '${moduleUrl('server/keep-tick-object-shape.ts')}';
       keepTickObjectShape();
       ${COLLECT_BETWEEN_TICKS}
       ${PRINT_FEEDBACK}`,
    );
    expect(states).not.toContain('MEGAMORPHIC');
    expect(asyncHooks, 'no async hook stays enabled').toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('is needed: without it, the same collections make those caches megamorphic', async () => {
    // If this fails, Node no longer loses the tick object's hidden classes and the keeper has nothing left to do.
    const { states } = await probe('not-kept', `${COLLECT_BETWEEN_TICKS}\n${PRINT_FEEDBACK}`);
    expect(states).toContain('MEGAMORPHIC');
  });
});

describe('a dev server with the console on Vite', () => {
  it('still builds tick objects through the caches once Vite has started and settled, so API calls are not taxed', async () => {
    const { states, asyncHooks } = await probe(
      'dev-server',
      `import { createServer } from '${moduleUrl('server/create-server.ts')}';
       import { BUNDLED_CONSOLE_ROOT } from '${moduleUrl('server/package-info.ts')}';
       const app = await createServer({
         api: { mode: 'mock', mock: { seed: 1, latencyMs: 0, tokenTtlSeconds: 60 } },
         console: { kind: 'vite', root: BUNDLED_CONSOLE_ROOT },
         studio: true,
       });
       await app.listen({ port: 0, host: '127.0.0.1' });
       // Vite scans and pre-bundles the console's dependencies after it starts: wait until the process is quiet.
       let quiet = 0;
       for (let waited = 0; quiet < 2 && waited < 60_000; waited += 500) {
         const before = process.cpuUsage();
         await new Promise((resolve) => setTimeout(resolve, 500));
         const used = process.cpuUsage(before);
         quiet = used.user + used.system < 20_000 ? quiet + 1 : 0;
       }
       const { port } = app.server.address();
       for (let i = 0; i < 50; i++) await (await fetch('http://127.0.0.1:' + port + '/_mock/state')).arrayBuffer();
       ${PRINT_FEEDBACK}
       await app.close();
       process.exit(0);`,
    );
    expect(states).not.toContain('MEGAMORPHIC');
    expect(asyncHooks, 'no async hook enabled by the server, Vite or its plugins').toEqual([0, 0, 0, 0, 0, 0]);
  }, 90_000);
});
