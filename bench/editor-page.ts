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
  getComputedStyle(element: PageElement): { color: string; getPropertyValue(property: string): string };
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

/**
 * Run in the studio page before the Enter is pressed in a style field: like `armEnterToVisible`, but waits for the
 * computed `property` of `targetSelector` to read `expected` (the value set, as the frame computes it), so a paint
 * of anything else (another colour, a variable the page does not declare) is not counted.
 */
export function armEnterToStyle(args: { probe: string; frameSelector: string; targetSelector: string; property: string; expected: string; timeoutFrames: number }): void {
  const frameWindow = (document.querySelector(args.frameSelector) as (PageElement & { contentWindow?: PageWindow | null }) | null)?.contentWindow;
  if (!frameWindow) throw new Error(`no ${args.frameSelector} in the studio page`);
  if (!frameWindow.document.querySelector(args.targetSelector)) throw new Error(`no ${args.targetSelector} in the console frame`);
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
      if (element && frameWindow.getComputedStyle(element).getPropertyValue(args.property) === args.expected) {
        outcome.ms = performance.now() - pressed;
        outcome.frames = frames;
      } else if (frames >= args.timeoutFrames) outcome.error = `${args.property} was not ${args.expected} ${frames} frames after the Enter`;
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };
  window.addEventListener('keydown', onKey, true);
}

/** Run in the console frame: `value` of `property` as the page computes it (on a probe element, then removed). */
export function computedValueOf(args: { property: string; value: string }): string {
  const page = document as unknown as {
    body: { appendChild(node: unknown): void };
    createElement(tag: string): { style: { setProperty(property: string, value: string): void }; remove(): void };
  };
  const probe = page.createElement('div');
  probe.style.setProperty(args.property, args.value);
  page.body.appendChild(probe);
  const computed = window.getComputedStyle(probe as unknown as PageElement).getPropertyValue(args.property);
  probe.remove();
  return computed;
}

/** Run in the console frame: the computed `property` of `selector`, or null when there is no such element. */
export function computedStyleOf(args: { selector: string; property: string }): string | null {
  const element = document.querySelector(args.selector);
  return element ? window.getComputedStyle(element).getPropertyValue(args.property) : null;
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

/**
 * Run in any page: the requests whose URL contains `urlPart` that were in flight at some moment from `from` to `to`
 * (their path, start and end), for telling what a studio request waited behind.
 */
export function requestsDuring(args: { urlPart: string; from: number; to: number }): { path: string; startAt: number; endAt: number }[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => ({ path: entry.name.replace(/^[a-z]+:\/\/[^/]+/, ''), startAt: performance.timeOrigin + entry.startTime, endAt: performance.timeOrigin + entry.responseEnd }))
    .filter((entry) => entry.path.includes(args.urlPart) && entry.startAt <= args.to && entry.endAt >= args.from);
}

/** Run anywhere: this page's clock, comparable with the others'. */
export function pageClock(): number {
  return performance.timeOrigin + performance.now();
}

// The text edit and the copies (duplicate, add): the few more DOM members their probes read.
interface ProbedElement {
  textContent: string | null;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  getClientRects(): { length: number };
}
interface ProbedWindow {
  document: { querySelector(selectors: string): ProbedElement | null; querySelectorAll(selectors: string): ArrayLike<ProbedElement> };
  addEventListener(type: string, listener: (event: ProbedEvent) => void, capture: boolean): void;
  removeEventListener(type: string, listener: (event: ProbedEvent) => void, capture: boolean): void;
}
interface ProbedEvent {
  type: string;
  key?: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  preventDefault(): void;
  stopImmediatePropagation(): void;
}

/** What the frame's text probe has seen since it was installed. */
export interface TextLog {
  /** When each hot-reloaded copy of the watched file (`?t=` in its URL) finished arriving. */
  arrivals: number[];
  /** After each batch of DOM changes: the time, the watched element's text then, and whether it was being edited. */
  texts: { at: number; text: string | null; editing: boolean }[];
}

/**
 * Run in the console frame: like `installHotReloadProbe`, but notes the text of `selector` (and whether it is in
 * place editing) after every change to the page's elements, texts or their `contenteditable`.
 */
export function installTextProbe(args: { probe: string; fileUrlPart: string; selector: string }): void {
  const log: TextLog = { arrivals: [], texts: [] };
  window[args.probe] = log;
  const page = window as unknown as ProbedWindow;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name.includes(args.fileUrlPart) && /[?&]t=\d+/.test(entry.name)) log.arrivals.push(performance.timeOrigin + entry.responseEnd);
    }
  }).observe({ type: 'resource' });
  const observer = new MutationObserver(() => {
    const element = page.document.querySelector(args.selector);
    log.texts.push({ at: performance.timeOrigin + performance.now(), text: element?.textContent ?? null, editing: element?.hasAttribute('contenteditable') ?? false });
  });
  (observer as unknown as { observe(target: PageElement, options: Record<string, unknown>): void }).observe(document.body, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['contenteditable'],
  });
}

/**
 * Run in the console frame (polled): the first arrival of the watched file after `since`, and the first change
 * after it that leaves the element showing `text`, not in place editing; null until both happened. The text the
 * edit or the instant update put there before the module arrived is never counted.
 */
export function hotReloadTextShown(args: { probe: string; since: number; text: string }): HotReloadTiming | 'no probe' | null {
  const log = window[args.probe] as TextLog | undefined;
  if (!log) return 'no probe';
  const arrivedAt = log.arrivals.find((at) => at >= args.since);
  if (arrivedAt === undefined) return null;
  const shown = log.texts.find((entry) => entry.at >= arrivedAt && entry.text === args.text && !entry.editing);
  return shown ? { arrivedAt, shownAt: shown.at } : null;
}

/**
 * Run in the studio page before the Enter is pressed: on the next Enter in the console frame (the text edited in
 * place has the focus there), or in the studio page with `plain` (a plain listener that sets the text itself and
 * keeps the Enter from the editor), checks `targetSelector` in every animation frame until it shows `text`, not in
 * place editing; the outcome is left in `window[probe]` as `EnterToVisible`.
 */
export function armEnterToText(args: { probe: string; frameSelector: string; targetSelector: string; text: string; plain: boolean; timeoutFrames: number }): void {
  // Self-contained for `evaluate`: no helper of this module is there.
  const frameWindow = (document.querySelector(args.frameSelector) as unknown as { contentWindow?: ProbedWindow | null } | null)?.contentWindow;
  if (!frameWindow) throw new Error(`no ${args.frameSelector} in the studio page`);
  const listenIn = args.plain ? (window as unknown as ProbedWindow) : frameWindow;
  const outcome: EnterToVisible = {};
  window[args.probe] = outcome;
  const shown = () => {
    const element = frameWindow.document.querySelector(args.targetSelector);
    return element !== null && element.textContent === args.text && !element.hasAttribute('contenteditable');
  };
  const onKey = (event: ProbedEvent) => {
    if (event.key !== 'Enter') return;
    listenIn.removeEventListener('keydown', onKey, true);
    const pressed = performance.now();
    outcome.enterAt = performance.timeOrigin + pressed;
    if (args.plain) {
      event.preventDefault();
      event.stopImmediatePropagation();
      const element = frameWindow.document.querySelector(args.targetSelector);
      if (element) element.textContent = args.text;
    }
    let frames = 0;
    const tick = () => {
      frames++;
      if (shown()) {
        outcome.ms = performance.now() - pressed;
        outcome.frames = frames;
      } else if (frames >= args.timeoutFrames) outcome.error = `"${args.text}" was not shown ${frames} frames after the Enter`;
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };
  listenIn.addEventListener('keydown', onKey, true);
}

/** What the copies probe sampled: when the action came, and the copies at every animation frame. */
export interface CopiesLog {
  actionAt?: number;
  samples: { at: number; count: number; standIn: boolean }[];
  on: boolean;
}

/**
 * Run in the studio page before the action: from now on, counts at every animation frame the visible elements in
 * the console frame's `scopeSelector` that `selector` matches with exactly `text`, and whether one of them carries
 * the stand-in attribute; notes when the action came (the first Ctrl/⌘+D in the studio page or the frame, or the
 * first click in the studio page). Stopped and read with `stopCopies`.
 */
export function sampleCopies(args: { probe: string; frameSelector: string; scopeSelector: string; selector: string; text: string; standInAttribute: string }): void {
  // Self-contained for `evaluate`: no helper of this module is there.
  const frameWindow = (document.querySelector(args.frameSelector) as unknown as { contentWindow?: ProbedWindow | null } | null)?.contentWindow;
  if (!frameWindow) throw new Error(`no ${args.frameSelector} in the studio page`);
  const page = window as unknown as ProbedWindow;
  const log: CopiesLog = { samples: [], on: true };
  window[args.probe] = log;
  const onAction = (event: ProbedEvent) => {
    const duplicate = event.type === 'keydown' && (event.ctrlKey || event.metaKey) && (event.key === 'd' || event.key === 'D');
    if (log.actionAt === undefined && (duplicate || event.type === 'click')) log.actionAt = performance.timeOrigin + performance.now();
  };
  for (const target of [page, frameWindow]) target.addEventListener('keydown', onAction, true);
  page.addEventListener('click', onAction, true);
  const tick = () => {
    const scope = frameWindow.document.querySelector(args.scopeSelector);
    const shown = scope
      ? Array.from((scope as unknown as ProbedWindow['document']).querySelectorAll(args.selector)).filter(
          (element) => element.textContent?.trim() === args.text && element.getClientRects().length > 0,
        )
      : [];
    log.samples.push({ at: performance.timeOrigin + performance.now(), count: shown.length, standIn: shown.some((element) => element.hasAttribute(args.standInAttribute)) });
    if (log.on) requestAnimationFrame(tick);
    else {
      for (const target of [page, frameWindow]) target.removeEventListener('keydown', onAction, true);
      page.removeEventListener('click', onAction, true);
    }
  };
  requestAnimationFrame(tick);
}

/** Run in the studio page: stops the copies probe and hands back what it sampled. */
export function stopCopies(probe: string): CopiesLog {
  const log = window[probe] as CopiesLog;
  log.on = false;
  return log;
}

/** Run in the console frame: the text of `selector`, or null when there is no such element. */
export function elementText(selector: string): string | null {
  return (window as unknown as ProbedWindow).document.querySelector(selector)?.textContent ?? null;
}

/** Run in the console frame (polled): whether `selector` is being edited in place. */
export function editingInPlace(selector: string): boolean {
  return (window as unknown as ProbedWindow).document.querySelector(selector)?.hasAttribute('contenteditable') ?? false;
}

/** Run in the console frame: puts `text` as the element's text (the plain baseline puts its heading back so). */
export function setElementText(args: { selector: string; text: string }): void {
  const element = (window as unknown as ProbedWindow).document.querySelector(args.selector);
  if (element) element.textContent = args.text;
}

/** Run in the studio page: takes the focus from whatever has it (the frame, a field), so keys go to the page. */
export function blurActive(): void {
  (document as unknown as { activeElement: { blur?(): void } | null }).activeElement?.blur?.();
}

/**
 * Run in the console frame (polled): true once, after `since`, `main` holds `count` elements matching `selector`
 * with exactly `text` and the page has no stand-in left.
 */
export function copiesSettled(args: { standInAttribute: string; selector: string; text: string; count: number; since: number }): boolean {
  const { document } = window as unknown as ProbedWindow;
  if (performance.timeOrigin + performance.now() < args.since || document.querySelector(`[${args.standInAttribute}]`)) return false;
  return Array.from(document.querySelectorAll(`main ${args.selector}`)).filter((element) => element.textContent?.trim() === args.text).length === args.count;
}
