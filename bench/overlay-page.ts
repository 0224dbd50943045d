/**
 * What the overlay bench runs inside the browser: the studio-side page that frames the console, the page of about
 * 5,000 elements it measures on, the bare DOM walk the nav tree is compared with, and the frame-by-frame check of an
 * instant update. Each function is handed to Playwright's `evaluate`, so it is self-contained: no imports, no outer
 * variables.
 */
import { FRAME_MESSAGE_SOURCE } from '../contracts/frame-protocol.js';
import { assembleNavTree, receiveNavTreeMessage } from '../contracts/nav-tree-parts.js';

// The browser globals these functions touch, declared for this module alone: the bench is compiled with the node
// project, where the DOM lib would retype node's own globals (crypto, timers) for every file.
interface PageElement {
  id: string;
  namespaceURI: string | null;
  children: ArrayLike<PageElement>;
  classList: { add(...names: string[]): void };
  getBoundingClientRect(): { width: number };
  setAttribute(name: string, value: string): void;
  querySelector(selectors: string): PageElement | null;
  querySelectorAll(selectors: string): ArrayLike<PageElement>;
  appendChild(child: PageElement): void;
}
interface PageStyleElement extends PageElement {
  sheet: { cssRules: { length: number }; insertRule(rule: string, index: number): number } | null;
}
interface PageDocument {
  body: PageElement;
  head: PageElement;
  createElement(tag: 'style'): PageStyleElement;
  createElement(tag: string): PageElement;
  getElementById(id: string): (PageElement & { contentWindow?: PageWindow | null }) | null;
  querySelector(selectors: string): PageElement | null;
  querySelectorAll(selectors: string): ArrayLike<PageElement>;
}
interface PageWindow {
  parent: PageWindow;
  document: PageDocument;
  getComputedStyle(element: PageElement): { color: string };
  postMessage(message: unknown, targetOrigin: string): void;
  addEventListener(type: 'message', listener: (event: { data: unknown; source: unknown; origin: string }) => void): void;
}
declare const window: PageWindow;
declare const document: PageDocument;
declare const location: { origin: string };
declare function requestAnimationFrame(callback: (time: number) => void): number;

/** The studio-side page: served at a `/_studio/…` path of the studio's origin, which is what lets the overlay start. */
export const PARENT_PATH = '/_studio/overlay-bench';
export const FRAME_ELEMENT_ID = 'console';
/** Where the parent page keeps what the overlay said (type, and the change id and outcome of instant updates). */
export const MESSAGE_LOG = 'overlayBenchMessages';

/**
 * What the parent page logs once a build's parts have been put back together (with the tree's node count and how
 * long putting it together took, in the task of the last message, after the measured window), and
 * when a nav tree message had to be dropped (with the reason).
 */
export const ASSEMBLED_NAV_TREE = 'NAV_TREE_ASSEMBLED';
export const NAV_TREE_ERROR = 'NAV_TREE_ERROR';

/** The editor's reassembly, as source for the parent page (it has no module loader). */
const REASSEMBLY_SOURCE = [receiveNavTreeMessage, assembleNavTree].map(String).join('\n');

/** `treeMark` is set when the whole tree has arrived and been put back together, in the task of its last message. */
export function parentPageHtml(frameUrl: string, treeMark: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>overlay bench</title></head>
<body style="margin:0">
<iframe id="${FRAME_ELEMENT_ID}" src="${frameUrl}" style="width:1200px;height:760px;border:0"></iframe>
<script>
  const frame = document.getElementById('${FRAME_ELEMENT_ID}');
  window.${MESSAGE_LOG} = [];
  let assembly = null;
  ${REASSEMBLY_SOURCE}
  window.addEventListener('message', (event) => {
    if (event.origin !== location.origin || event.source !== frame.contentWindow || event.data?.source !== '${FRAME_MESSAGE_SOURCE}') return;
    const { type, payload } = event.data;
    window.${MESSAGE_LOG}.push({ type, changeId: payload?.changeId, success: payload?.success });
    if (type !== 'NAV_TREE_PART' && type !== 'NAV_TREE') return;
    const received = performance.now();
    const step = receiveNavTreeMessage(assembly, event.data);
    const receiveMs = performance.now() - received;
    assembly = step.assembly;
    if (step.error) window.${MESSAGE_LOG}.push({ type: '${NAV_TREE_ERROR}', error: step.error });
    if (!step.tree) return;
    let nodes = 0;
    const stack = [step.tree.navTree];
    while (stack.length) { nodes++; stack.push(...stack.pop().children); }
    performance.mark('${treeMark}');
    window.${MESSAGE_LOG}.push({ type: '${ASSEMBLED_NAV_TREE}', nodes, receiveMs });
  });
</script>
</body></html>`;
}

export const FIXTURE_ROWS = 250;
export const FIXTURE_ROOT_ID = 'overlay-bench-fixture';
export const FIXTURE_ID_PREFIX = 'tempo-0b0e0000-0000-4000-8000-';

/** The codebase id of the fixture's JSX site number `site`. */
export function fixtureId(site: number): string {
  return `${FIXTURE_ID_PREFIX}${String(site).padStart(12, '0')}`;
}

/** JSX sites the instant updates change (every row's code, and every row's name for the baseline). */
export const SUBJECT_SITE = 12;
export const BASELINE_SITE = 16;

export interface FixtureUrls {
  react: string;
  reactDomClient: string;
}

/**
 * Renders a table of rubber trees with the console's own React (the modules its page already loaded), so the nav
 * tree reads real fibers: row, badge, measurement and action components with props of every kind, and a codebase
 * id on every JSX site as the studio's Vite plugin puts them, shared by all the rows as in real code.
 */
export async function mountFixture(args: { urls: FixtureUrls; rows: number; rootId: string; idPrefix: string }): Promise<number> {
  type ReactModule = { createElement: (...a: unknown[]) => unknown; default?: ReactModule };
  const reactModule = (await import(args.urls.react)) as ReactModule;
  const React = reactModule.default ?? reactModule;
  type DomClient = { createRoot: (el: PageElement) => { render(node: unknown): void }; default?: DomClient };
  const domModule = (await import(args.urls.reactDomClient)) as DomClient;
  const { createRoot } = domModule.default ?? domModule;
  const h = React.createElement;
  const id = (n: number) => `${args.idPrefix}${String(n).padStart(12, '0')}`;
  const statuses = ['Đang khai thác', 'Kiến thiết cơ bản', 'Tạm nghỉ', 'Thanh lý'];

  function StatusBadge(props: { status: string; tone: number }) {
    return h(
      'span',
      { 'data-codebase-id': id(20), className: `inline-flex items-center gap-1 rounded-full px-2 text-xs tone-${props.tone}` },
      h('i', { 'data-codebase-id': id(21), className: 'size-1.5 rounded-full bg-current' }),
      props.status,
    );
  }
  function Measurement(props: { value: number; unit: string }) {
    return h(
      'span',
      { 'data-codebase-id': id(30), className: 'tabular-nums' },
      h('b', { 'data-codebase-id': id(31) }, props.value.toFixed(1)),
      ' ',
      h('small', { 'data-codebase-id': id(32), className: 'text-gray-500' }, props.unit),
    );
  }
  function RowActions(props: { onEdit: () => void; onDelete: () => void }) {
    return h(
      'div',
      { 'data-codebase-id': id(40), className: 'flex justify-end gap-2' },
      h('button', { 'data-codebase-id': id(41), type: 'button', className: 'rounded px-2 py-1 text-sm hover:bg-gray-100', onClick: props.onEdit }, 'Sửa'),
      h('button', { 'data-codebase-id': id(42), type: 'button', className: 'rounded px-2 py-1 text-sm text-red-600', onClick: props.onDelete }, 'Xoá'),
    );
  }
  function TreeRow(props: { tree: { code: string; name: string; girth: number; status: string }; index: number; onSelect: () => void }) {
    const { tree } = props;
    return h(
      'tr',
      { 'data-codebase-id': id(10), className: 'border-b border-gray-100 hover:bg-gray-50' },
      h('td', { 'data-codebase-id': id(11), className: 'px-3 py-2' }, h('span', { 'data-codebase-id': id(12), className: 'font-mono text-xs' }, tree.code)),
      h(
        'td',
        { 'data-codebase-id': id(13), className: 'px-3 py-2' },
        h(
          'div',
          { 'data-codebase-id': id(14), className: 'flex items-center gap-2' },
          h('svg', { 'data-codebase-id': id(15), viewBox: '0 0 16 16', width: 16, height: 16 }, h('path', { d: 'M8 1 L15 15 L1 15 Z' })),
          h('span', { 'data-codebase-id': id(16) }, tree.name),
        ),
      ),
      h('td', { 'data-codebase-id': id(17), className: 'px-3 py-2' }, h(StatusBadge, { 'data-codebase-id': id(18), status: tree.status, tone: props.index % 4 })),
      h('td', { 'data-codebase-id': id(19), className: 'px-3 py-2 text-right' }, String(props.index + 1)),
      h('td', { 'data-codebase-id': id(22), className: 'px-3 py-2' }, h(Measurement, { 'data-codebase-id': id(23), value: tree.girth, unit: 'cm' })),
      h('td', { 'data-codebase-id': id(24), className: 'px-3 py-2' }, h(RowActions, { 'data-codebase-id': id(25), onEdit: props.onSelect, onDelete: props.onSelect })),
    );
  }
  function TreeTable(props: { rows: number }) {
    const trees = Array.from({ length: props.rows }, (_, i) => ({
      code: `CS-${String(i + 1).padStart(5, '0')}`,
      name: `Cây cao su lô ${Math.floor(i / 25) + 1} hàng ${(i % 25) + 1}`,
      girth: 40 + ((i * 7) % 60) + 0.5,
      status: statuses[i % statuses.length]!,
    }));
    return h(
      'table',
      { 'data-codebase-id': id(1), className: 'w-full text-sm' },
      h('thead', { 'data-codebase-id': id(2) }, h('tr', { 'data-codebase-id': id(3) }, ...['Mã', 'Tên', 'Trạng thái', '#', 'Vanh thân', ''].map((label) => h('th', { key: label, 'data-codebase-id': id(4), className: 'px-3 py-2 text-left' }, label)))),
      h(
        'tbody',
        { 'data-codebase-id': id(5) },
        trees.map((tree, index) => h(TreeRow, { key: tree.code, 'data-codebase-id': id(6), tree, index, onSelect: () => undefined })),
      ),
    );
  }

  const container = document.createElement('section');
  container.id = args.rootId;
  document.body.appendChild(container);
  createRoot(container).render(h(TreeTable, { 'data-codebase-id': id(0), rows: args.rows }));
  // React renders the root asynchronously: wait until the last row is in the page.
  const deadline = performance.now() + 30_000;
  while (container.querySelectorAll('tbody tr').length < args.rows) {
    if (performance.now() > deadline) throw new Error('the bench page did not render its rows within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return document.body.querySelectorAll('*').length;
}

/**
 * The least any nav tree must do: visit every element of the page's body (or of the element `rootSelector` finds,
 * itself included), leaving out the overlay's host and svg internals as the overlay does, and measure its box.
 * Returns milliseconds and the elements visited; `mark` lets a trace find its task.
 */
export function bareWalk(args: { overlayHostId: string; mark: string; rootSelector?: string }): { ms: number; elements: number } {
  performance.mark(args.mark);
  const started = performance.now();
  const stack: PageElement[] = args.rootSelector ? [document.querySelector(args.rootSelector)!] : Array.from(document.body.children);
  let elements = 0;
  let sink = 0;
  while (stack.length) {
    const element = stack.pop()!;
    if (element.id === args.overlayHostId) continue;
    const rect = element.getBoundingClientRect();
    sink += rect.width;
    elements++;
    if (element.namespaceURI === 'http://www.w3.org/2000/svg') continue;
    for (let i = element.children.length - 1; i >= 0; i--) stack.push(element.children[i]!);
  }
  const ms = performance.now() - started;
  // Keeps the boxes from being optimised away.
  (window as unknown as { benchSink?: number }).benchSink = sink;
  return { ms, elements };
}

/** The page's change of one row as a hot reload of its component makes it: the row's class and its code cell's. */
export function reloadRow(args: { selector: string; round: number }): void {
  const row = document.querySelector(args.selector)!;
  row.setAttribute('class', `border-b reloaded-${args.round}`);
  row.querySelector('span')!.setAttribute('class', `font-mono text-xs reloaded-${args.round}`);
}

export const BASELINE_MESSAGE = 'overlay-bench:add-class';

/**
 * The baseline of an instant class change: a plain message listener in the page that adds a rule and puts its
 * class on every element of one JSX site, the least the overlay's ADD_CLASS has to do.
 */
export function installBaselineListener(type: string): void {
  const style = document.createElement('style');
  document.head.appendChild(style);
  window.addEventListener('message', (event) => {
    const data = event.data as { type?: string; codebaseId: string; className: string; css: string } | null;
    if (event.source !== window.parent || data?.type !== type) return;
    style.sheet!.insertRule(`.${data.className} { ${data.css} }`, style.sheet!.cssRules.length);
    for (const element of Array.from(document.querySelectorAll(`[data-codebase-id="${data.codebaseId}"]`))) element.classList.add(data.className);
  });
}

export interface VisibleTiming {
  /** From posting the message to the first animation frame whose computed style shows the change. */
  ms: number;
  /** Animation frames until then: 1 is the first frame after the message. */
  frames: number;
}

/**
 * Run in the studio-side page: posts `message` to the console frame at a random point of a frame (as a person's
 * edit would arrive) and checks the target's computed colour in every animation frame until it changes.
 */
export async function timeToVisible(args: { frameElementId: string; selector: string; message: unknown; timeoutFrames: number }): Promise<VisibleTiming> {
  const frameWindow = document.getElementById(args.frameElementId)?.contentWindow;
  if (!frameWindow) throw new Error(`no frame #${args.frameElementId}`);
  const target = frameWindow.document.querySelector(args.selector);
  if (!target) throw new Error(`no ${args.selector} in the console frame`);
  const before = frameWindow.getComputedStyle(target).color;
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 12));
  const sent = performance.now();
  frameWindow.postMessage(args.message, location.origin);
  return new Promise((resolve, reject) => {
    let frames = 0;
    const tick = () => {
      frames++;
      if (frameWindow.getComputedStyle(target).color !== before) resolve({ ms: performance.now() - sent, frames });
      else if (frames >= args.timeoutFrames) reject(new Error(`the change was not visible after ${frames} frames`));
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** Run in the studio-side page: posts a message to the console frame, after setting `mark` when one is given. */
export function sendToFrame(args: { frameElementId: string; message: unknown; mark?: string }): void {
  const frameWindow = document.getElementById(args.frameElementId)?.contentWindow;
  if (!frameWindow) throw new Error(`no frame #${args.frameElementId}`);
  if (args.mark) performance.mark(args.mark);
  frameWindow.postMessage(args.message, location.origin);
}
