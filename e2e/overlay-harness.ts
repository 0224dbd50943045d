/**
 * A stand-in for the studio's editor in browser tests: a page at a `/_studio/…` path of the studio's origin
 * (fulfilled by Playwright, so the server has no test routes) that frames the console and talks to the overlay
 * only through messages, as the editor does.
 */
import { expect, type Frame, type Page } from '@playwright/test';
import { FRAME_MESSAGE_SOURCE } from '../contracts/frame-protocol.js';
import { assembleNavTree, receiveNavTreeMessage } from '../contracts/nav-tree-parts.js';

export const HARNESS_PATH = '/_studio/overlay-harness';
export const FRAME_NAME = 'console-frame';
/**
 * The harness's own record of a nav tree put back together from a build's `NAV_TREE_PART`s and its `NAV_TREE`
 * (payload `{buildId, navTree, documentHtml}`), listed with the frame's messages; not a message the frame sends.
 */
export const ASSEMBLED_NAV_TREE = 'NAV_TREE_ASSEMBLED';

/** The editor's reassembly, as source for the harness page (it has no module loader). */
const REASSEMBLY_SOURCE = [receiveNavTreeMessage, assembleNavTree].map(String).join('\n');

interface HarnessMessage {
  source?: string;
  type: string;
  payload: Record<string, unknown>;
}

export function harnessHtml(frameUrl: string, tokenMeta = '', referrerPolicy = 'strict-origin-when-cross-origin'): string {
  return `<!doctype html>
<html><head><meta charset="utf-8">${tokenMeta}<title>overlay harness</title></head>
<body style="margin:0">
<iframe name="${FRAME_NAME}" id="console" src="${frameUrl}" referrerpolicy="${referrerPolicy}" style="width:1200px;height:760px;border:0"></iframe>
<script>
  const frame = document.getElementById('console');
  const harness = {
    messages: [],
    nextId: 1,
    send(message) {
      frame.contentWindow.postMessage(message, location.origin);
    },
    call(functionName, args, compressedArgs) {
      const id = 'call-' + harness.nextId++;
      const payload = compressedArgs === undefined ? { functionName, args } : { functionName, compressedArgs };
      harness.send({ id, type: 'executeFunction', payload });
      return harness.waitFor((m) => (m.type === 'FUNCTION_RESULT' || m.type === 'FUNCTION_ERROR') && m.payload.requestId === id)
        .then((m) => m.type === 'FUNCTION_ERROR' ? { error: m.payload.error } : m.payload.result);
    },
    waiters: [],
    /** Every nav tree reassembly error: a test of a healthy page expects none. */
    treeErrors: [],
    assembly: null,
    record(message) {
      harness.messages.push(message);
      for (const waiter of [...harness.waiters]) {
        if (waiter.predicate(message)) waiter.resolve(message);
      }
    },
    waitFor(predicate, timeoutMs = 10000) {
      return new Promise((resolve, reject) => {
        const found = harness.messages.find(predicate);
        if (found) return resolve(found);
        const waiter = {
          predicate,
          resolve(message) { clearTimeout(timer); harness.waiters.splice(harness.waiters.indexOf(waiter), 1); resolve(message); },
        };
        const timer = setTimeout(() => { harness.waiters.splice(harness.waiters.indexOf(waiter), 1); reject(new Error('timed out waiting for a frame message')); }, timeoutMs);
        harness.waiters.push(waiter);
      });
    },
  };
  ${REASSEMBLY_SOURCE}
  window.addEventListener('message', (event) => {
    if (event.origin !== location.origin || event.source !== frame.contentWindow) return;
    if (!event.data || event.data.source !== '${FRAME_MESSAGE_SOURCE}') return;
    harness.record(event.data);
    if (event.data.type !== 'NAV_TREE_PART' && event.data.type !== 'NAV_TREE') return;
    const step = receiveNavTreeMessage(harness.assembly, event.data);
    harness.assembly = step.assembly;
    if (step.error) harness.treeErrors.push(step.error);
    if (step.tree) {
      // Kept apart from the message list too, which tests clear.
      harness.latestTree = step.tree.navTree;
      harness.record({ type: '${ASSEMBLED_NAV_TREE}', payload: step.tree });
    }
  });
  window.harness = harness;
</script>
</body></html>`;
}

export interface Harness {
  page: Page;
  frame: Frame;
  call<T = unknown>(functionName: string, args?: unknown): Promise<T>;
  callCompressed<T = unknown>(functionName: string, compressedArgs: string): Promise<T>;
  send(message: unknown): Promise<void>;
  messages(type?: string): Promise<HarnessMessage[]>;
  waitFor(type: string, matches?: string): Promise<HarnessMessage>;
  clearMessages(): Promise<void>;
  /** Why nav tree messages were dropped while reassembling, since the harness opened. */
  treeErrors(): Promise<string[]>;
}

/** Serves the harness page at `harnessOrigin + path` and waits for the overlay in its frame to say it is ready. */
export async function openHarness(
  page: Page,
  baseURL: string,
  { framePath = '/login', path = HARNESS_PATH, harnessOrigin = baseURL, waitForReady = true, referrerPolicy = 'strict-origin-when-cross-origin' } = {},
): Promise<Harness> {
  const frameUrl = new URL(framePath, baseURL).href;
  // The studio page's per-start token, as the real editor page holds it (the overlay's Tailwind calls need it).
  const studioPage = await (await page.request.get(`${baseURL}/_studio/`)).text();
  const tokenMeta = /<meta name="plantation-studio-token"[^>]*>/.exec(studioPage)?.[0] ?? '';
  await page.route(`${harnessOrigin}${path}`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: harnessHtml(frameUrl, tokenMeta, referrerPolicy) }),
  );
  await page.goto(`${harnessOrigin}${path}`);
  const harness = harnessOf(page);
  if (waitForReady) {
    await harness.waitFor('OVERLAY_READY');
    // The first nav tree arrives once the console has rendered and the tree is built.
    await harness.waitFor(ASSEMBLED_NAV_TREE, '"children":[{');
  }
  return harness;
}

/** The messaging helpers of a harness page already loaded in `page`. */
export function harnessOf(page: Page): Harness {
  const frame = page.frame({ name: FRAME_NAME });
  if (!frame) throw new Error('the harness has no console frame');
  return {
    page,
    frame,
    call: (functionName, args = {}) =>
      page.evaluate(([name, a]) => (window as never as { harness: { call(n: string, a: unknown): Promise<never> } }).harness.call(name as string, a), [functionName, args] as const),
    callCompressed: (functionName, compressed) =>
      page.evaluate(
        ([name, c]) => (window as never as { harness: { call(n: string, a: unknown, c: string): Promise<never> } }).harness.call(name, undefined, c),
        [functionName, compressed] as const,
      ),
    send: (message) => page.evaluate((m) => (window as never as { harness: { send(m: unknown): void } }).harness.send(m), message),
    messages: (type) =>
      page.evaluate(
        (t) => (window as never as { harness: { messages: HarnessMessage[] } }).harness.messages.filter((m) => !t || m.type === t),
        type,
      ),
    waitFor: (type, matches) =>
      page.evaluate(
        ([t, s]) =>
          (window as never as { harness: { waitFor(p: (m: HarnessMessage) => boolean): Promise<HarnessMessage> } }).harness.waitFor(
            (m) => m.type === t && (!s || JSON.stringify(m.payload).includes(s)),
          ),
        [type, matches ?? ''] as const,
      ),
    clearMessages: () => page.evaluate(() => void ((window as never as { harness: { messages: unknown[] } }).harness.messages.length = 0)),
    treeErrors: () => page.evaluate(() => (window as never as { harness: { treeErrors: string[] } }).harness.treeErrors),
  };
}

/** The outline boxes drawn in the overlay's shadow root. */
export async function outlinesIn(frame: Frame): Promise<{ layer: string; key: string; border: string; zIndex: string; width: number; height: number }[]> {
  return frame.evaluate(() => {
    const root = document.getElementById('plantation-studio-overlay')?.shadowRoot;
    return Array.from(root?.querySelectorAll<HTMLElement>('.outline') ?? []).map((box) => ({
      layer: Array.from(box.classList).find((c) => c.startsWith('outline-'))!.slice('outline-'.length),
      key: box.dataset.key ?? '',
      border: getComputedStyle(box).borderTopStyle + ' ' + getComputedStyle(box).borderTopColor + ' ' + getComputedStyle(box).borderTopWidth,
      zIndex: getComputedStyle(box).zIndex,
      width: box.getBoundingClientRect().width,
      height: box.getBoundingClientRect().height,
    }));
  });
}

/** The key of the first element matching `selector` in the frame, from the nav tree the overlay sent last. */
export async function keyOfSelector(harness: Harness, selector: string): Promise<string> {
  const codebaseId = await harness.frame.locator(selector).first().getAttribute('data-codebase-id');
  expect(codebaseId, `${selector} carries a codebase id`).toBeTruthy();
  type Node = { key: string; tempoElement: { codebaseId: string }; children: Node[] };
  const tree = await harness.page.evaluate(() => (window as never as { harness: { latestTree: Node } }).harness.latestTree);
  const stack = [tree];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.tempoElement.codebaseId === codebaseId) return node.key;
    stack.push(...node.children);
  }
  throw new Error(`no nav tree node for ${selector} (${codebaseId})`);
}
