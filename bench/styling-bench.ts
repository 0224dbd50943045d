/**
 * A style value set through the inspector's style controls as a designer does it, in Chromium against a real
 * `dev --root` on a fresh copy of the console: the console's brand line selected in the frame, a token's name typed
 * into the "Text colour" field (a combobox suggesting the project's colours) and Enter pressed. The server writes a
 * value equal to a token as its utility (`text-slate-700`), replacing the line's `text-emerald-700`. Two variants:
 *
 * - a utility the project already uses (its CSS is in the page already);
 * - a utility new to the project: a colour no file of the project names (`text-stone-300`), so Tailwind has to
 *   generate its rule (and its colour variable) on the way. Each round takes another such colour.
 *
 * Each is measured as the editor module measures a class (`bench/editor.ts`), in alternating rounds with its
 * baselines: from the Enter to the frame's element carrying the class from the hot-reloaded module, against Vite's
 * own hot reload of the same text written to the file (with that round's class), timed from the write; and from the
 * Enter to the first animation frame whose computed colour is the token's (the instant update), against a plain
 * listener adding a rule and a class. Budgets: hot reload at most 1.5× on the median, instant paint within one frame.
 * The frame's computed colour is also checked to be the token's once the hot reload is in, so a class without its
 * CSS (a new utility Tailwind did not generate) fails the round rather than being counted.
 */
import { readFile } from 'node:fs/promises';
import type { ProjectTheme } from '../contracts/project-theme.js';
import { STUDIO_API_PATHS, STUDIO_API_PREFIX } from '../contracts/studio-routes.js';
import type { BenchContext, BenchModule, BenchRow, Budget } from './bench-row.js';
import {
  changeEnded,
  describeFrames,
  ensureSelected,
  escapeRegExp,
  FRAME_SELECTOR,
  frameClockOffset,
  fromAction,
  HOT_RELOAD_RATIO_BUDGET,
  hotReload,
  medianAndP95,
  nodeClock,
  PAINT_PROBE,
  pause,
  plainPaint,
  plainWrite,
  requestAfter,
  SETTLE_MS,
  TAILWIND_CSS_PATH,
  WAIT_MS,
  withStudioOnNewProject,
  type HotSample,
  type RequestTiming,
  type Studio,
} from './editor.js';
import { armEnterToStyle, computedStyleOf, computedValueOf, enterToVisibleEnded, pageClock, readEnterToVisible, requestsDuring, type EnterToVisible } from './editor-page.js';
import { projectTexts, tokensNewTo } from './new-utilities.js';
import { ONE_FRAME_MS } from './overlay-bench.js';
import type { VisibleTiming } from './overlay-page.js';
import { alternateRounds, median } from './statistics.js';

/** Style edits a side makes per variant (or `--rounds`, when that is more). */
export const STYLE_EDITS = 10;
const FIELD = 'Text colour';
const PROPERTY = 'color';
const UTILITY = 'text';
/** The end of the path the editor posts a style change to. */
const STYLING_PATH = '/parseAndMutate/mutate/styling';
/** Colours the console's pages use for text: each has its utility's CSS in the page already. */
const USED_COLOURS = ['slate-700', 'slate-600', 'slate-900', 'slate-500'];
/** Colour families the console names nowhere; the module checks each shade against the project's files. */
const NEW_FAMILIES = ['stone', 'zinc', 'neutral', 'gray'];

type Variant = 'used' | 'new';

interface StyleSample extends HotSample {
  paint: VisibleTiming;
  token: string;
  written: string;
  change: RequestTiming | null;
  css: RequestTiming | null;
  /** The studio's API requests in flight from 1.5 s before the Enter to the change's answer, relative to the Enter. */
  around: string;
}

interface Tokens {
  /** The token's value as the theme states it, by name. */
  values: Map<string, string>;
  next: Record<Variant, () => string>;
}

async function readTokens(studio: Studio, url: string, root: string): Promise<Tokens> {
  const answer = await studio.page.request.get(`${url}${STUDIO_API_PREFIX}${STUDIO_API_PATHS.theme}`);
  if (answer.status() !== 200) throw new Error(`the theme route answered ${answer.status()}`);
  const theme = (await answer.json()) as ProjectTheme;
  const values = new Map(theme.scales.colors.map((token) => [token.name, token.value]));
  const missing = USED_COLOURS.filter((name) => !values.has(name));
  if (missing.length) throw new Error(`the console's theme has no ${missing.join(', ')}`);
  const texts = projectTexts(root);
  const unused = USED_COLOURS.filter((name) => tokensNewTo(texts, [name]).length > 0);
  if (unused.length) throw new Error(`the console does not use ${unused.join(', ')} any more: choose colours it uses`);
  const fresh = tokensNewTo(
    texts,
    theme.scales.colors.map((token) => token.name).filter((name) => NEW_FAMILIES.includes(name.replace(/-\d+$/, ''))),
  );
  let used = 0;
  return {
    values,
    next: {
      used: () => USED_COLOURS[used++ % USED_COLOURS.length]!,
      new: () => {
        const token = fresh.shift();
        if (!token) throw new Error(`no colour of ${NEW_FAMILIES.join(', ')} is left that the project never used`);
        return token;
      },
    },
  };
}

/** The token's colour as the frame computes it, what the element must show. */
async function expectedColour(studio: Studio, tokens: Tokens, token: string): Promise<string> {
  return studio.frame.evaluate(computedValueOf, { property: PROPERTY, value: tokens.values.get(token)! });
}

/** Waits until the brand line's computed colour is `expected` (the written class has its CSS). */
async function colourShown(studio: Studio, expected: string, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const shown = await studio.frame.evaluate(computedStyleOf, { selector: studio.brandSelector, property: PROPERTY });
    if (shown === expected) return;
    if (Date.now() > deadline) throw new Error(`${what}: the brand line's colour is ${shown}, not ${expected}, ${WAIT_MS / 1000} s later`);
    await pause(50);
  }
}

/** One colour set through the "Text colour" field (the token's name typed, Enter), timed, then undone. */
async function studioStyleEdit(studio: Studio, tokens: Tokens, token: string): Promise<StyleSample> {
  const { page } = studio;
  const className = `${UTILITY}-${token}`;
  const expected = await expectedColour(studio, tokens, token);
  await ensureSelected(studio);
  const field = studio.inspector.getByRole('combobox', { name: FIELD, exact: true });
  // The field speaks tokens once the theme has come (its placeholder names the line's token and value), as the
  // designer sees it; typed before, a token's name is refused.
  for (const deadline = Date.now() + WAIT_MS; !((await field.getAttribute('placeholder')) ?? '').includes(' · '); await pause(50)) {
    if (Date.now() > deadline) throw new Error(`the "${FIELD}" field shows no token of the theme (placeholder "${await field.getAttribute('placeholder')}")`);
  }
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(token);
  // The suggestions for the typed text render before the clock starts: the action measured is the Enter.
  await pause(200);
  await page.evaluate(armEnterToStyle, { probe: PAINT_PROBE, frameSelector: FRAME_SELECTOR, targetSelector: studio.brandSelector, property: PROPERTY, expected, timeoutFrames: 600 });
  await field.press('Enter');
  const enterAt = (await page.evaluate(readEnterToVisible, PAINT_PROBE))?.enterAt;
  if (enterAt === undefined) throw new Error(`the Enter in the "${FIELD}" field did not reach the studio page`);
  const hot = await hotReload(studio, enterAt, className, true).catch(async (error: unknown) => {
    const refused = studio.inspector.getByRole('alert');
    throw (await refused.count()) ? new Error(`the "${FIELD}" field refused ${token}: ${await refused.first().innerText()}`) : error;
  });
  const paint = (await (await page.waitForFunction(enterToVisibleEnded, PAINT_PROBE, { timeout: WAIT_MS })).jsonValue()) as EnterToVisible;
  if (paint.error !== undefined || paint.ms === undefined || paint.frames === undefined) throw new Error(paint.error ?? 'no paint timing');
  await colourShown(studio, expected, `after the hot reload of ${className}`);
  await changeEnded(studio, new RegExp(`^Set ${PROPERTY} to ${escapeRegExp(tokens.values.get(token)!)}`));
  const written = await readFile(studio.formFile, 'utf8');
  if (!written.includes(className)) throw new Error(`the studio reported ${PROPERTY} set to ${token}, but ${studio.formFile} does not have ${className}`);
  const change = await requestAfter(page, STYLING_PATH, enterAt);
  const css = await requestAfter(studio.frame, TAILWIND_CSS_PATH, enterAt);
  const during = change ? await page.evaluate(requestsDuring, { urlPart: STUDIO_API_PREFIX, from: enterAt - 1500, to: enterAt + change.startMs + change.ms }) : [];
  const around = during.map((request) => `${request.path.split('?')[0]!.replace(/^.*\/canvases\/[^/]+/, '…')} ${(request.startAt - enterAt).toFixed(0)}..${(request.endAt - enterAt).toFixed(0)}`).join(', ');

  await pause(SETTLE_MS);
  const undoneFrom = await page.evaluate(pageClock);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await hotReload(studio, undoneFrom, className, false);
  await changeEnded(studio, /^Undo.*/, studio.undone++);
  if ((await readFile(studio.formFile, 'utf8')) !== studio.original) throw new Error(`undo did not restore ${studio.formFile} byte for byte`);
  await pause(SETTLE_MS);
  return { token, written, change, css, around, ...fromAction(hot, enterAt), paint: { ms: paint.ms, frames: paint.frames } };
}

/**
 * Vite's own hot reload of the text the studio wrote, with this round's class, timed from the write to the class in
 * the frame; the colour is checked once it is in, then the original text written back and awaited.
 */
async function viteStyleEdit(studio: Studio, tokens: Tokens, template: { text: string; className: string }, token: string): Promise<HotSample> {
  const expected = await expectedColour(studio, tokens, token);
  const className = `${UTILITY}-${token}`;
  const offset = await frameClockOffset(studio.frame);
  const writtenAt = nodeClock() + offset;
  await plainWrite(studio.formFile, template.text.split(template.className).join(className));
  const hot = await hotReload(studio, writtenAt, className, true);
  await colourShown(studio, expected, `after Vite's hot reload of ${className}`);
  await pause(SETTLE_MS);
  const restoredAt = nodeClock() + offset;
  await plainWrite(studio.formFile, studio.original);
  await hotReload(studio, restoredAt, className, false);
  await pause(SETTLE_MS);
  return fromAction(hot, writtenAt);
}

async function variantRows(studio: Studio, tokens: Tokens, variant: Variant, context: BenchContext): Promise<BenchRow[]> {
  const warm = await studioStyleEdit(studio, tokens, tokens.next[variant]());
  const template = { text: warm.written, className: `${UTILITY}-${warm.token}` };
  if (template.text.split(template.className).length !== 2) throw new Error(`the studio wrote ${template.className} more than once`);
  await plainPaint(studio);
  await viteStyleEdit(studio, tokens, template, tokens.next[variant]());

  const edits = Math.max(STYLE_EDITS, context.rounds);
  const studioSamples: StyleSample[] = [];
  const plainPaints: VisibleTiming[] = [];
  const samples = await alternateRounds<'studio' | 'vite', HotSample>(edits, {
    studio: async () => {
      const sample = await studioStyleEdit(studio, tokens, tokens.next[variant]());
      const change = sample.change ? `change sent at ${sample.change.startMs.toFixed(0)}, answered at ${(sample.change.startMs + sample.change.ms).toFixed(0)}, ` : '';
      const css = sample.css ? `; the frame asked for CSS, ${sample.css.ms.toFixed(0)} ms` : '';
      context.log(
        `  studio ${variant} ${UTILITY}-${sample.token}: hot-reloaded class after ${sample.hotMs.toFixed(0)} ms (${change}module in at ${sample.arrivalMs.toFixed(0)}); instant colour painted after ${sample.paint.ms.toFixed(1)} ms (frame ${sample.paint.frames})${css}; requests: ${sample.around}`,
      );
      studioSamples.push(sample);
      return sample;
    },
    vite: async () => {
      const paint = await plainPaint(studio);
      plainPaints.push(paint);
      const token = tokens.next[variant]();
      const sample = await viteStyleEdit(studio, tokens, template, token);
      context.log(`  vite ${variant} ${UTILITY}-${token}: hot-reloaded class after ${sample.hotMs.toFixed(0)} ms (module in at ${sample.arrivalMs.toFixed(0)}); plain class painted after ${paint.ms.toFixed(1)} ms (frame ${paint.frames})`);
      return sample;
    },
  });

  const label = variant === 'used' ? 'a utility the project uses' : 'a utility new to the project';
  const which =
    variant === 'used'
      ? `a colour the console's pages already use (${USED_COLOURS.join(', ')} in turn)`
      : `a colour no file of the project names (${NEW_FAMILIES.join(', ')} shades, another each round on either side, so Tailwind generates each one's rule and variable)`;
  const rounds = `${edits} edits each, in alternating rounds after one warm-up each, every round undone`;
  const oneFrame: Budget = { kind: 'value-max', limit: Math.round(ONE_FRAME_MS * 10) / 10 };
  const changes = studioSamples.flatMap((sample) => (sample.change ? [sample.change] : []));
  const cssRequests = studioSamples.flatMap((sample) => (sample.css ? [sample.css] : []));
  const toArrival = (side: readonly HotSample[]) => median(side.map((sample) => sample.arrivalMs));
  return [
    ...medianAndP95({
      name: `styling: ${label} → hot-reloaded class`,
      values: samples.studio.map((sample) => sample.hotMs),
      baselineName: "Vite's hot reload of the same write",
      baselineValues: samples.vite.map((sample) => sample.hotMs),
      medianBudget: { kind: 'ratio-max', limit: HOT_RELOAD_RATIO_BUDGET },
      note: `${which}: from the Enter in "${FIELD}" (the token's name typed) or the write (Vite's side, the studio's text with that round's class, by fs.writeFile) to the first class change in the frame after the file's hot-reloaded module arrived (a median ${toArrival(samples.studio).toFixed(0)} ms against ${toArrival(samples.vite).toFixed(0)} ms to the module's arrival); the colour then checked in the frame; ${rounds}`,
    }),
    ...medianAndP95({
      name: `styling: ${label} → instant colour painted`,
      values: studioSamples.map((sample) => sample.paint.ms),
      baselineName: 'plain listener adds rule and class',
      baselineValues: plainPaints.map((paint) => paint.ms),
      medianBudget: oneFrame,
      p95Budget: oneFrame,
      note: `from the Enter to the first animation frame whose computed colour is the token's; in the first frame in ${describeFrames(studioSamples.map((sample) => sample.paint))} (plain: ${describeFrames(plainPaints)}); ${changes.length ? `the change's POST …${STYLING_PATH} took a median ${median(changes.map((request) => request.ms)).toFixed(0)} ms; ` : ''}${cssRequests.length ? `${cssRequests.length} of ${studioSamples.length} edits asked ${TAILWIND_CSS_PATH} for CSS (a median ${median(cssRequests.map((request) => request.ms)).toFixed(0)} ms)` : `no edit asked ${TAILWIND_CSS_PATH} for CSS`}; ${rounds}`,
    }),
  ];
}

export const stylingBench: BenchModule = {
  name: 'styling',
  run: (context) =>
    withStudioOnNewProject(context, 'styling', async (studio, server, root) => {
      const tokens = await readTokens(studio, server.match, root);
      context.log('  a utility the project uses…');
      const used = await variantRows(studio, tokens, 'used', context);
      context.log('  a utility new to the project…');
      const fresh = await variantRows(studio, tokens, 'new', context);
      return [...used, ...fresh];
    }),
};
