/**
 * The studio editor in Chromium against a real `dev --root` on a fresh copy of the console, driven as a designer
 * does (the console's brand line selected in the frame, a class typed into the inspector's "Add class" field and
 * Enter pressed), in alternating rounds with its baselines:
 *
 * - from the Enter to the frame's element carrying the class from the hot-reloaded module (not the instant
 *   update's stand-in class), against Vite's own hot reload of the same text written straight to the file, timed
 *   from the write; the same probe in the frame times both (the edited file's `?t=` copy arriving, then the first
 *   class change after it). Each round is undone (the studio's Undo; the original text written back) so every
 *   round starts from the same file. Budget: ratio at most 1.5 on the median;
 * - from the same Enter to the first animation frame whose computed style shows the class (the instant update),
 *   against a plain listener in the same frame adding a rule and class on a message. Budget: one frame.
 *
 * Where the studio's time goes is shown beside them, without budgets: the hot reload split at the module's arrival
 * (each part beside Vite's), the editor's change request (when it starts after the Enter, and how long the
 * server's engine and write take), Vite's hot reload of the same text written atomically as the engine writes it,
 * and the instant update's request for the class's CSS.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { chromium, type Browser, type Frame, type Locator, type Page } from '@playwright/test';
import { writeFileAtomically } from '../server/engine/atomic-write.js';
import { STUDIO_API_PATHS, STUDIO_API_PREFIX } from '../contracts/studio-routes.js';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.js';
import type { BenchContext, BenchModule, BenchRow, Budget } from './bench-row.js';
import { BANNER_URL } from '../test-support/spawn-ready.js';
import { spawnReady, type ReadyProcess } from './child-process.js';
import { finalShownAt, wrongCopyFrames } from './copy-frames.js';
import {
  armEnterToText,
  armEnterToVisible,
  blurActive,
  copiesSettled,
  editingInPlace,
  elementText,
  describeHotReloadLog,
  enterToVisibleEnded,
  firstRequestSince,
  hotReloadedWithout,
  hotReloadShown,
  hotReloadTextShown,
  installHotReloadProbe,
  installTextProbe,
  keepResourceTimings,
  pageClock,
  readEnterToVisible,
  sampleCopies,
  setElementText,
  stopCopies,
  type EnterToVisible,
  type HotReloadTiming,
} from './editor-page.js';
import { ONE_FRAME_MS } from './overlay-bench.js';
import { BASELINE_MESSAGE, installBaselineListener, timeToVisible, type VisibleTiming } from './overlay-page.js';
import { alternateRounds, median } from './statistics.js';

/** Class edits a side makes (or `--rounds`, when that is more): enough for a p95. */
export const CLASS_EDITS = 20;
export const HOT_RELOAD_RATIO_BUDGET = 1.5;

/** The sign-in form: what a fresh frame shows (no session), written in this one file. */
const FORM_FILE = ['src', 'features', 'account', 'credentials-form.tsx'];
const FORM_URL_PART = '/src/features/account/credentials-form.tsx';
const BRAND_TEXT = 'Plantation Admin';
const CANVAS_ID = 'editor-bench';
export const FRAME_SELECTOR = 'iframe[title^="Console: "]';
/** Where the overlay asks for an added class's CSS (the studio's Tailwind route). */
export const TAILWIND_CSS_PATH = `${STUDIO_API_PREFIX}${STUDIO_API_PATHS.tailwindCss}`;
/** The end of the path the editor posts an added class to. */
const ADD_CLASS_PATH = '/parseAndMutate/mutate/addClass';
const HOT_PROBE = 'editorBenchHotReload';
export const PAINT_PROBE = 'editorBenchPaint';
const TEXT_PROBE = 'editorBenchText';
const COPIES_PROBE = 'editorBenchCopies';
/** The attribute of the overlay's stand-in for an element the source does not have yet. */
const STAND_IN_ATTRIBUTE = 'data-studio-added';
/** What the editor and the frame do after a hot reload (the overlay rebuilds its nav tree 300 ms after a DOM change). */
export const SETTLE_MS = 800;
export const WAIT_MS = 30_000;
/** A baseline's restore that brings no hot reload by then is written once more. */
const RESTORE_WAIT_MS = 10_000;

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The bench process's clock, on the same scale as the pages' `performance.timeOrigin + performance.now()`. */
export const nodeClock = () => performance.timeOrigin + performance.now();

/** The editor and the overlay as they are now: the bench measures the built scripts the server serves. */
export function viteBuild(root: string, config: string): void {
  execFileSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', join(root, config), '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
}

export interface Studio {
  page: Page;
  /** The console's document in the canvas's first frame (hot reload keeps it; a full reload would not). */
  frame: Frame;
  layers: Locator;
  inspector: Locator;
  changes: Locator;
  /** The brand line the classes are added to, and the heading the plain listener changes. */
  brandSelector: string;
  headingSelector: string;
  headingId: string;
  /** The id the bench gave the frame's element, for the overlay bench's `timeToVisible`. */
  frameElementId: string;
  formFile: string;
  original: string;
  log: BenchContext['log'];
  /** Why restores of the baseline had to be written again (see `viteEdit`). */
  missedRestores: string[];
  /** What the `dev` server printed, for the message of a round that fails. */
  serverOutput: () => string;
  /** Undo items the change list has shown as succeeded so far. */
  undone: number;
}

/** One round of one side: from the action (Enter or write) to the class shown by the hot-reloaded module, and to that module's arrival. */
export interface HotSample {
  hotMs: number;
  arrivalMs: number;
}

/** A request of the studio's round: from the Enter to its start, and its own duration. */
export interface RequestTiming {
  startMs: number;
  ms: number;
}

interface StudioSample extends HotSample {
  paint: VisibleTiming;
  className: string;
  written: string;
  /** The change sent to the server (the engine's work and the file's write). */
  change: RequestTiming;
  /** The instant update's request for the class's CSS, when the frame made one. */
  css: RequestTiming | null;
}

/** The probe's timing, relative to the action that started it. */
export function fromAction(hot: HotReloadTiming, actionAt: number): HotSample {
  return { hotMs: hot.shownAt - actionAt, arrivalMs: hot.arrivedAt - actionAt };
}

/** The first request for `urlPart` the page made since the Enter, relative to it. */
export async function requestAfter(target: Page | Frame, urlPart: string, enterAt: number): Promise<RequestTiming | null> {
  const request = await target.evaluate(firstRequestSince, { urlPart, since: enterAt });
  return request && { startMs: request.startAt - enterAt, ms: request.endAt - request.startAt };
}

/** The nearest-rank percentile. */
function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The offset from the bench's clock to the frame's, from the exchange with the shortest round trip. */
export async function frameClockOffset(frame: Frame): Promise<number> {
  let best = { roundTrip: Number.POSITIVE_INFINITY, offset: 0 };
  for (let i = 0; i < 5; i++) {
    const sent = nodeClock();
    const there = await frame.evaluate(pageClock);
    const back = nodeClock();
    if (back - sent < best.roundTrip) best = { roundTrip: back - sent, offset: there - (sent + back) / 2 };
  }
  return best.offset;
}

/** Waits until the frame's probe saw the file's hot-reloaded module arrive after `since` and then the class change. */
export async function hotReload(studio: Studio, since: number, className: string, present: boolean, timeoutMs = WAIT_MS): Promise<HotReloadTiming> {
  const found = await studio.frame
    .waitForFunction(hotReloadShown, { probe: HOT_PROBE, since, className, present }, { timeout: timeoutMs, polling: 50 })
    .catch(async (error: unknown) => {
      const seen = await studio.frame.evaluate(describeHotReloadLog, { probe: HOT_PROBE, since }).catch((cause: unknown) => `the frame cannot tell (${String(cause).split('\n')[0]})`);
      const file = await readFile(studio.formFile, 'utf8');
      const onDisk = file === studio.original ? 'the original text' : file.includes(className) ? `the text with ${className}` : 'some other text';
      throw new Error(
        `the frame did not show ${className} ${present ? 'on' : 'off'} the element by hot reload within ${timeoutMs / 1000} s (${(error as Error).message.split('\n')[0]}): ${seen}; the file holds ${onDisk}; the server said: ${studio.serverOutput().slice(-2000)}`,
      );
    });
  const timing = (await found.jsonValue()) as HotReloadTiming | 'no probe';
  // The probe lives in the frame's document: gone means the page was reloaded in full instead of hot reloaded.
  if (timing === 'no probe') throw new Error(`the console frame was reloaded in full instead of hot reloaded; the server said: ${studio.serverOutput().slice(-1500)}`);
  return timing;
}

/** How long the frame must go without navigating before the rounds start. */
const QUIET_FRAME_MS = 4000;

export async function openStudio(browser: Browser, server: ReadyProcess, root: string, context: BenchContext): Promise<Studio> {
  const url = server.match;
  const browserContext = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  // tsx keeps function names by wrapping them in `__name(…)`; the functions handed to `evaluate` carry those calls.
  await browserContext.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  const page = await browserContext.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // A fresh copy's first page load makes Vite optimise its dependencies, which then reloads the page in full: the
  // rounds start once the frame has stopped navigating for a while.
  let lastNavigation = Date.now();
  page.on('framenavigated', () => (lastNavigation = Date.now()));
  await page.goto(`${url}/_studio/canvas/${CANVAS_ID}`);
  const frameLocator = page.frameLocator(FRAME_SELECTOR).first();
  await frameLocator.getByRole('heading', { name: 'Đăng nhập' }).waitFor({ timeout: 60_000 });
  for (const started = Date.now(); Date.now() - lastNavigation < QUIET_FRAME_MS && Date.now() - started < 60_000; ) await pause(250);
  await frameLocator.getByRole('heading', { name: 'Đăng nhập' }).waitFor({ timeout: 60_000 });
  const layers = page.getByRole('tree').first();
  await layers.getByRole('treeitem', { name: 'RouterProvider' }).waitFor({ timeout: 60_000 });
  if (errors.length) throw new Error(`the studio page failed: ${errors.join('; ')}`);
  const frame = page.frames().find((candidate) => new URL(candidate.url()).pathname === '/login');
  if (!frame) throw new Error('the canvas has no frame showing the sign-in page');

  const ids = await frame.evaluate((brandText) => {
    const find = (selector: string, test: (element: { textContent: string | null }) => boolean) => {
      const element = Array.from((globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<{ textContent: string | null; getAttribute(n: string): string | null }> } }).document.querySelectorAll(selector)).find(test);
      return element?.getAttribute('data-codebase-id') ?? null;
    };
    return { brand: find('p[data-codebase-id]', (e) => e.textContent === brandText), heading: find('h1[data-codebase-id]', () => true) };
  }, BRAND_TEXT);
  if (!ids.brand || !ids.heading) throw new Error(`the sign-in page has no "${BRAND_TEXT}" line or heading with a codebase id`);
  const frameElementId = await page.evaluate((selector) => {
    const element = (globalThis as unknown as { document: { querySelector(s: string): { id: string } | null } }).document.querySelector(selector)!;
    element.id ||= 'editor-bench-frame';
    return element.id;
  }, FRAME_SELECTOR);

  const formFile = join(root, ...FORM_FILE);
  const studio: Studio = {
    page,
    frame,
    layers,
    inspector: page.getByRole('region', { name: 'Element inspector' }),
    changes: page.getByRole('list', { name: 'Change list' }),
    brandSelector: `[data-codebase-id="${ids.brand}"]`,
    headingSelector: `[data-codebase-id="${ids.heading}"]`,
    headingId: ids.heading,
    frameElementId,
    formFile,
    original: await readFile(formFile, 'utf8'),
    serverOutput: server.output,
    missedRestores: [],
    log: context.log,
    undone: 0,
  };
  await page.evaluate(keepResourceTimings);
  await frame.evaluate(keepResourceTimings);
  await frame.evaluate(installHotReloadProbe, { probe: HOT_PROBE, fileUrlPart: FORM_URL_PART, selector: studio.brandSelector });
  await frame.evaluate(installBaselineListener, BASELINE_MESSAGE);
  await frame.evaluate(installTextProbe, { probe: TEXT_PROBE, fileUrlPart: FORM_URL_PART, selector: studio.brandSelector });
  context.log(`  studio open on ${url}/_studio/canvas/${CANVAS_ID}`);
  return studio;
}

/** The brand line selected, as a click in the frame does it; a hot reload normally keeps the selection. */
export async function ensureSelected(studio: Studio): Promise<void> {
  const selected = studio.layers.getByRole('treeitem', { name: 'p', selected: true });
  if (await selected.isVisible()) return;
  await studio.page.frameLocator(FRAME_SELECTOR).first().locator(studio.brandSelector).click();
  await selected.waitFor({ timeout: WAIT_MS });
}

/**
 * Waits until the change list shows more than `before` ended changes of this name (whatever its order); a failed
 * one is the run's failure, with the editor's text.
 */
export async function changeEnded(studio: Studio, humanName: RegExp, before = 0): Promise<void> {
  const ended = studio.changes.getByRole('listitem', { name: new RegExp(`${humanName.source}: (Succeeded|Failed)$`) });
  const deadline = Date.now() + WAIT_MS;
  while ((await ended.count()) <= before) {
    if (Date.now() > deadline) throw new Error(`the change list shows no end of the change ${humanName.source} within ${WAIT_MS / 1000} s`);
    await pause(50);
  }
  const failed = studio.changes.getByRole('listitem', { name: new RegExp(`${humanName.source}: Failed$`) });
  if ((await failed.count()) > 0) throw new Error(`the studio's change failed: ${(await failed.first().innerText()).replace(/\s+/g, ' ')}`);
}

/** Colours no round shares, so each class is new to the page and to Tailwind. */
const hex = (n: number) => (n % 256).toString(16).padStart(2, '0');
let counter = 0;

/** One class added through the inspector, timed, then undone from the toolbar. Returns the text the studio wrote. */
async function studioEdit(studio: Studio): Promise<StudioSample> {
  const { page } = studio;
  const className = `text-[#c8${hex(++counter)}00]`;
  await ensureSelected(studio);
  const field = studio.inspector.getByLabel('Add class');
  await field.fill(className);
  // The suggestions for the typed text render before the clock starts: the action measured is the Enter.
  await pause(200);
  await page.evaluate(armEnterToVisible, { probe: PAINT_PROBE, frameSelector: FRAME_SELECTOR, targetSelector: studio.brandSelector, timeoutFrames: 600 });
  await field.press('Enter');
  const enterAt = (await page.evaluate(readEnterToVisible, PAINT_PROBE))?.enterAt;
  if (enterAt === undefined) throw new Error('the Enter in the "Add class" field did not reach the studio page');
  const hot = await hotReload(studio, enterAt, className, true);
  const paint = (await (await page.waitForFunction(enterToVisibleEnded, PAINT_PROBE, { timeout: WAIT_MS })).jsonValue()) as EnterToVisible;
  if (paint.error !== undefined || paint.ms === undefined || paint.frames === undefined) throw new Error(paint.error ?? 'no paint timing');
  await changeEnded(studio, new RegExp(`^Add class ${escapeRegExp(className)}`));
  const written = await readFile(studio.formFile, 'utf8');
  if (!written.includes(className)) throw new Error(`the studio reported ${className} added, but ${FORM_FILE.join('/')} does not have it`);
  const change = await requestAfter(page, ADD_CLASS_PATH, enterAt);
  if (!change) throw new Error(`the studio page made no ${ADD_CLASS_PATH} request after the Enter`);
  const css = await requestAfter(studio.frame, TAILWIND_CSS_PATH, enterAt);

  await pause(SETTLE_MS);
  const undoneFrom = await page.evaluate(pageClock);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await hotReload(studio, undoneFrom, className, false);
  await changeEnded(studio, /^Undo.*/, studio.undone++);
  if ((await readFile(studio.formFile, 'utf8')) !== studio.original) throw new Error(`undo did not restore ${FORM_FILE.join('/')} byte for byte`);
  await pause(SETTLE_MS);
  return { className, written, change, css, ...fromAction(hot, enterAt), paint: { ms: paint.ms, frames: paint.frames } };
}

/** The paint baseline: a plain listener in the frame puts a rule and its class on the heading. */
export async function plainPaint(studio: Studio): Promise<VisibleTiming> {
  const n = ++counter;
  const paint = await studio.page.evaluate(timeToVisible, {
    frameElementId: studio.frameElementId,
    selector: studio.headingSelector,
    message: { type: BASELINE_MESSAGE, codebaseId: studio.headingId, className: `editor-bench-${n}`, css: `color: #00c8${hex(n)};` },
    timeoutFrames: 600,
  });
  await pause(SETTLE_MS);
  return paint;
}

type Write = (file: string, text: string) => Promise<void>;
export const plainWrite: Write = (file, text) => writeFile(file, text);
/** As the studio's engine writes: a temporary file in the project's `.plantation-studio/tmp/` renamed over the file. */
const atomicWrite: Write = (file, text) => writeFileAtomically(FORM_FILE.reduce((folder) => dirname(folder), file), file, text);

/**
 * The hot-reload baseline: the text the studio wrote for an edit (with this round's class) written straight to the
 * file, timed to the frame showing it; then the original text written back the same way.
 */
async function viteEdit(studio: Studio, template: { text: string; className: string }, write: Write): Promise<HotSample> {
  const className = `text-[#00c8${hex(++counter)}]`;
  const offset = await frameClockOffset(studio.frame);
  const text = template.text.split(template.className).join(className);
  const writtenAt = nodeClock() + offset;
  await write(studio.formFile, text);
  const hot = await hotReload(studio, writtenAt, className, true);

  // The restore is not timed: it waits until the editor and the frame are done with the edit, as the studio's undo does.
  await pause(SETTLE_MS);
  const restoredAt = nodeClock() + offset;
  await write(studio.formFile, studio.original);
  await hotReload(studio, restoredAt, className, false, RESTORE_WAIT_MS).catch(async (error: unknown) => {
    // Seen once on a loaded machine: the write of the original text brought no hot reload within 30 s. The next
    // rounds need the original in the frame; the count goes into the table's note.
    studio.missedRestores.push((error as Error).message.split('; the server said')[0]!);
    studio.log(`  ${studio.missedRestores.at(-1)}; writing it again`);
    const again = nodeClock() + offset;
    await write(studio.formFile, studio.original);
    await studio.frame.waitForFunction(hotReloadedWithout, { probe: HOT_PROBE, since: again, selector: studio.brandSelector, className }, { timeout: WAIT_MS, polling: 50 });
  });
  await pause(SETTLE_MS);
  return fromAction(hot, writtenAt);
}

/** A figure's median and p95 rows, each against its baseline's median and p95 in the same rounds. */
export function medianAndP95(figure: { name: string; values: number[]; baselineName: string; baselineValues: number[]; medianBudget?: Budget; p95Budget?: Budget; note: string }): BenchRow[] {
  const statistics = [
    { label: 'median', of: median, budget: figure.medianBudget },
    { label: 'p95', of: (values: readonly number[]) => percentile(values, 0.95), budget: figure.p95Budget },
  ];
  return statistics.map(({ label, of, budget }) => ({
    name: `${figure.name}: ${label}`,
    value: of(figure.values),
    unit: 'ms',
    baseline: { name: figure.baselineName, value: of(figure.baselineValues) },
    ...(budget ? { budget } : {}),
    note: figure.note,
  }));
}

export function describeFrames(samples: readonly VisibleTiming[]): string {
  return `${samples.filter((sample) => sample.frames === 1).length} of ${samples.length}`;
}

/** Text edits and copies a side makes (or `--rounds`, when that is more). */
export const TEXT_EDITS = 10;
export const COPY_ROUNDS = 5;

/** How many changes of this name the change list shows as ended (succeeded or failed). */
async function endedCount(studio: Studio, humanName: RegExp): Promise<number> {
  return studio.changes.getByRole('listitem', { name: new RegExp(`${humanName.source}: (Succeeded|Failed)$`) }).count();
}

/** Waits until the frame's text probe saw the file's module arrive after `since` and then the element show `text`. */
async function hotReloadText(studio: Studio, since: number, text: string, timeoutMs = WAIT_MS): Promise<HotReloadTiming> {
  const found = await studio.frame.waitForFunction(hotReloadTextShown, { probe: TEXT_PROBE, since, text }, { timeout: timeoutMs, polling: 50 }).catch(async (error: unknown) => {
    const shown = await studio.frame.evaluate(elementText, studio.brandSelector).catch(() => null);
    throw new Error(`the frame did not show "${text}" by hot reload within ${timeoutMs / 1000} s (${(error as Error).message.split('\n')[0]}); it shows "${shown}"; the server said: ${studio.serverOutput().slice(-1500)}`);
  });
  const timing = (await found.jsonValue()) as HotReloadTiming | 'no probe';
  if (timing === 'no probe') throw new Error(`the console frame was reloaded in full instead of hot reloaded; the server said: ${studio.serverOutput().slice(-1500)}`);
  return timing;
}

/** Undoes the last change from the toolbar and waits for the file to be the original again and the frame to show it. */
async function undoToOriginal(studio: Studio, shown: (since: number) => Promise<unknown>): Promise<void> {
  await pause(SETTLE_MS);
  const undoneFrom = await studio.page.evaluate(pageClock);
  await studio.page.getByRole('button', { name: 'Undo', exact: true }).click();
  await shown(undoneFrom);
  await changeEnded(studio, /^Undo.*/, studio.undone++);
  if ((await readFile(studio.formFile, 'utf8')) !== studio.original) throw new Error(`undo did not restore ${FORM_FILE.join('/')} byte for byte`);
  await pause(SETTLE_MS);
}

interface TextSample extends HotSample {
  paint: VisibleTiming;
  text: string;
  written: string;
}

/** The brand line edited in place (a click on the selected line, the text typed, Enter), timed, then undone. */
async function studioTextEdit(studio: Studio): Promise<TextSample> {
  const { page } = studio;
  const text = `Plantation Studio ${++counter}`;
  await ensureSelected(studio);
  // The second click starts editing once the inspector knows the text is static, as a designer sees it.
  const textField = studio.inspector.getByRole('textbox', { name: 'Element text' });
  for (const deadline = Date.now() + WAIT_MS; (await textField.inputValue().catch(() => '')) !== BRAND_TEXT; await pause(50)) {
    if (Date.now() > deadline) throw new Error(`the inspector does not show "${BRAND_TEXT}" as the selected line's text`);
  }
  await page.frameLocator(FRAME_SELECTOR).first().locator(studio.brandSelector).click();
  await studio.frame.waitForFunction(editingInPlace, studio.brandSelector, { timeout: WAIT_MS });
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  const before = await endedCount(studio, /^Edit text/);
  await page.evaluate(armEnterToText, { probe: PAINT_PROBE, frameSelector: FRAME_SELECTOR, targetSelector: studio.brandSelector, text, plain: false, timeoutFrames: 600 });
  await page.keyboard.press('Enter');
  const enterAt = (await page.evaluate(readEnterToVisible, PAINT_PROBE))?.enterAt;
  if (enterAt === undefined) throw new Error('the Enter in the text edited in place did not reach the console frame');
  const hot = await hotReloadText(studio, enterAt, text);
  const paint = (await (await page.waitForFunction(enterToVisibleEnded, PAINT_PROBE, { timeout: WAIT_MS })).jsonValue()) as EnterToVisible;
  if (paint.error !== undefined || paint.ms === undefined || paint.frames === undefined) throw new Error(paint.error ?? 'no paint timing');
  await changeEnded(studio, /^Edit text/, before);
  const written = await readFile(studio.formFile, 'utf8');
  if (!written.includes(`>${text}<`)) throw new Error(`the studio reported the text edited, but ${FORM_FILE.join('/')} does not have "${text}"`);
  await undoToOriginal(studio, (since) => hotReloadText(studio, since, BRAND_TEXT));
  return { text, written, ...fromAction(hot, enterAt), paint: { ms: paint.ms, frames: paint.frames } };
}

/** The text paint baseline: a plain Enter listener in the studio page sets the heading's text in the frame itself. */
async function plainTextPaint(studio: Studio): Promise<VisibleTiming> {
  const { page } = studio;
  const original = (await studio.frame.evaluate(elementText, studio.headingSelector)) ?? '';
  const text = `${original} ${++counter}`;
  // The Enter goes to the studio page, where the plain listener takes it before the editor's own keys.
  await page.evaluate(blurActive);
  await page.evaluate(armEnterToText, { probe: PAINT_PROBE, frameSelector: FRAME_SELECTOR, targetSelector: studio.headingSelector, text, plain: true, timeoutFrames: 600 });
  await page.keyboard.press('Enter');
  const paint = (await (await page.waitForFunction(enterToVisibleEnded, PAINT_PROBE, { timeout: WAIT_MS })).jsonValue()) as EnterToVisible;
  await studio.frame.evaluate(setElementText, { selector: studio.headingSelector, text: original });
  if (paint.error !== undefined || paint.ms === undefined || paint.frames === undefined) throw new Error(paint.error ?? 'no paint timing');
  await pause(SETTLE_MS);
  return { ms: paint.ms, frames: paint.frames };
}

/** The text's hot-reload baseline: the text the studio wrote (with this round's text) written straight to the file. */
async function viteTextEdit(studio: Studio, template: { text: string; written: string }): Promise<HotSample> {
  const text = `Plantation Vite ${++counter}`;
  const offset = await frameClockOffset(studio.frame);
  const writtenAt = nodeClock() + offset;
  await writeFile(studio.formFile, template.written.split(`>${template.text}<`).join(`>${text}<`));
  const hot = await hotReloadText(studio, writtenAt, text);
  await pause(SETTLE_MS);
  const restoredAt = nodeClock() + offset;
  await writeFile(studio.formFile, studio.original);
  await hotReloadText(studio, restoredAt, BRAND_TEXT);
  await pause(SETTLE_MS);
  return fromAction(hot, writtenAt);
}

type CopyKind = 'duplicate' | 'add';

interface CopiesSample {
  /** From the action to the first frame showing the one final element (no stand-in). */
  finalMs: number;
  /** Frames that showed two copies, or none once one had shown. */
  wrongFrames: number;
  frames: number;
}

const COPY_ACTIONS: Record<CopyKind, { selector: string; text: string; before: number; after: number; change: RegExp; written: (file: string) => boolean; act: (page: Page) => Promise<void> }> = {
  duplicate: {
    selector: 'p',
    text: BRAND_TEXT,
    before: 1,
    after: 2,
    change: /^Duplicate.*/,
    written: (file) => file.split(`>${BRAND_TEXT}<`).length === 3,
    act: (page) => page.keyboard.press('ControlOrMeta+d'),
  },
  add: {
    selector: 'button',
    text: 'Button',
    before: 0,
    after: 1,
    change: /^Add <button>.*/,
    written: (file) => file.includes('>Button</button>'),
    act: (page) => page.getByRole('button', { name: 'Add Button', exact: true }).click(),
  },
};

/** The brand line duplicated (Ctrl+D), or a button added into it from the palette, sampled at every frame, then undone. */
async function copiesRound(studio: Studio, kind: CopyKind): Promise<CopiesSample> {
  const action = COPY_ACTIONS[kind];
  const { page } = studio;
  await ensureSelected(studio);
  const before = await endedCount(studio, action.change);
  await page.evaluate(sampleCopies, { probe: COPIES_PROBE, frameSelector: FRAME_SELECTOR, scopeSelector: 'main', selector: action.selector, text: action.text, standInAttribute: STAND_IN_ATTRIBUTE });
  await action.act(page);
  await changeEnded(studio, action.change, before);
  for (const deadline = Date.now() + WAIT_MS; !action.written(await readFile(studio.formFile, 'utf8')); await pause(50)) {
    if (Date.now() > deadline) throw new Error(`the studio reported the ${kind} done, but ${FORM_FILE.join('/')} does not have it`);
  }
  // Sampled until the stand-in has gone and the hot-reloaded element has stood a moment.
  await studio.frame.waitForFunction(copiesSettled, { standInAttribute: STAND_IN_ATTRIBUTE, selector: action.selector, text: action.text, count: action.after, since: 0 }, { timeout: WAIT_MS, polling: 50 });
  await pause(500);
  const log = await page.evaluate(stopCopies, COPIES_PROBE);
  if (log.actionAt === undefined) throw new Error(`the ${kind} did not reach the studio page or the frame`);
  const finalAt = finalShownAt(log.samples, action.after);
  if (finalAt === undefined) throw new Error(`no frame showed the ${kind}'s one final element`);
  const sample = { finalMs: finalAt - log.actionAt, wrongFrames: wrongCopyFrames(log.samples.map((entry) => entry.count), action.before, action.after), frames: log.samples.length };
  await undoToOriginal(studio, (since) =>
    studio.frame.waitForFunction(copiesSettled, { standInAttribute: STAND_IN_ATTRIBUTE, selector: action.selector, text: action.text, count: action.before, since }, { timeout: WAIT_MS, polling: 50 }),
  );
  return sample;
}

/** The text edit's rounds (studio, Vite's hot reload of its write, the plain paint) and their rows. */
async function textEditRows(studio: Studio, context: BenchContext): Promise<BenchRow[]> {
  const warm = await studioTextEdit(studio);
  await viteTextEdit(studio, warm);
  await plainTextPaint(studio);
  const edits = Math.max(TEXT_EDITS, context.rounds);
  const samples = await alternateRounds<'studio' | 'vite' | 'plain', TextSample | HotSample | VisibleTiming>(edits, {
    studio: async () => {
      const sample = await studioTextEdit(studio);
      context.log(`  studio text: hot-reloaded text after ${sample.hotMs.toFixed(0)} ms (module in at ${sample.arrivalMs.toFixed(0)}); text committed and painted after ${sample.paint.ms.toFixed(1)} ms (frame ${sample.paint.frames})`);
      return sample;
    },
    vite: async () => {
      const sample = await viteTextEdit(studio, warm);
      context.log(`  vite text: hot-reloaded text after ${sample.hotMs.toFixed(0)} ms (module in at ${sample.arrivalMs.toFixed(0)})`);
      return sample;
    },
    plain: async () => {
      const paint = await plainTextPaint(studio);
      context.log(`  plain text: painted after ${paint.ms.toFixed(1)} ms (frame ${paint.frames})`);
      return paint;
    },
  });
  const studioSamples = samples.studio as TextSample[];
  const plainPaints = samples.plain as VisibleTiming[];
  const rounds = `${edits} text edits each, in alternating rounds after one warm-up each, every round undone`;
  const oneFrame: Budget = { kind: 'value-max', limit: Math.round(ONE_FRAME_MS * 10) / 10 };
  return [
    ...medianAndP95({
      name: 'editor: text edit → hot-reloaded text',
      values: studioSamples.map((sample) => sample.hotMs),
      baselineName: "Vite's hot reload of the same write",
      baselineValues: (samples.vite as HotSample[]).map((sample) => sample.hotMs),
      medianBudget: { kind: 'ratio-max', limit: HOT_RELOAD_RATIO_BUDGET },
      note: `from the Enter in the brand line edited in place (studio) or the write (Vite) to the first change in the frame, after the file's hot-reloaded module arrived, that leaves the line showing the new text and not in editing; ${rounds}`,
    }),
    ...medianAndP95({
      name: 'editor: Enter → instant text painted',
      values: studioSamples.map((sample) => sample.paint.ms),
      baselineName: 'plain Enter listener sets the text',
      baselineValues: plainPaints.map((paint) => paint.ms),
      medianBudget: oneFrame,
      p95Budget: oneFrame,
      note: `from the Enter to the first animation frame showing the new text with the in-place editing ended; in the first frame in ${describeFrames(studioSamples.map((sample) => sample.paint))} (plain: ${describeFrames(plainPaints)}); ${rounds}`,
    }),
  ];
}

/** The duplicate's and the add's rounds and their rows: time to the final element, and the frames that were wrong. */
async function copiesRows(studio: Studio, context: BenchContext): Promise<BenchRow[]> {
  await copiesRound(studio, 'duplicate');
  await copiesRound(studio, 'add');
  const rounds = Math.max(COPY_ROUNDS, context.rounds);
  const samples = await alternateRounds<CopyKind, CopiesSample>(rounds, {
    duplicate: async () => {
      const sample = await copiesRound(studio, 'duplicate');
      context.log(`  duplicate: final element after ${sample.finalMs.toFixed(0)} ms; ${sample.wrongFrames} of ${sample.frames} frames showed two copies or none`);
      return sample;
    },
    add: async () => {
      const sample = await copiesRound(studio, 'add');
      context.log(`  add: final element after ${sample.finalMs.toFixed(0)} ms; ${sample.wrongFrames} of ${sample.frames} frames showed two or none`);
      return sample;
    },
  });
  const labels: Record<CopyKind, string> = { duplicate: 'duplicate (Ctrl+D)', add: 'add from the palette' };
  return (Object.keys(labels) as CopyKind[]).flatMap((kind) => {
    const side = samples[kind];
    const frames = side.reduce((sum, sample) => sum + sample.frames, 0);
    const what = kind === 'duplicate' ? `the brand line's copies (before 1, after 2)` : `buttons reading "Button" (before 0, after 1)`;
    return [
      {
        name: `editor: ${labels[kind]} → the one final element`,
        value: median(side.map((sample) => sample.finalMs)),
        unit: 'ms',
        note: `from the ${kind === 'duplicate' ? 'Ctrl+D' : "palette item's click"} to the first animation frame showing the final count with no stand-in among them (the hot-reloaded element); median of ${rounds} rounds after one warm-up, every round undone`,
      },
      {
        name: `editor: ${labels[kind]}: frames showing two or none`,
        value: side.reduce((sum, sample) => sum + sample.wrongFrames, 0),
        unit: 'frames',
        budget: { kind: 'value-max', limit: 0 },
        note: `animation frames of the console page in which ${what} numbered anything but before, then after once it first showed; of ${frames} frames sampled in ${rounds} rounds`,
      },
    ] satisfies BenchRow[];
  });
}

/**
 * Runs `measure` on the studio of a new `init` copy of the console, on a `dev` of the built CLI (the overlay and the
 * editor built first), in its own Chromium; everything is stopped and removed afterwards, whatever happens.
 */
export async function withStudioOnNewProject<T>(
  context: BenchContext,
  name: string,
  measure: (studio: Studio, server: ReadyProcess, root: string) => Promise<T>,
): Promise<T> {
  context.log('  building the overlay and the editor…');
  viteBuild(context.root, join('overlay', 'vite.config.ts'));
  viteBuild(context.root, join('client', 'editor', 'vite.config.ts'));
  const dir = await mkdtemp(join(tmpdir(), `plantation-studio-bench-${name}-`));
  const root = join(dir, 'console');
  const cli = join(context.root, 'bin', 'plantation-studio.js');
  let child: ReadyProcess | undefined;
  let browser: Browser | undefined;
  try {
    await promisify(execFile)(process.execPath, [cli, 'init', root]);
    child = await spawnReady(process.execPath, [cli, 'dev', '--root', root, '--port', '0'], { cwd: context.root, ready: BANNER_URL });
    browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
    return await measure(await openStudio(browser, child, root, context), child, root);
  } finally {
    await browser?.close();
    await child?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

export const editorBench: BenchModule = {
  name: 'editor',
  run: (context) =>
    withStudioOnNewProject(context, 'editor', async (studio) => {
    // The text edits and copies first: each warms up with a round of its own.
    context.log('  text edits…');
    const textRows = await textEditRows(studio, context);
    context.log('  duplicates and adds…');
    const copyRows = await copiesRows(studio, context);
    context.log('  class edits…');

    // One unrecorded round each: the first edit pays for compiling the code and warming the caches, and gives
    // the text the studio writes, which the baselines write with their own classes.
    const warm = await studioEdit(studio);
    const template = { text: warm.written, className: warm.className };
    if (template.text.split(template.className).length !== 2) throw new Error(`the studio wrote ${template.className} more than once`);
    await plainPaint(studio);
    await viteEdit(studio, template, plainWrite);
    await viteEdit(studio, template, atomicWrite);

    const edits = Math.max(CLASS_EDITS, context.rounds);
    // The studio's rounds also time its requests and paint, and the plain write's its paint baseline.
    const studioSamples: StudioSample[] = [];
    const plainPaints: VisibleTiming[] = [];
    const samples = await alternateRounds<'studio' | 'vite' | 'atomic', HotSample>(edits, {
      studio: async () => {
        const sample = await studioEdit(studio);
        context.log(
          `  studio: hot-reloaded class after ${sample.hotMs.toFixed(0)} ms (change sent at ${sample.change.startMs.toFixed(0)}, answered at ${(sample.change.startMs + sample.change.ms).toFixed(0)}, module in at ${sample.arrivalMs.toFixed(0)}); instant class painted after ${sample.paint.ms.toFixed(1)} ms (frame ${sample.paint.frames})`,
        );
        studioSamples.push(sample);
        return sample;
      },
      vite: async () => {
        const paint = await plainPaint(studio);
        plainPaints.push(paint);
        const sample = await viteEdit(studio, template, plainWrite);
        context.log(`  vite: hot-reloaded class after ${sample.hotMs.toFixed(0)} ms (module in at ${sample.arrivalMs.toFixed(0)}); plain class painted after ${paint.ms.toFixed(1)} ms (frame ${paint.frames})`);
        return sample;
      },
      atomic: async () => {
        const sample = await viteEdit(studio, template, atomicWrite);
        context.log(`  vite, atomic write: hot-reloaded class after ${sample.hotMs.toFixed(0)} ms (module in at ${sample.arrivalMs.toFixed(0)})`);
        return sample;
      },
    });

    const cssRequests = studioSamples.flatMap((sample) => (sample.css ? [sample.css] : []));
    const changes = studioSamples.map((sample) => sample.change);
    const missed = studio.missedRestores.length ? `; ${studio.missedRestores.length} baseline restores brought no hot reload and were written again` : '';
    const rounds = `${edits} class edits each, in alternating rounds after one warm-up each, every round undone${missed}`;
    const hotNote = `from the Enter in "Add class" (studio) or the write (Vite) to the first class change in the frame after the file's hot-reloaded module arrived; Vite's side writes the studio's text with fs.writeFile; ${rounds}`;
    const toArrival = (side: readonly HotSample[]) => median(side.map((sample) => sample.arrivalMs));
    const afterArrival = (side: readonly HotSample[]) => median(side.map((sample) => sample.hotMs - sample.arrivalMs));
    const paintNote = `from the Enter in "Add class" to the first animation frame whose computed colour shows the class, the instant update with CSS from the server's Tailwind; in the first frame in ${describeFrames(studioSamples.map((sample) => sample.paint))} (plain: ${describeFrames(plainPaints)}); ${rounds}`;
    const oneFrame: Budget = { kind: 'value-max', limit: Math.round(ONE_FRAME_MS * 10) / 10 };
    return [
      ...medianAndP95({
        name: 'editor: class edit → hot-reloaded class',
        values: samples.studio.map((sample) => sample.hotMs),
        baselineName: "Vite's hot reload of the same write",
        baselineValues: samples.vite.map((sample) => sample.hotMs),
        medianBudget: { kind: 'ratio-max', limit: HOT_RELOAD_RATIO_BUDGET },
        note: hotNote,
      }),
      {
        name: "editor: … of which to the module's arrival",
        value: toArrival(samples.studio),
        unit: 'ms',
        baseline: { name: 'from the write', value: toArrival(samples.vite) },
        note: `from the Enter (studio) or the write (Vite) to the end of the frame's fetch of the file's hot-reloaded module (its URL with ?t=); ${rounds}`,
      },
      {
        name: "editor: … of which the module's arrival → class shown",
        value: afterArrival(samples.studio),
        unit: 'ms',
        baseline: { name: 'the same after the write', value: afterArrival(samples.vite) },
        note: `from that module's arrival to the class change in the frame: the hot update as Vite's client runs it (a module that cannot be fast-refreshed alone brings its importers' update too), on the main thread the same-origin frame shares with the editor; ${rounds}`,
      },
      {
        name: 'editor: … of which Enter → change sent',
        value: median(changes.map((request) => request.startMs)),
        unit: 'ms',
        note: `from the Enter to the start of the editor's POST …${ADD_CLASS_PATH} (the editor sends a change once its instant update has been applied); median of ${changes.length} edits`,
      },
      {
        name: 'editor: … of which the change request',
        value: median(changes.map((request) => request.ms)),
        unit: 'ms',
        note: `the POST …${ADD_CLASS_PATH} from its start to its answer: the server's engine and the file's write; median of ${changes.length} edits`,
      },
      {
        name: "editor: Vite's hot reload of an atomic write",
        value: median(samples.atomic.map((sample) => sample.hotMs)),
        unit: 'ms',
        baseline: { name: 'the same text by fs.writeFile', value: median(samples.vite.map((sample) => sample.hotMs)) },
        note: `the studio's engine writes a temporary file and renames it over the source (from the project's .plantation-studio/tmp/); the same text written so, from the write to the class in the frame as above (a median ${toArrival(samples.atomic).toFixed(0)} ms to the module's arrival); ${rounds}`,
      },
      ...medianAndP95({
        name: 'editor: Enter → instant class painted',
        values: studioSamples.map((sample) => sample.paint.ms),
        baselineName: 'plain listener adds rule and class',
        baselineValues: plainPaints.map((paint) => paint.ms),
        medianBudget: oneFrame,
        p95Budget: oneFrame,
        note: paintNote,
      }),
      ...(cssRequests.length
        ? [
            {
              name: "editor: … of which the instant update's CSS request",
              value: median(cssRequests.map((request) => request.ms)),
              unit: 'ms',
              note: `the frame's POST ${TAILWIND_CSS_PATH} for the added class (made when the editor had no CSS for it from the typing), from its start, a median ${median(cssRequests.map((request) => request.startMs)).toFixed(1)} ms after the Enter, to its answer; ${cssRequests.length} of ${samples.studio.length} edits made one`,
            },
          ]
        : []),
      ...textRows,
      ...copyRows,
    ] satisfies BenchRow[];
    }),
};
