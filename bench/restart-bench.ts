/**
 * Opening the studio, warm and right after a restart of `dev`: from the navigation to the studio's page until the
 * frame is editable as a person finds it: once the console is painted in the frame and its layers show a row the
 * source knows, a click on the console's first heading (or other element the source marks) is answered, the
 * inspector naming the selected element's `file:line` (the overlay took the click, the editor knows the element's
 * source). Against plain Vite's first contentful paint of the same console, navigated to the same way, in the same
 * rounds.
 *
 * Each round starts the server on a copy of the console made by `init` (its dependency pre-bundle cache already made
 * by a warm-up round, as after any earlier run: a restart, not a first start), opens the page once at the ready line
 * ("after a restart") and once more in a fresh browser context with the server still running ("warm"), then stops
 * the server. Budget: each median at most 1.5× plain Vite's.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.js';
import { devConsoleViteOptions } from '../server/console-vite.js';
import type { BenchContext, BenchModule, BenchRow } from './bench-row.js';
import { spawnReady } from './child-process.js';
import { generateProject } from './project-scale-bench.js';
import { waitForQuietMachine } from './quiet-machine.js';
import { alternateRounds, medianOf } from './statistics.js';

export const RESTART_RATIO_BUDGET = 1.5;
/** Issue 29: on the generated project of 2,000 files, opening the studio at most 1.3× plain Vite's first paint. */
export const GENERATED_RESTART_RATIO_BUDGET = 1.3;
const OPEN_TIMEOUT_MS = 90_000;

// The browser globals the page functions touch, declared for this module alone (see editor-page.ts).
interface PagePerformance {
  now(): number;
  getEntriesByName(name: string): Array<{ startTime: number }>;
}
interface PageRect {
  left: number;
  top: number;
  width: number;
  height: number;
}
interface PageElement {
  getBoundingClientRect(): PageRect;
  offsetWidth: number;
}
interface PageFrame extends PageElement {
  contentWindow: { performance: PagePerformance; document: { querySelector(selectors: string): PageElement | null } } | null;
}
declare const document: { querySelector(selectors: string): (PageFrame & PageElement) | null };
declare const performance: PagePerformance;

/** One round of a contender: milliseconds from the navigation to what it waits for, after the start and warm. */
export interface RestartSample {
  restartMs: number;
  warmMs: number;
}

/**
 * Run in the studio page (polled every frame). Once the frame looks editable (the console in it has painted and the
 * layers show a row the source knows, its `file:line`), where a person would click in it: the centre of the
 * console's first heading, else of its first paragraph, label, button or link the source marks, in the studio
 * page's coordinates (the canvas scales the frame). Else null. Found in the page itself, so the click follows at
 * once rather than after more round trips of the bench.
 */
function clickPointOnceEditable(): { x: number; y: number } | null {
  const frame = document.querySelector('iframe[title^="Console: "]');
  const view = frame?.contentWindow;
  if (!frame || !view || view.performance.getEntriesByName('first-contentful-paint').length === 0) return null;
  if (!document.querySelector('[role="tree"] [role="treeitem"][title*=".tsx:"]')) return null;
  const targets = ['h1[data-codebase-id]', 'h2[data-codebase-id]', ':is(p, label, button, a)[data-codebase-id]'];
  for (const selector of targets) {
    const box = view.document.querySelector(selector)?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) continue;
    const outer = frame.getBoundingClientRect();
    const scale = frame.offsetWidth > 0 ? outer.width / frame.offsetWidth : 1;
    return { x: outer.left + (box.left + box.width / 2) * scale, y: outer.top + (box.top + box.height / 2) * scale };
  }
  return null;
}

/** Run in the studio page (polled every frame): ms since its navigation once the inspector names a selected element's source. */
function selectionAnswered(): number | null {
  return document.querySelector('header[aria-label="Selected element"] p[title*=".tsx:"]') ? performance.now() : null;
}

/**
 * Waits until the frame looks editable, clicks the console in it as a person would (through the page, at an
 * element's centre) and waits for the studio to answer with the selection: ms since the navigation.
 */
async function clickWhenEditable(page: Page): Promise<number> {
  const point = await page.waitForFunction(clickPointOnceEditable, undefined, { timeout: OPEN_TIMEOUT_MS, polling: 'raf' });
  const { x, y } = (await point.jsonValue())!;
  await page.mouse.click(x, y);
  const answered = await page.waitForFunction(selectionAnswered, undefined, { timeout: OPEN_TIMEOUT_MS, polling: 'raf' });
  return Number(await answered.jsonValue());
}

/** Run in the console page (polled): its first contentful paint, ms since the navigation, else null. */
function firstContentfulPaint(): number | null {
  return performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
}

async function openOnce(browser: Browser, url: string, studio: boolean): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  // tsx wraps named functions in `__name(…)`; the page functions handed to Playwright may carry those calls.
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  try {
    const page: Page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit', timeout: OPEN_TIMEOUT_MS });
    if (!studio) {
      const painted = await page.waitForFunction(firstContentfulPaint, undefined, { timeout: OPEN_TIMEOUT_MS, polling: 20 });
      return Number(await painted.jsonValue());
    }
    return await clickWhenEditable(page);
  } finally {
    await context.close();
  }
}

interface Contender {
  name: string;
  args: string[];
  ready: RegExp;
  /** Where the page is, under the ready line's origin. */
  path: string;
  studio: boolean;
}

function measure(context: BenchContext, browser: Browser, contender: Contender): () => Promise<RestartSample> {
  return async () => {
    await waitForQuietMachine();
    const child = await spawnReady(process.execPath, contender.args, { cwd: context.root, ready: contender.ready });
    try {
      const url = new URL(contender.path, child.match).href;
      const restartMs = await openOnce(browser, url, contender.studio);
      await waitForQuietMachine();
      const warmMs = await openOnce(browser, url, contender.studio);
      context.log(`  ${contender.name}: after the start ${Math.round(restartMs)} ms, warm ${Math.round(warmMs)} ms`);
      return { restartMs, warmMs };
    } finally {
      await child.stop();
    }
  };
}

/** The two rows, studio against plain Vite: medians of the rounds, each judged against its budget. */
export function restartRows(
  studio: readonly RestartSample[],
  vite: readonly RestartSample[],
  rounds: number,
  project: { label: string; budget: number } = { label: '', budget: RESTART_RATIO_BUDGET },
): BenchRow[] {
  const note = `median of ${rounds} alternating rounds after one warm-up each (it makes the pre-bundle cache a restart finds); from the navigation until a click on the console in the frame is answered with the element's file:line (once the frame has painted and the layers show a row the source knows), or to the console's first contentful paint`;
  const row = (figure: string, pick: (sample: RestartSample) => number): BenchRow => ({
    name: `studio: open ${figure} → first frame editable${project.label}`,
    value: medianOf(studio, pick),
    unit: 'ms',
    baseline: { name: `plain Vite's first paint ${figure}`, value: medianOf(vite, pick) },
    budget: { kind: 'ratio-max', limit: project.budget },
    note,
  });
  return [row('after a restart', (sample) => sample.restartMs), row('warm', (sample) => sample.warmMs)];
}

/** Both contenders on the copy of the console at `root`, in alternating rounds after one warm-up each. */
async function openRounds(context: BenchContext, bin: string, root: string): Promise<{ studio: RestartSample[]; vite: RestartSample[] }> {
  const viteOptions = devConsoleViteOptions({ kind: 'vite', root, codebaseIds: true });
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const contenders = {
      studio: measure(context, browser, { name: 'dev', args: [bin, 'dev', '--port', '0', '--root', root], ready: /Console: (http:\/\/\S+?\/)\s/, path: '/_studio/', studio: true }),
      vite: measure(context, browser, {
        name: 'plain Vite',
        args: [join(context.root, 'bench', 'baselines', 'plain-vite.mjs'), JSON.stringify(viteOptions)],
        ready: /Plain Vite: (http:\/\/\S+?\/)\s/,
        path: '/',
        studio: false,
      }),
    };
    await alternateRounds(1, contenders);
    return await alternateRounds(context.rounds, contenders);
  } finally {
    await browser.close();
  }
}

/** A module opening the studio on a copy of the console made by `init`, `prepare`d, with its rows named by `project`. */
function restartModule(name: string, prepare: (root: string) => void, project?: { label: string; budget: number }): BenchModule {
  return {
    name,
    async run(context) {
      const dir = await mkdtemp(join(tmpdir(), `plantation-studio-bench-${name}-`));
      const root = join(dir, 'console');
      const bin = join(context.root, 'bin', 'plantation-studio.js');
      try {
        await promisify(execFile)(process.execPath, [bin, 'init', root]);
        prepare(root);
        const samples = await openRounds(context, bin, root);
        return restartRows(samples.studio, samples.vite, context.rounds, project);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

export const restartBench = restartModule('restart', () => {});

/**
 * The same on the generated project (issue 29): a copy of the console made by `init` with the `project-scale`
 * module's 2,001 files under `src/generated/`, as the `startup` module's generated rows use it.
 */
export const restartGeneratedBench = restartModule('restart-generated', (root) => generateProject(join(root, 'src', 'generated')), {
  label: ' (generated project, 2,001 files added)',
  budget: GENERATED_RESTART_RATIO_BUDGET,
});
