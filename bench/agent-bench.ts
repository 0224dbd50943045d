/**
 * A coding agent's change against a designer's, in Chromium against a real `dev --root` on a fresh copy of the
 * console with the studio open, and `plantation-studio mcp` driven by the MCP SDK's own client over stdio:
 *
 * - the agent: `apply_change` (`addClass` on the console's brand line), timed from just before the client's call
 *   to the first animation frame whose computed colour of the line has changed (the studio page's instant update,
 *   carried out for the agent through the bridge), each round undone with the agent's `undo`;
 * - the designer: the same class typed into the inspector's "Add class" field and Enter pressed (real key events),
 *   timed from the Enter to the same first frame, each round undone with the toolbar's Undo.
 *
 * Two variants, each in alternating rounds: a class new to the page (a colour of its own each round, which Tailwind
 * compiles on the way), and a utility whose rule the page already has (`underline`). Median and p95 of each side,
 * budget at most 1.2× on both, and at most 1.2× on the median for the whole change as finally seen (until the
 * hot-reloaded class).
 * Beside them, without a budget: how long the agent's call took to answer (the page's write included), when the
 * agent's change reached the page, its frame and the element, and whether a frame asked for the class's CSS (the
 * inspector asks while the class is typed; the agent route brings it with the change: neither frame should ask).
 */
import { readFile } from 'node:fs/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { BenchContext, BenchModule, BenchRow } from './bench-row.js';
import {
  ensureSelected,
  fromAction,
  FRAME_SELECTOR,
  frameClockOffset,
  hotReload,
  medianAndP95,
  nodeClock,
  PAINT_PROBE,
  pause,
  requestAfter,
  SETTLE_MS,
  TAILWIND_CSS_PATH,
  WAIT_MS,
  withStudioOnNewProject,
  type RequestTiming,
  type Studio,
} from './editor.js';
import { armEnterToStyle, armEnterToVisible, enterToVisibleEnded, pageClock, readEnterToVisible, type EnterToVisible } from './editor-page.js';
import { alternateRounds, median } from './statistics.js';

/** Changes a side makes (or `--rounds`, when that is more): enough for a p95. */
const AGENT_EDITS = 20;
const RATIO_BUDGET = 1.2;
const AGENT_PROBE = 'agentBenchPaint';
const HOPS_PROBE = 'agentBenchHops';

interface Sample {
  /** From the action (the call, or the Enter) to the first frame showing the change. */
  ms: number;
  /** From the action to the frame showing the written class by hot reload. */
  hotMs: number;
  /** The agent's call, from its start to its answer. */
  answerMs?: number;
  /** The frame's request for the class's CSS (the instant update asking Tailwind), relative to the action. */
  css: RequestTiming | null;
  /** The agent's: when the bridge's line reached the page, its frame the message, and the element the class. */
  hops?: { lineMs?: number | undefined; messageMs?: number | undefined; appliedMs?: number | undefined; frameBeforeMs?: number | undefined };
}

/** What the page's agent probe found: when the change was first painted, on the page's clock. */
interface ChangeToVisible {
  shownAt?: number;
  /** The animation frame before it, which did not show the change yet. */
  frameBeforeAt?: number;
  error?: string;
}

/**
 * Run in the studio page: from now on, checks every animation frame for the frame's element showing the class: its
 * computed `property` reading `expected`, or (with none) differing from what it is now.
 */
function armChangeToVisible(args: { probe: string; frameSelector: string; targetSelector: string; property: string; expected?: string; timeoutFrames: number }): void {
  type Styled = { getPropertyValue(property: string): string };
  type View = { document: { querySelector(selector: string): object | null }; getComputedStyle(element: object): Styled };
  const page = globalThis as unknown as View & { requestAnimationFrame(callback: () => void): void; [probe: string]: unknown };
  const frame = (page.document.querySelector(args.frameSelector) as { contentWindow?: View | null } | null)?.contentWindow;
  if (!frame) throw new Error(`no ${args.frameSelector} in the studio page`);
  const target = frame.document.querySelector(args.targetSelector);
  if (!target) throw new Error(`no ${args.targetSelector} in the console frame`);
  const before = frame.getComputedStyle(target).getPropertyValue(args.property);
  const outcome: ChangeToVisible = {};
  page[args.probe] = outcome;
  let frames = 0;
  const tick = () => {
    frames++;
    const element = frame.document.querySelector(args.targetSelector);
    const value = element ? frame.getComputedStyle(element).getPropertyValue(args.property) : before;
    const now = performance.timeOrigin + performance.now();
    if (args.expected === undefined ? value !== before : value === args.expected) outcome.shownAt = now;
    else if (frames >= args.timeoutFrames) outcome.error = `the change was not visible ${frames} frames after the call`;
    else {
      outcome.frameBeforeAt = now;
      page.requestAnimationFrame(tick);
    }
  };
  page.requestAnimationFrame(tick);
}

/** When, on the page's clock, each hop of the agent's change reached the studio page and its frame (the last round). */
interface Hops {
  /** The last chunk of a stream the studio page read (the bridge's line). */
  lineAt?: number;
  /** The frame's message asking it to apply the change. */
  messageAt?: number;
  /** The frame's element got the class's instant update. */
  appliedAt?: number;
}

/**
 * Run in the studio page before a call: notes when the page reads a stream chunk (the bridge's line), when its frame
 * hears the change's message and when the element's classes change, so the route's hops are told from the paint.
 */
function armHops(args: { probe: string; frameSelector: string; targetSelector: string }): void {
  type Reader = { prototype: { read(this: unknown): Promise<{ done: boolean }> } };
  type FrameView = {
    document: { querySelector(selector: string): object | null };
    addEventListener(type: string, listener: (event: { data: unknown }) => void, capture: boolean): void;
  };
  const page = globalThis as unknown as {
    document: { querySelector(selector: string): { contentWindow?: FrameView | null } | null };
    ReadableStreamDefaultReader: Reader;
    MutationObserver: new (callback: () => void) => { observe(target: object, options: object): void; disconnect(): void };
    [probe: string]: unknown;
  };
  const now = () => performance.timeOrigin + performance.now();
  const hops: Hops = {};
  page[args.probe] = hops;
  if (!page.agentBenchReadHooked) {
    page.agentBenchReadHooked = true;
    const read = page.ReadableStreamDefaultReader.prototype.read;
    page.ReadableStreamDefaultReader.prototype.read = function (this: unknown) {
      return read.call(this).then((result) => {
        const current = page[page.agentBenchHopsProbe as string] as Hops | undefined;
        if (!result.done && current) current.lineAt ??= now();
        return result;
      });
    };
  }
  page.agentBenchHopsProbe = args.probe;
  const frame = page.document.querySelector(args.frameSelector)?.contentWindow;
  if (!frame) return;
  const listener = (event: { data: unknown }) => {
    const data = event.data as { functionName?: unknown } | null;
    if (hops.messageAt === undefined && typeof data === 'object' && data !== null && JSON.stringify(data).includes('applyChangeItemToDocument')) hops.messageAt = now();
  };
  frame.addEventListener('message', listener, true);
  const target = frame.document.querySelector(args.targetSelector);
  if (!target) return;
  const observer = new page.MutationObserver(() => {
    hops.appliedAt ??= now();
    observer.disconnect();
  });
  observer.observe(target, { attributes: true, attributeFilter: ['class'] });
}

function readHops(probe: string): Hops | null {
  return ((globalThis as unknown as Record<string, Hops | undefined>)[probe] ?? null) as Hops | null;
}

function changeToVisibleEnded(probe: string): ChangeToVisible | null {
  const outcome = (globalThis as unknown as Record<string, ChangeToVisible | undefined>)[probe];
  return outcome && (outcome.shownAt !== undefined || outcome.error !== undefined) ? outcome : null;
}

const hex = (n: number) => (n % 256).toString(16).padStart(2, '0');
let counter = 0;

/** What a round adds, and the computed style that shows it in the frame. */
interface Variant {
  label: string;
  nextClass(): string;
  /** The property that shows the class: reading `expected`, or (with none) changing. */
  property: string;
  expected?: string;
}

const VARIANTS: readonly Variant[] = [
  // A colour no round shares, so each class is new to the page and to Tailwind.
  { label: 'a class new to the page', nextClass: () => `text-[#a0${hex(++counter)}40]`, property: 'color' },
  // A utility the console's pages use elsewhere: its rule is in the page's CSS already.
  { label: 'a utility the page has (underline)', nextClass: () => 'underline', property: 'text-decoration-line', expected: 'underline' },
];

function textOf(result: CallToolResult): string {
  return result.content.flatMap((content) => (content.type === 'text' ? [content.text] : [])).join('\n');
}

async function tool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) throw new Error(`${name} failed: ${textOf(result)}`);
  return textOf(result);
}

/** After a round: the hot reload has settled, the file is as it was, and the frame shows the line without the class. */
async function restored(studio: Studio, since: number, className: string, what: string): Promise<void> {
  await hotReload(studio, since, className, false);
  if ((await readFile(studio.formFile, 'utf8')) !== studio.original) throw new Error(`${what} did not restore ${studio.formFile} byte for byte`);
  await pause(SETTLE_MS);
}

async function agentEdit(studio: Studio, client: Client, brandId: string, variant: Variant): Promise<Sample> {
  const className = variant.nextClass();
  const offset = await frameClockOffset(studio.page.mainFrame());
  const style = { property: variant.property, ...(variant.expected ? { expected: variant.expected } : {}) };
  await studio.page.evaluate(armHops, { probe: HOPS_PROBE, frameSelector: FRAME_SELECTOR, targetSelector: studio.brandSelector });
  await studio.page.evaluate(armChangeToVisible, { probe: AGENT_PROBE, frameSelector: FRAME_SELECTOR, targetSelector: studio.brandSelector, ...style, timeoutFrames: 600 });
  const calledAt = nodeClock() + offset;
  await tool(client, 'apply_change', { kind: 'addClass', body: { reactElement: { codebaseId: brandId }, className } });
  const answeredAt = nodeClock() + offset;
  const paint = (await (await studio.page.waitForFunction(changeToVisibleEnded, AGENT_PROBE, { timeout: WAIT_MS })).jsonValue()) as ChangeToVisible;
  if (paint.shownAt === undefined) throw new Error(paint.error ?? 'no paint timing');
  const hopsAt = await studio.page.evaluate(readHops, HOPS_PROBE);
  const since = (at: number | undefined) => (at === undefined ? undefined : at - calledAt);
  const hops = { lineMs: since(hopsAt?.lineAt), messageMs: since(hopsAt?.messageAt), appliedMs: since(hopsAt?.appliedAt), frameBeforeMs: since(paint.frameBeforeAt) };
  const hot = fromAction(await hotReload(studio, calledAt, className, true), calledAt);
  const css = await requestAfter(studio.frame, TAILWIND_CSS_PATH, calledAt);
  await pause(SETTLE_MS);
  const undoneFrom = await studio.page.evaluate(pageClock);
  await tool(client, 'undo');
  await restored(studio, undoneFrom, className, "the agent's undo");
  return { ms: paint.shownAt - calledAt, hotMs: hot.hotMs, answerMs: answeredAt - calledAt, css, hops };
}

async function studioEdit(studio: Studio, variant: Variant): Promise<Sample> {
  const className = variant.nextClass();
  await ensureSelected(studio);
  const field = studio.inspector.getByLabel('Add class');
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(className);
  // The suggestions for the typed text render before the clock starts: the action measured is the Enter.
  await pause(200);
  const probe = { probe: PAINT_PROBE, frameSelector: FRAME_SELECTOR, targetSelector: studio.brandSelector, timeoutFrames: 600 };
  if (variant.expected === undefined) await studio.page.evaluate(armEnterToVisible, probe);
  else await studio.page.evaluate(armEnterToStyle, { ...probe, property: variant.property, expected: variant.expected });
  await field.press('Enter');
  const enterAt = (await studio.page.evaluate(readEnterToVisible, PAINT_PROBE))?.enterAt;
  if (enterAt === undefined) throw new Error('the Enter in the "Add class" field did not reach the studio page');
  const paint = (await (await studio.page.waitForFunction(enterToVisibleEnded, PAINT_PROBE, { timeout: WAIT_MS })).jsonValue()) as EnterToVisible;
  if (paint.ms === undefined) throw new Error(paint.error ?? 'no paint timing');
  const hot = fromAction(await hotReload(studio, enterAt, className, true), enterAt);
  const css = await requestAfter(studio.frame, TAILWIND_CSS_PATH, enterAt);
  await pause(SETTLE_MS);
  const undoneFrom = await studio.page.evaluate(pageClock);
  await studio.page.getByRole('button', { name: 'Undo', exact: true }).click();
  await restored(studio, undoneFrom, className, "the studio's undo");
  return { ms: paint.ms, hotMs: hot.hotMs, css };
}

const cssText = (css: RequestTiming | null) =>
  css ? `the frame asked for the class's CSS at ${css.startMs.toFixed(1)} ms, answered after ${css.ms.toFixed(1)} ms` : 'the frame asked for no CSS';

const at = (ms: number | undefined) => (ms === undefined ? '?' : ms.toFixed(1));
const hopsText = (sample: Sample) =>
  `line on the page at ${at(sample.hops?.lineMs)}, message in the frame at ${at(sample.hops?.messageMs)}, class on the element at ${at(sample.hops?.appliedMs)} ms, the animation frame before the paint at ${at(sample.hops?.frameBeforeMs)} ms`;

/** Where the agent's time went, hop by hop (medians of the rounds that saw each). */
function hopsNote(samples: readonly Sample[]): string {
  const medianOf = (pick: (sample: Sample) => number | undefined) => {
    const values = samples.flatMap((sample) => {
      const value = pick(sample);
      return value === undefined ? [] : [value];
    });
    return values.length ? median(values).toFixed(1) : '?';
  };
  return `the agent's change reached the studio page's bridge stream a median ${medianOf((s) => s.hops?.lineMs)} ms after the call, its frame's message at ${medianOf((s) => s.hops?.messageMs)} ms, the element's classes at ${medianOf((s) => s.hops?.appliedMs)} ms`;
}

/** Where the time went: how often each side's frame asked for the class's CSS, when and for how long (medians). */
function cssNote(side: string, samples: readonly Sample[]): string {
  const asked = samples.flatMap((sample) => (sample.css ? [sample.css] : []));
  if (asked.length === 0) return `${side}: the frame asked for no CSS`;
  return `${side}: the frame asked ${TAILWIND_CSS_PATH} for the class's CSS in ${asked.length} of ${samples.length} rounds, from a median ${median(asked.map((css) => css.startMs)).toFixed(1)} ms after the action, answered after ${median(asked.map((css) => css.ms)).toFixed(1)} ms`;
}

async function mcpClient(packageRoot: string, root: string): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [`${packageRoot}/bin/plantation-studio.js`, 'mcp', '--root', root], stderr: 'inherit' });
  const client = new Client({ name: 'agent-bench', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

async function variantRows(studio: Studio, client: Client, brandId: string, variant: Variant, context: BenchContext): Promise<BenchRow[]> {
  // One unrecorded round each: the first pays for compiling and warming caches on both sides.
  await agentEdit(studio, client, brandId, variant);
  await studioEdit(studio, variant);
  const edits = Math.max(AGENT_EDITS, context.rounds);
  const samples = await alternateRounds<'agent' | 'studio', Sample>(edits, {
    agent: async () => {
      const sample = await agentEdit(studio, client, brandId, variant);
      context.log(`  agent: shown after ${sample.ms.toFixed(1)} ms (${hopsText(sample)}; ${cssText(sample.css)}; the call answered after ${sample.answerMs!.toFixed(0)} ms)`);
      return sample;
    },
    studio: async () => {
      const sample = await studioEdit(studio, variant);
      context.log(`  studio: shown after ${sample.ms.toFixed(1)} ms (${cssText(sample.css)})`);
      return sample;
    },
  });
  const answers = samples.agent.map((sample) => sample.answerMs!);
  const instant = medianAndP95({
    name: `agent: apply_change of ${variant.label} → shown in the frame`,
    values: samples.agent.map((sample) => sample.ms),
    baselineName: 'the same class typed in the inspector, Enter → shown',
    baselineValues: samples.studio.map((sample) => sample.ms),
    medianBudget: { kind: 'ratio-max', limit: RATIO_BUDGET },
    p95Budget: { kind: 'ratio-max', limit: RATIO_BUDGET },
    note: `addClass on the sign-in page's brand line: from just before the MCP client's call (the SDK over stdio to plantation-studio mcp, then the agent call, the bridge to the studio page and its change engine) or from the Enter in "Add class" to the first animation frame whose computed ${variant.property} shows it; the agent's call answered after a median ${median(answers).toFixed(0)} ms (the page's write included); ${hopsNote(samples.agent)}; ${cssNote('agent', samples.agent)}; ${cssNote('studio', samples.studio)} (the inspector asks for it while the class is typed, and the Enter's change carries it); ${edits} changes each, in alternating rounds after one warm-up each, every round undone (the agent's undo; the toolbar's Undo)`,
  });
  // The whole change as the person finally sees it: the written class, hot reloaded into the frame.
  const written = medianAndP95({
    name: `agent: apply_change of ${variant.label} → written and hot reloaded in the frame`,
    values: samples.agent.map((sample) => sample.hotMs),
    baselineName: 'the same class typed in the inspector, Enter → hot reloaded',
    baselineValues: samples.studio.map((sample) => sample.hotMs),
    // On the median only, as the editor module's hot-reload rows: the p95 of 20 rounds of a write and a hot reload
    // is one or two slow rounds of either side.
    medianBudget: { kind: 'ratio-max', limit: RATIO_BUDGET },
    note: `the same rounds: from the call or the Enter to the frame's first animation frame showing the class on the element from the hot-reloaded module (the file written by the studio page's write, as a designer's): the route's fixed cost of a few milliseconds beside the write and the hot reload, which both sides wait for alike`,
  });
  return [...instant, ...written];
}

async function measure(studio: Studio, client: Client, context: BenchContext): Promise<BenchRow[]> {
  const brandId = /data-codebase-id="([^"]+)"/.exec(studio.brandSelector)?.[1];
  if (!brandId) throw new Error(`no codebase id in ${studio.brandSelector}`);
  const rows: BenchRow[] = [];
  for (const variant of VARIANTS) {
    context.log(`  ${variant.label}…`);
    rows.push(...(await variantRows(studio, client, brandId, variant, context)));
  }
  return rows;
}

export const agentBench: BenchModule = {
  name: 'agent',
  run: (context) =>
    withStudioOnNewProject(context, 'agent', async (studio, _server, root) => {
      const client = await mcpClient(context.root, root);
      try {
        return await measure(studio, client, context);
      } finally {
        await client.close();
      }
    }),
};
