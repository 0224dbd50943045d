/**
 * What the editor bench runs inside the browser: a probe in the console frame that notes when the edited module
 * arrives by hot reload and when the element's class attribute changes, and a probe in the studio page that times
 * the Enter in the "Add class" field to the first animation frame showing the class. Each function is handed to
 * Playwright's `evaluate`, so it is self-contained: no imports, no outer variables. Times are
 * `performance.timeOrigin + performance.now()`, one clock for the studio page, its frame and (after calibration)
 * the bench process.
 */

// The browser globals these functions touch, declared for this module alone: the bench is compiled with the node
// project, where the DOM lib would retype node's own globals for every file.
interface PageElement {
  getAttribute(name: string): string | null;
  addEventListener(type: 'keydown', listener: (event: { key: string }) => void, capture: boolean): void;
  removeEventListener(type: 'keydown', listener: (event: { key: string }) => void, capture: boolean): void;
}
interface PageDocument {
  body: PageElement;
  querySelector(selectors: string): PageElement | null;
}
interface PageWindow extends PageElement {
  document: PageDocument;
  getComputedStyle(element: PageElement): { color: string };
}
interface ResourceEntry {
  name: string;
  startTime: number;
  responseEnd: number;
}
declare const window: PageWindow & Record<string, unknown>;
declare const document: PageDocument;
declare const MutationObserver: new (callback: () => void) => {
  observe(target: PageElement, options: { subtree: boolean; childList: boolean; attributes: boolean; attributeFilter: string[] }): void;
};
declare const PerformanceObserver: new (callback: (list: { getEntries(): ResourceEntry[] }) => void) => { observe(options: { type: 'resource' }): void };
declare const performance: { timeOrigin: number; now(): number; setResourceTimingBufferSize(size: number): void; getEntriesByType(type: 'resource'): ResourceEntry[] };
declare function requestAnimationFrame(callback: (time: number) => void): number;

/** What the frame's probe has seen since it was installed. */
export interface HotReloadLog {
  /** When each hot-reloaded copy of the watched file (`?t=` in its URL) finished arriving. */
  arrivals: number[];
  /** After each batch of DOM changes: the time, and the watched element's class attribute then. */
  classes: { at: number; value: string | null }[];
}

/**
 * Run in the console frame: notes every arrival of a hot-reloaded copy of the file whose URL contains `fileUrlPart`
 * and, after every change to the page's elements or their classes, the class attribute of `selector` (the element
 * may be put back as a new node by a hot reload, so the whole body is watched, not the node).
 */
export function installHotReloadProbe(args: { probe: string; fileUrlPart: string; selector: string }): void {
  const log: HotReloadLog = { arrivals: [], classes: [] };
  window[args.probe] = log;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name.includes(args.fileUrlPart) && /[?&]t=\d+/.test(entry.name)) log.arrivals.push(performance.timeOrigin + entry.responseEnd);
    }
  }).observe({ type: 'resource' });
  new MutationObserver(() => {
    log.classes.push({ at: performance.timeOrigin + performance.now(), value: document.querySelector(args.selector)?.getAttribute('class') ?? null });
  }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
}

export interface HotReloadTiming {
  /** When the hot-reloaded module had arrived. */
  arrivedAt: number;
  /** The first DOM change after it that left the element with the class (or without it). */
  shownAt: number;
}

/**
 * Run in the console frame (polled): the first arrival of the watched file after `since`, and the first class
 * change after that arrival that leaves `className` on the element (`present`) or off it; null until both happened.
 * A class change before the module arrived is the instant update's, or someone else's: never counted.
 */
export function hotReloadShown(args: { probe: string; since: number; className: string; present: boolean }): HotReloadTiming | 'no probe' | null {
  const log = window[args.probe] as HotReloadLog | undefined;
  if (!log) return 'no probe';
  const arrivedAt = log.arrivals.find((at) => at >= args.since);
  if (arrivedAt === undefined) return null;
  const shown = log.classes.find((entry) => entry.at >= arrivedAt && (entry.value ?? '').split(/\s+/).includes(args.className) === args.present);
  return shown ? { arrivedAt, shownAt: shown.at } : null;
}

/**
 * Run in the console frame (polled): true once a hot-reloaded copy of the watched file arrived after `since` and the
 * element is without `className` (whichever hot reload took it off).
 */
export function hotReloadedWithout(args: { probe: string; since: number; selector: string; className: string }): boolean {
  const log = window[args.probe] as HotReloadLog | undefined;
  if (!log?.arrivals.some((at) => at >= args.since)) return false;
  return !(document.querySelector(args.selector)?.getAttribute('class') ?? '').split(/\s+/).includes(args.className);
}

/** Run in the console frame: what the probe saw since `since`, for a message when the awaited change never came. */
export function describeHotReloadLog(args: { probe: string; since: number }): string {
  const log = window[args.probe] as HotReloadLog | undefined;
  if (!log) return 'the frame has no probe (reloaded in full?)';
  const after = (at: number) => `${(at - args.since).toFixed(0)} ms`;
  const arrivals = log.arrivals.filter((at) => at >= args.since).map(after);
  const classes = log.classes.filter((entry) => entry.at >= args.since).slice(-3).map((entry) => `${after(entry.at)}: "${entry.value}"`);
  return `modules arrived at ${arrivals.join(', ') || 'none'}; the element's last classes ${classes.join('; ') || 'unchanged'}`;
}

/** What the studio page's paint probe measured. */
export interface EnterToVisible {
  /** When the Enter key reached the studio page. */
  enterAt?: number;
  /** From the Enter to the first animation frame whose computed style shows the change. */
  ms?: number;
  /** Animation frames until then: 1 is the first frame after the Enter. */
  frames?: number;
  error?: string;
}

/**
 * Run in the studio page before the Enter is pressed: on the next Enter anywhere in the page (caught before the
 * editor's own handler sees it), checks the computed colour of `targetSelector` in the console frame in every
 * animation frame until it differs from what it is now, as `timeToVisible` of the overlay bench does after its
 * message; the outcome is left in `window[probe]`.
 */
export function armEnterToVisible(args: { probe: string; frameSelector: string; targetSelector: string; timeoutFrames: number }): void {
  const frameWindow = (document.querySelector(args.frameSelector) as (PageElement & { contentWindow?: PageWindow | null }) | null)?.contentWindow;
  if (!frameWindow) throw new Error(`no ${args.frameSelector} in the studio page`);
  const target = frameWindow.document.querySelector(args.targetSelector);
  if (!target) throw new Error(`no ${args.targetSelector} in the console frame`);
  const before = frameWindow.getComputedStyle(target).color;
  const outcome: EnterToVisible = {};
  window[args.probe] = outcome;
  const onKey = (event: { key: string }) => {
    if (event.key !== 'Enter') return;
    window.removeEventListener('keydown', onKey, true);
    const pressed = performance.now();
    outcome.enterAt = performance.timeOrigin + pressed;
    let frames = 0;
    const tick = () => {
      frames++;
      const element = frameWindow.document.querySelector(args.targetSelector);
      if (element && frameWindow.getComputedStyle(element).color !== before) {
        outcome.ms = performance.now() - pressed;
        outcome.frames = frames;
      } else if (frames >= args.timeoutFrames) outcome.error = `the class was not visible ${frames} frames after the Enter`;
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };
  window.addEventListener('keydown', onKey, true);
}

/** Run in the studio page: what the paint probe has measured so far. */
export function readEnterToVisible(probe: string): EnterToVisible | null {
  return (window[probe] as EnterToVisible | undefined) ?? null;
}

/** Run in the studio page (polled): the paint probe's outcome once it has one. */
export function enterToVisibleEnded(probe: string): EnterToVisible | null {
  const outcome = window[probe] as EnterToVisible | undefined;
  return outcome && (outcome.ms !== undefined || outcome.error !== undefined) ? outcome : null;
}

/**
 * Run in any page: keeps every resource timing entry from now on (a console page in dev loads hundreds of modules,
 * and the default buffer of 250 entries would already be full).
 */
export function keepResourceTimings(): void {
  performance.setResourceTimingBufferSize(100_000);
}

/** Run in any page: the first request whose URL contains `urlPart` that started at or after `since`, if any. */
export function firstRequestSince(args: { urlPart: string; since: number }): { startAt: number; endAt: number } | null {
  const entry = performance
    .getEntriesByType('resource')
    .find((candidate) => candidate.name.includes(args.urlPart) && performance.timeOrigin + candidate.startTime >= args.since);
  return entry ? { startAt: performance.timeOrigin + entry.startTime, endAt: performance.timeOrigin + entry.responseEnd } : null;
}

/** Run anywhere: this page's clock, comparable with the others'. */
export function pageClock(): number {
  return performance.timeOrigin + performance.now();
}
