/**
 * `npm run bench`: builds the server code, runs every benchmark module in turn, prints one table and writes it
 * with the machine it ran on to bench/results/latest.json.
 *
 *   npm run bench                      every module
 *   npm run bench -- startup api       only these modules
 *   npm run bench -- --rounds 7        more alternating rounds per comparison (default 5)
 *   npm run bench -- --markdown        also print the README's Performance section, table included
 *
 * A new module is a file exporting a `BenchModule` (a name and a `run` returning rows), added to MODULES.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { vendorStartUp } from '../scripts/vendor-start-up.js';
import { agentBench } from './agent-bench.js';
import { agentScreenshotBench } from './agent-screenshot-bench.js';
import { apiBench } from './api-bench.js';
import { judge, type BenchContext, type BenchModule, type JudgedRow } from './bench-row.js';
import { bundleBench } from './bundle-bench.js';
import { editorBench } from './editor.js';
import { mutationsBench } from './mutations.js';
import { overlayBench } from './overlay-bench.js';
import { projectScaleBench } from './project-scale-bench.js';
import { proxyBench } from './proxy-bench.js';
import { describeMachine, formatTable, machineInfo, performanceSection, type BenchFailure, type BenchReport } from './report.js';
import { restartBench, restartGeneratedBench } from './restart-bench.js';
import { scaleBench } from './scale-bench.js';
import { startupBench } from './startup-bench.js';
import { stylingBench } from './styling-bench.js';
import { tailwindCssBench } from './tailwind-css-bench.js';
import { textHomesBench } from './text-homes-bench.js';

const MODULES: readonly BenchModule[] = [startupBench, apiBench, proxyBench, bundleBench, mutationsBench, scaleBench, projectScaleBench, overlayBench, editorBench, stylingBench, restartBench, restartGeneratedBench, tailwindCssBench, agentBench, textHomesBench, agentScreenshotBench];

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
export const RESULTS_FILE = join(ROOT, 'bench', 'results', 'latest.json');
const COMMAND = 'npm run bench';

interface Args {
  only: string[];
  rounds: number;
  markdown: boolean;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { only: [], rounds: 5, markdown: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--markdown') args.markdown = true;
    else if (arg === '--rounds') {
      const rounds = Number(argv[++i]);
      if (!Number.isInteger(rounds) || rounds < 1 || rounds > 50) throw new Error(`--rounds takes a whole number from 1 to 50, not "${argv[i] ?? ''}"`);
      args.rounds = rounds;
    } else if (arg.startsWith('-')) throw new Error(`Unknown option ${arg}`);
    else if (!MODULES.some((m) => m.name === arg)) throw new Error(`Unknown bench module "${arg}"; there are: ${MODULES.map((m) => m.name).join(', ')}`);
    else args.only.push(arg);
  }
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const log = (message: string) => process.stderr.write(`${message}\n`);
  // The CLI runs from dist/: measure the code as it is now, not as it was last built.
  log('building the server code…');
  try {
    execFileSync(process.execPath, [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
  } catch {
    // tsc still emits on type errors; the figures are of the code as it stands, which the table must not hide.
    log('the server code has type errors (above); measuring what tsc emitted anyway');
  }
  // As `npm run build` does after tsc: the built CLI loads Fastify and commander from their bundles.
  log(await vendorStartUp());

  const machine = machineInfo();
  const context: BenchContext = { root: ROOT, rounds: args.rounds, log };
  const rows: JudgedRow[] = [];
  const failures: BenchFailure[] = [];
  for (const module of MODULES.filter((m) => args.only.length === 0 || args.only.includes(m.name))) {
    log(`\n${module.name}…`);
    const started = Date.now();
    try {
      rows.push(...(await module.run(context)).map(judge));
    } catch (error) {
      // One module that cannot measure (a busy machine, a broken console) must not cost the others' figures.
      failures.push({ module: module.name, error: error instanceof Error ? error.message : String(error) });
      log(`${module.name} failed: ${failures.at(-1)!.error}`);
    }
    log(`${module.name}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }

  const report: BenchReport = { machine, command: COMMAND, rounds: args.rounds, rows, failures };
  console.log(`\n${formatTable(rows)}\n\n${describeMachine(report.machine)}`);
  for (const failure of failures) console.log(`\n${failure.module} could not be measured: ${failure.error.split('\n')[0]}`);
  // Only a full run is the record to compare over time: a partial one would drop the other rows.
  if (args.only.length === 0) {
    await mkdir(dirname(RESULTS_FILE), { recursive: true });
    await writeFile(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`written to ${RESULTS_FILE.slice(ROOT.length + 1)}`);
  }
  if (args.markdown) console.log(`\n${performanceSection(report)}`);
  const failed = rows.filter((row) => row.pass === false);
  if (failed.length || failures.length) {
    if (failed.length) console.log(`\nover budget: ${failed.map((row) => row.name).join('; ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
