/**
 * The overlay in Chromium against a real `dev`, on a console page of about 5,000 elements rendered by the
 * console's own React (bench/overlay-page.ts), driven only by messages from a studio-origin parent page:
 *
 * - the nav tree's whole build (10 ms slices on animation frames) against a bare walk of the same page
 *   that measures every element's box, with the ratio (docs/editor.md#nav-tree);
 * - the longest main-thread task from the rebuild request until the tree reaches the parent, read from a Chromium
 *   trace (a long-task observer only sees tasks over 50 ms) against the bare walk done in one task; budget: the
 *   16 ms frame;
 * - the nav tree after the page changed inside one row's component alone (as a hot reload of it does: a class of
 *   the row and of an element in it), which walks that row's subtree only, against a bare walk of the same subtree;
 *   budget: 2×;
 * - the time from an `applyChangeItemToDocument` ADD_CLASS message to the first animation frame whose computed
 *   style shows the class, against a plain listener that adds the same kind of rule and class; budget: one frame.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { chromium, type Browser, type Frame, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.js';
import { OVERLAY_HOST_ID } from '../contracts/dom.js';
import { NAV_TREE_PART_NODES } from '../contracts/nav-tree-parts.js';
import type { BenchContext, BenchModule, BenchRow } from './bench-row.js';
import { BANNER_URL } from '../test-support/spawn-ready.js';
import { spawnReady } from './child-process.js';
import {
  ASSEMBLED_NAV_TREE,
  BASELINE_MESSAGE,
  BASELINE_SITE,
  bareWalk,
  FIXTURE_ID_PREFIX,
  FIXTURE_ROOT_ID,
  FIXTURE_ROWS,
  FRAME_ELEMENT_ID,
  fixtureId,
  installBaselineListener,
  MESSAGE_LOG,
  mountFixture,
  NAV_TREE_ERROR,
  PARENT_PATH,
  parentPageHtml,
  reloadRow,
  sendToFrame,
  SUBJECT_SITE,
  timeToVisible,
  type FixtureUrls,
  type VisibleTiming,
} from './overlay-page.js';
import { longestTask, parseTrace, taskHolding, tasksBetween, type TaskTiming, type TracedTask } from './overlay-trace.js';
import { alternateRounds, median, medianOf } from './statistics.js';

/** A main-thread task longer than this drops a frame at 60 Hz. */
export const FRAME_BUDGET_MS = 16;
/** One frame at 60 Hz: an instant update must be in the first frame after its message. */
export const ONE_FRAME_MS = 1000 / 60;

const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'blink.user_timing'];
const START_MARK = 'overlay-bench:rebuild-requested';
const TREE_MARK = 'overlay-bench:nav-tree-received';
const WALK_MARK = 'overlay-bench:walk';
const BUILD_LOG = /nav tree of (\d+) nodes built in (\d+) ms/;
const SUBTREE_LOG = /nav subtree of (\d+) nodes rebuilt in ([\d.]+) ms/;
/** The row whose component the page changes, as a hot reload of it would. */
const RELOADED_ROW = `#${FIXTURE_ROOT_ID} tbody tr:nth-child(120)`;
const SUBTREE_BUDGET = 2;
const SETTLE_MS = 300;

interface BuildSample {
  ms: number;
  nodes: number;
  longest: TaskTiming;
  /** Of the walk's own tasks: the request's message and the animation frames. */
  longestSlice: TaskTiming;
  /**
   * Of the tasks that send the tree: the frame's timers after a painted frame (a part each, then the document's
   * HTML, then the end); the bare walk sends nothing.
   */
  longestSend: TaskTiming | null;
  /** Of the parent's tasks receiving the parts (each part's structured clone read back). */
  longestReceive: TaskTiming | null;
  /** The parent putting the tree together once its end arrived (after the window the trace measures). */
  assembleMs?: number;
}

interface BenchPage {
  page: Page;
  frame: Frame;
  elements: number;
}

interface LoggedMessage {
  type: string;
  changeId?: string;
  success?: boolean;
  /** Of an assembled nav tree: its node count, and the milliseconds the parent took to put it together. */
  nodes?: number;
  receiveMs?: number;
  /** Of a dropped nav tree message: why. */
  error?: string;
}

/** The overlay as it is now: the bench measures the built script the server injects. */
function buildOverlay(root: string): void {
  execFileSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', join(root, 'overlay', 'vite.config.ts'), '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The next build time the overlay's debug log prints (`debugLog=true` in the frame query). */
function nextBuildLog(page: Page, log = BUILD_LOG): Promise<{ ms: number; nodes: number }> {
  return new Promise((resolve) => {
    const listener = (message: { text(): string }) => {
      const found = log.exec(message.text());
      if (!found) return;
      page.off('console', listener);
      resolve({ nodes: Number(found[1]), ms: Number(found[2]) });
    };
    page.on('console', listener);
  });
}

/** Waits for a message of the overlay's in the parent page's log (cleared before each step), and returns it. */
async function waitForMessage(page: Page, type: string, changeId?: string, timeout = 60_000): Promise<LoggedMessage> {
  const found = await page.waitForFunction(
    ([log, wanted, id, failed]) =>
      (globalThis as unknown as Record<string, LoggedMessage[]>)[log]!.find((m) => (m.type === wanted && (id === undefined || m.changeId === id)) || m.type === failed),
    [MESSAGE_LOG, type, changeId, NAV_TREE_ERROR] as const,
    { timeout },
  );
  const message = (await found.jsonValue()) as LoggedMessage;
  // A nav tree that could not be put back together is a broken overlay, not a figure.
  if (message.type === NAV_TREE_ERROR) throw new Error(`the parent page dropped a nav tree message: ${message.error}`);
  return message;
}

async function clearMessages(page: Page): Promise<void> {
  await page.evaluate((log) => void ((globalThis as unknown as Record<string, LoggedMessage[]>)[log]!.length = 0), MESSAGE_LOG);
}

/** Opens the studio-side page framing the console, and waits for the overlay's first nav tree. */
async function openParent(page: Page, url: string): Promise<Frame> {
  const parentUrl = new URL(PARENT_PATH, url).href;
  await page.route(parentUrl, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: parentPageHtml(new URL('/login?debugLog=true', url).href, TREE_MARK) }));
  await page.goto(parentUrl);
  await waitForMessage(page, ASSEMBLED_NAV_TREE, undefined, 30_000);
  const frame = await (await page.$(`#${FRAME_ELEMENT_ID}`))?.contentFrame();
  if (!frame) throw new Error('the bench page has no console frame');
  return frame;
}

async function openBenchPage(browser: Browser, url: string, context: BenchContext): Promise<BenchPage> {
  const browserContext = await browser.newContext();
  // tsx keeps function names by wrapping them in `__name(…)`; the functions handed to `evaluate` carry those calls.
  await browserContext.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  const page = await browserContext.newPage();
  let frame: Frame;
  try {
    frame = await openParent(page, url);
  } catch (error) {
    // A first visit can meet Vite re-optimising the console's dependencies and reloading the page: once more.
    context.log(`  the overlay did not come up (${(error as Error).message.split('\n')[0]}); trying once more`);
    frame = await openParent(page, url);
  }
  const urls = (await (
    await frame.waitForFunction(() => {
      const names = performance.getEntriesByType('resource').map((entry) => entry.name);
      const react = names.find((name) => /\/deps\/react\.js(\?|$)/.test(name));
      const reactDomClient = names.find((name) => /\/deps\/react-dom_client\.js(\?|$)/.test(name));
      return react && reactDomClient ? { react, reactDomClient } : undefined;
    })
  ).jsonValue()) as FixtureUrls;
  await clearMessages(page);
  const elements = await frame.evaluate(mountFixture, { urls, rows: FIXTURE_ROWS, rootId: FIXTURE_ROOT_ID, idPrefix: FIXTURE_ID_PREFIX });
  // The fixture's arrival is a DOM change: the overlay rebuilds 300 ms later; measuring starts after that.
  await waitForMessage(page, ASSEMBLED_NAV_TREE);
  await frame.evaluate(installBaselineListener, BASELINE_MESSAGE);
  await pause(SETTLE_MS);
  return { page, frame, elements };
}

async function traced<T>(browser: Browser, page: Page, run: () => Promise<T>): Promise<{ result: T; events: ReturnType<typeof parseTrace> }> {
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const outcome = await run().then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  );
  // Stopped whatever happened: a trace left running would refuse the next one.
  const buffer = await browser.stopTracing();
  if ('error' in outcome) throw outcome.error;
  return { result: outcome.result, events: parseTrace(buffer) };
}

let requestCounter = 0;

/** One rebuild, asked for as the editor does when its lookups change, traced from the request to the tree's arrival. */
async function measureBuild(browser: Browser, bench: BenchPage): Promise<BuildSample> {
  const { page } = bench;
  await clearMessages(page);
  const logged = nextBuildLog(page);
  const id = `bench-lookups-${++requestCounter}`;
  const { result, events } = await traced(browser, page, async () => {
    await page.evaluate(sendToFrame, {
      frameElementId: FRAME_ELEMENT_ID,
      mark: START_MARK,
      message: { id, type: 'executeFunction', payload: { functionName: 'setNewLookups', args: { lookups: { [fixtureId(SUBJECT_SITE)]: { name: `bench-${requestCounter}` } } } } },
    });
    const tree = await waitForMessage(page, ASSEMBLED_NAV_TREE);
    return { ...(await logged), treeNodes: tree.nodes, assembleMs: tree.receiveMs ?? Number.NaN };
  });
  await pause(SETTLE_MS);
  if (result.treeNodes !== result.nodes) throw new Error(`the overlay built ${result.nodes} nodes, but the parent put together ${result.treeNodes}`);
  const tasks = tasksBetween(events, START_MARK, TREE_MARK);
  // The first message task is the request reaching the frame; later ones are the parent receiving the tree's parts.
  const request = tasks.findIndex((task) => task.kind === 'message');
  const isSlice = (task: TracedTask, index: number) => task.kind === 'animation-frame' || index === request;
  return {
    ms: result.ms,
    nodes: result.nodes,
    assembleMs: result.assembleMs,
    longest: longestTask(tasks),
    longestSlice: longestTask(tasks.filter(isSlice)),
    longestSend: longestTask(tasks.filter((task) => task.kind === 'timer')),
    longestReceive: longestTask(tasks.filter((task, index) => !isSlice(task, index) && task.kind === 'message')),
  };
}

/** The bare walk in the same page, in one task; its box measurements as the nav tree's are. */
async function measureWalk(browser: Browser, bench: BenchPage, context: BenchContext, attempt = 1): Promise<BuildSample> {
  const { result, events } = await traced(browser, bench.page, () => bench.frame.evaluate(bareWalk, { overlayHostId: OVERLAY_HOST_ID, mark: WALK_MARK }));
  await pause(SETTLE_MS);
  let task: TaskTiming;
  try {
    task = taskHolding(events, WALK_MARK);
  } catch (error) {
    // Now and then a loaded machine's trace lacks the task around the mark: the walk is measured again.
    if (attempt > 2) throw error;
    context.log(`  ${(error as Error).message}; walking again`);
    return measureWalk(browser, bench, context, attempt + 1);
  }
  return { ms: result.ms, nodes: result.elements, longest: task, longestSlice: task, longestSend: null, longestReceive: null };
}

let reloadCounter = 0;

/** The row's component changed in the page (its class and its code cell's), then the subtree walk the keeper logs. */
async function measureSubtree(bench: BenchPage): Promise<{ ms: number; nodes: number }> {
  const { page, frame } = bench;
  await clearMessages(page);
  const logged = nextBuildLog(page, SUBTREE_LOG);
  await frame.evaluate(reloadRow, { selector: RELOADED_ROW, round: ++reloadCounter });
  const result = await logged;
  await waitForMessage(page, ASSEMBLED_NAV_TREE);
  await pause(SETTLE_MS);
  return result;
}

/** The subtree walk after one row's change, against a bare walk of the same row, in alternating rounds. */
async function subtreeRow(context: BenchContext, bench: BenchPage, treeNodes: number): Promise<BenchRow> {
  const walkRow = async () => {
    const walked = await bench.frame.evaluate(bareWalk, { overlayHostId: OVERLAY_HOST_ID, mark: WALK_MARK, rootSelector: RELOADED_ROW });
    return { ms: walked.ms, nodes: walked.elements };
  };
  await alternateRounds(1, { subject: () => measureSubtree(bench), baseline: walkRow });
  const subtrees = await alternateRounds(context.rounds, {
    subject: async () => {
      const sample = await measureSubtree(bench);
      context.log(`  nav subtree after one row's change: ${sample.nodes} nodes in ${sample.ms.toFixed(2)} ms`);
      return sample;
    },
    baseline: async () => {
      const sample = await walkRow();
      context.log(`  bare walk of the row: ${sample.nodes} elements in ${sample.ms.toFixed(2)} ms`);
      return sample;
    },
  });
  return {
    name: "overlay: nav tree after one row's component changed",
    value: medianOf(subtrees.subject, (sample) => sample.ms),
    unit: 'ms',
    baseline: { name: 'bare walk of that row with boxes', value: medianOf(subtrees.baseline, (sample) => sample.ms) },
    budget: { kind: 'ratio-max', limit: SUBTREE_BUDGET },
    note: `the row's ${median(subtrees.subject.map((sample) => sample.nodes))} nodes walked again in a tree of ${treeNodes}; the tree is then sent whole as before; median of ${context.rounds} alternating rounds after one warm-up each`,
  };
}

const hex = (n: number) => (n % 256).toString(16).padStart(2, '0');
let colourCounter = 0;

/** ADD_CLASS through the overlay, on every row's code cell (one JSX site); then the rebuild it asks for settles. */
async function measureAddClass(bench: BenchPage): Promise<VisibleTiming> {
  const { page } = bench;
  const colour = `#c8${hex(++colourCounter)}00`;
  const id = `bench-add-class-${colourCounter}`;
  await clearMessages(page);
  const timing = await page.evaluate(timeToVisible, {
    frameElementId: FRAME_ELEMENT_ID,
    selector: `[data-codebase-id="${fixtureId(SUBJECT_SITE)}"]`,
    message: {
      id,
      type: 'executeFunction',
      payload: {
        functionName: 'applyChangeItemToDocument',
        args: { changeItem: { id, type: 'ADD_CLASS', changeFields: { codebaseIdToAddClass: fixtureId(SUBJECT_SITE), className: `text-[${colour}]`, cssEquivalent: `color: ${colour};`, modifiers: [] } } },
      },
    },
    timeoutFrames: 600,
  });
  const done = await waitForMessage(page, 'INSTANT_UPDATE_DONE', id);
  if (!done.success) throw new Error(`the overlay reported ADD_CLASS ${id} as not applied`);
  // ADD_CLASS asks for a new nav tree: the next round starts once it is built and sent.
  await waitForMessage(page, ASSEMBLED_NAV_TREE);
  await pause(SETTLE_MS);
  return timing;
}

/** The same kind of change by a plain listener in the page, on every row's name cell. */
async function measurePlainAddClass(bench: BenchPage): Promise<VisibleTiming> {
  const colour = `#00c8${hex(++colourCounter)}`;
  const timing = await bench.page.evaluate(timeToVisible, {
    frameElementId: FRAME_ELEMENT_ID,
    selector: `[data-codebase-id="${fixtureId(BASELINE_SITE)}"]`,
    message: { type: BASELINE_MESSAGE, codebaseId: fixtureId(BASELINE_SITE), className: `overlay-bench-${colourCounter}`, css: `color: ${colour};` },
    timeoutFrames: 600,
  });
  await pause(SETTLE_MS);
  return timing;
}

function describeFrames(samples: readonly VisibleTiming[]): string {
  const first = samples.filter((sample) => sample.frames === 1).length;
  return `in the first frame after the message in ${first} of ${samples.length}`;
}

export const overlayBench: BenchModule = {
  name: 'overlay',
  async run(context) {
    context.log('  building the overlay…');
    buildOverlay(context.root);
    const child = await spawnReady(process.execPath, [join(context.root, 'bin', 'plantation-studio.js'), 'dev', '--port', '0'], {
      cwd: context.root,
      ready: BANNER_URL,
    });
    let browser: Browser | undefined;
    try {
      const chromiumBrowser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
      browser = chromiumBrowser;
      const bench = await openBenchPage(chromiumBrowser, child.match, context);
      context.log(`  page of ${bench.elements} elements`);

      // One unrecorded round each: the first build and walk pay for compiling the code and warming the caches.
      await alternateRounds(1, { subject: () => measureBuild(chromiumBrowser, bench), baseline: () => measureWalk(chromiumBrowser, bench, context) });
      const builds = await alternateRounds(context.rounds, {
        subject: async () => {
          const sample = await measureBuild(chromiumBrowser, bench);
          context.log(
            `  nav tree: ${sample.nodes} nodes in ${sample.ms} ms, longest task ${sample.longest.wallMs.toFixed(1)} ms (${sample.longest.cpuMs?.toFixed(1)} ms CPU; slice ${sample.longestSlice.cpuMs?.toFixed(1)}, sending ${sample.longestSend?.cpuMs?.toFixed(1)}, receiving ${sample.longestReceive?.cpuMs?.toFixed(1)}; put together in the parent in ${sample.assembleMs?.toFixed(1)} ms)`,
          );
          return sample;
        },
        baseline: async () => {
          const sample = await measureWalk(chromiumBrowser, bench, context);
          context.log(`  bare walk: ${sample.nodes} elements in ${sample.ms.toFixed(1)} ms`);
          return sample;
        },
      });

      const subtree = await subtreeRow(context, bench, median(builds.subject.map((sample) => sample.nodes)));

      await alternateRounds(1, { subject: () => measureAddClass(bench), baseline: () => measurePlainAddClass(bench) });
      const updates = await alternateRounds(context.rounds, {
        subject: async () => {
          const sample = await measureAddClass(bench);
          context.log(`  ADD_CLASS visible after ${sample.ms.toFixed(1)} ms (frame ${sample.frames})`);
          return sample;
        },
        baseline: async () => {
          const sample = await measurePlainAddClass(bench);
          context.log(`  plain class visible after ${sample.ms.toFixed(1)} ms (frame ${sample.frames})`);
          return sample;
        },
      });

      const nodes = median(builds.subject.map((sample) => sample.nodes));
      const rounds = `median of ${context.rounds} alternating rounds after one warm-up each`;
      const cpu = (sample: BuildSample) => sample.longest.cpuMs ?? Number.NaN;
      const sliceCpu = (sample: BuildSample) => sample.longestSlice.cpuMs ?? Number.NaN;
      const sendCpu = (sample: BuildSample) => sample.longestSend?.cpuMs ?? Number.NaN;
      const receiveCpu = (sample: BuildSample) => sample.longestReceive?.cpuMs ?? Number.NaN;
      return [
        {
          name: `overlay: nav tree build, ${bench.elements} elements`,
          value: medianOf(builds.subject, (sample) => sample.ms),
          unit: 'ms',
          baseline: { name: 'bare walk with boxes', value: medianOf(builds.baseline, (sample) => sample.ms) },
          note: `${nodes} nodes, built in 10 ms slices on animation frames; the walk in one task; ${rounds}`,
        },
        {
          name: 'overlay: longest task during the build (CPU)',
          value: medianOf(builds.subject, cpu),
          unit: 'ms',
          baseline: { name: 'bare walk in one task', value: medianOf(builds.baseline, cpu) },
          budget: { kind: 'value-max', limit: FRAME_BUDGET_MS },
          note: `main-thread tasks from the rebuild request to the tree's arrival in the parent, by the thread's own clock (Chromium trace); ${rounds}`,
        },
        {
          name: 'overlay: longest task during the build (wall)',
          value: medianOf(builds.subject, (sample) => sample.longest.wallMs),
          unit: 'ms',
          baseline: { name: 'bare walk in one task', value: medianOf(builds.baseline, (sample) => sample.longest.wallMs) },
          note: `the same tasks by the wall clock, which on a shared machine includes waiting for a core; ${rounds}`,
        },
        {
          name: 'overlay: … of which the longest slice (CPU)',
          value: medianOf(builds.subject, sliceCpu),
          unit: 'ms',
          baseline: { name: 'bare walk in one task', value: medianOf(builds.baseline, sliceCpu) },
          note: `the walk's own tasks: the request's message and the animation frames; ${rounds}`,
        },
        {
          name: 'overlay: … of which sending the tree (CPU)',
          value: medianOf(builds.subject, sendCpu),
          unit: 'ms',
          note: `the frame's tasks after the build: posting a NAV_TREE_PART of at most ${NAV_TREE_PART_NODES} nodes (its structured clone), reading the document's HTML, posting the end; ${rounds}`,
        },
        {
          name: 'overlay: … of which receiving the parts (CPU)',
          value: medianOf(builds.subject, receiveCpu),
          unit: 'ms',
          note: `the parent's tasks for each NAV_TREE_PART (its structured clone read back); ${rounds}`,
        },
        {
          name: 'overlay: the parent putting the tree together',
          value: medianOf(builds.subject, (sample) => sample.assembleMs ?? Number.NaN),
          unit: 'ms',
          note: `receiveNavTreeMessage on the NAV_TREE end: ${nodes} nodes linked to their parents, in the task of that message (the editor's side, after the measured window); ${rounds}`,
        },
        subtree,
        {
          name: 'overlay: ADD_CLASS message → class visible',
          value: medianOf(updates.subject, (sample) => sample.ms),
          unit: 'ms',
          baseline: { name: 'plain listener adds rule and class', value: medianOf(updates.baseline, (sample) => sample.ms) },
          budget: { kind: 'value-max', limit: Math.round(ONE_FRAME_MS * 10) / 10 },
          note: `on ${FIXTURE_ROWS} elements of one JSX site, posted at a random point of a frame; visible ${describeFrames(updates.subject)} rounds (plain: ${describeFrames(updates.baseline)}); ${rounds}`,
        },
      ] satisfies BenchRow[];
    } finally {
      await browser?.close();
      await child.stop();
    }
  },
};
