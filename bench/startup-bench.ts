/**
 * Start-up: `dev` against plain Vite serving the same console with the same Vite config, and `start` against a
 * bare static server on the same build. Two figures each: the time from spawn to the ready line, and to the
 * console's first contentful paint in Chromium (spawn, ready line, then the first page load, in one stopwatch).
 * `dev` again on a project of real size (a copy of the console made by `init`, with the 2,001 files of the
 * project-scale module's generated project added under `src/generated/`), against plain Vite on the same copy,
 * with the memory each server holds (its resident set) once the page has painted.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.js';
import { devConsoleViteOptions } from '../server/console-vite.js';
import type { BenchContext, BenchModule, BenchRow } from './bench-row.js';
import { spawnReady } from './child-process.js';
import { buildConsole, consoleRootOf } from './console-build.js';
import { generateProject } from './project-scale-bench.js';
import { waitForQuietMachine } from './quiet-machine.js';
import { alternateRounds, medianOf } from './statistics.js';

export const STARTUP_RATIO_BUDGET = 1.15;
/** Issue 29: the studio's server at most 1.5× plain Vite's memory on the generated project. */
const MEMORY_RATIO_BUDGET = 1.5;
const PAINT_TIMEOUT_MS = 90_000;

interface Contender {
  name: string;
  args: string[];
  ready: RegExp;
}

interface StartupSample {
  readyMs: number;
  paintMs: number;
  /** CPU time the process had used at its ready line. */
  cpuMs?: number;
  /** The server's resident set once the page has painted, in MB. */
  rssMb?: number;
}

function rssMbOf(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/** Milliseconds from the spawn to the first contentful paint of the console's home page, in a fresh context. */
async function firstPaint(browser: Browser, url: string, spawnedAt: number): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    const paintedAt = await page.waitForFunction(
      () => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        return paint ? performance.timeOrigin + paint.startTime : undefined;
      },
      undefined,
      { timeout: PAINT_TIMEOUT_MS, polling: 20 },
    );
    return Number(await paintedAt.jsonValue()) - spawnedAt;
  } finally {
    await context.close();
  }
}

async function startAndPaint(context: BenchContext, browser: Browser, contender: Contender): Promise<StartupSample> {
  const settled = await waitForQuietMachine();
  const child = await spawnReady(process.execPath, contender.args, { cwd: context.root, ready: contender.ready });
  try {
    const paintMs = await firstPaint(browser, child.match, child.spawnedAt);
    const rssMb = rssMbOf(child.pid);
    const cpu = child.cpuMsAtReady === undefined ? '' : ` (${Math.round(child.cpuMsAtReady)} ms of CPU)`;
    const wait = settled.quiet ? `after ${Math.round(settled.waitedMs)} ms for a quiet machine` : `on a machine still busy after ${Math.round(settled.waitedMs)} ms`;
    context.log(`  ${contender.name}: ready ${Math.round(child.readyMs)} ms${cpu}, first paint ${Math.round(paintMs)} ms (${wait})`);
    return { readyMs: child.readyMs, paintMs, ...(child.cpuMsAtReady === undefined ? {} : { cpuMs: child.cpuMsAtReady }), ...(rssMb === undefined ? {} : { rssMb }) };
  } finally {
    await child.stop();
  }
}

function measure(context: BenchContext, browser: Browser, contender: Contender): () => Promise<StartupSample> {
  return async () => {
    try {
      return await startAndPaint(context, browser, contender);
    } catch (error) {
      // A shared machine can stall one start far past any timeout: one more try before the module gives up.
      context.log(`  ${contender.name}: ${(error as Error).message.split('\n')[0]}; trying once more`);
      return startAndPaint(context, browser, contender);
    }
  };
}

async function compare(
  context: BenchContext,
  browser: Browser,
  subject: Contender,
  baseline: Contender,
  budget: BenchRow['budget'] | undefined,
  memory = false,
): Promise<BenchRow[]> {
  // One unrecorded round each: the first start pays for cold disk caches and Vite's dependency pre-bundling.
  await alternateRounds(1, { subject: measure(context, browser, subject), baseline: measure(context, browser, baseline) });
  const samples = await alternateRounds(context.rounds, {
    subject: measure(context, browser, subject),
    baseline: measure(context, browser, baseline),
  });
  const note = `median of ${context.rounds} alternating rounds after one warm-up each, each started on a quiet machine`;
  const row = (figure: string, pick: (s: StartupSample) => number): BenchRow => ({
    name: `${subject.name}: ${figure}`,
    value: medianOf(samples.subject, pick),
    unit: 'ms',
    baseline: { name: baseline.name, value: medianOf(samples.baseline, pick) },
    ...(budget ? { budget } : {}),
    note,
  });
  const rows = [row('ready line', (s) => s.readyMs), row('first paint', (s) => s.paintMs)];
  if (memory && [...samples.subject, ...samples.baseline].every((s) => s.rssMb !== undefined)) {
    rows.push({ ...row('server memory after the first paint', (s) => s.rssMb!), unit: 'MB', budget: { kind: 'ratio-max', limit: MEMORY_RATIO_BUDGET } });
  }
  if ([...samples.subject, ...samples.baseline].every((s) => s.cpuMs !== undefined)) {
    // No budget: the budget is on the time a person waits. This is the work behind it, which other processes on
    // the machine hardly change.
    const { budget: _budget, ...cpu } = row('CPU used by the ready line', (s) => s.cpuMs!);
    rows.splice(1, 0, cpu);
  }
  return rows;
}

/** `dev` and plain Vite on a copy of the console with the generated project's 2,001 files in it. */
async function generatedProjectRows(context: BenchContext, browser: Browser, bin: string): Promise<BenchRow[]> {
  const base = fs.mkdtempSync(join(os.tmpdir(), 'bench-startup-generated-'));
  try {
    const root = join(base, 'console');
    execFileSync(process.execPath, [bin, 'init', root], { cwd: base, stdio: 'ignore' });
    generateProject(join(root, 'src', 'generated'));
    const viteOptions = devConsoleViteOptions({ kind: 'vite', root, codebaseIds: true });
    const files = `${fs.readdirSync(join(root, 'src'), { recursive: true }).length} entries under src`;
    context.log(`  the generated project: ${files}`);
    return await compare(
      context,
      browser,
      { name: 'dev, generated project', args: [bin, 'dev', '--port', '0', '--root', root], ready: /Console: (http:\/\/\S+?\/)\s/ },
      { name: 'plain Vite', args: [join(context.root, 'bench', 'baselines', 'plain-vite.mjs'), JSON.stringify(viteOptions)], ready: /Plain Vite: (http:\/\/\S+?\/)\s/ },
      { kind: 'ratio-max', limit: STARTUP_RATIO_BUDGET },
      true,
    );
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}

export const startupBench: BenchModule = {
  name: 'startup',
  async run(context) {
    const bin = join(context.root, 'bin', 'plantation-studio.js');
    const consoleRoot = consoleRootOf(context.root);
    // `dev` serves the console for the studio's edits; the baseline gets the very same Vite options.
    const viteOptions = devConsoleViteOptions({ kind: 'vite', root: consoleRoot, codebaseIds: true });
    const built = await buildConsole(context.root);
    const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
    try {
      const ready = /Console: (http:\/\/\S+?\/)\s/;
      const dev = await compare(
        context,
        browser,
        { name: 'dev', args: [bin, 'dev', '--port', '0', '--root', consoleRoot], ready },
        { name: 'plain Vite', args: [join(context.root, 'bench', 'baselines', 'plain-vite.mjs'), JSON.stringify(viteOptions)], ready: /Plain Vite: (http:\/\/\S+?\/)\s/ },
        { kind: 'ratio-max', limit: STARTUP_RATIO_BUDGET },
      );
      const start = await compare(
        context,
        browser,
        { name: 'start', args: [bin, 'start', '--port', '0', '--dist', built.dir], ready },
        { name: 'node:http static', args: [join(context.root, 'bench', 'baselines', 'static-server.mjs'), built.dir], ready: /Static server: (http:\/\/\S+?\/)\s/ },
        undefined,
      );
      return [...dev, ...start, ...(await generatedProjectRows(context, browser, bin))];
    } finally {
      await browser.close();
    }
  },
};
