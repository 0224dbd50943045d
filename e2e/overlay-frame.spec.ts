/**
 * The overlay in the console frame, driven only through messages from a studio-origin parent page: when it runs
 * at all, how it reads messages, the nav tree, outlines, selection, hover and drive mode.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import LZString from 'lz-string';
import { NAV_TREE_PART_NODES } from '../contracts/nav-tree-parts.js';
import { expect, test } from './fixtures.js';
import { ASSEMBLED_NAV_TREE, harnessHtml, harnessOf, keyOfSelector, openHarness, outlinesIn, type Harness } from './overlay-harness.js';
import { signIn } from './session.js';

interface TreeNode {
  key: string;
  parent: string | null;
  name: string;
  tagName: string;
  isComponent: boolean;
  props: Record<string, { value: unknown; type: string }>;
  literalChildren: string[];
  scope: string | null;
  classList: string[];
  directlySetClassList: string[];
  pageBoundingBox: { pageX: number; pageY: number; width: number; height: number };
  level: number;
  tempoElement: { codebaseId: string; storyboardId: string; uniquePath: string };
  children: TreeNode[];
}

async function latestTree(harness: Harness): Promise<TreeNode> {
  return (await harness.messages(ASSEMBLED_NAV_TREE)).at(-1)!.payload.navTree as TreeNode;
}

function findNode(tree: TreeNode, predicate: (node: TreeNode) => boolean): TreeNode | undefined {
  const stack = [tree];
  while (stack.length) {
    const node = stack.pop()!;
    if (predicate(node)) return node;
    stack.push(...node.children);
  }
  return undefined;
}

const OVERLAY_HOST = '#plantation-studio-overlay';

test.describe('the overlay is inert unless framed by the studio', () => {
  test('a console page opened directly loads the script but draws nothing and answers nothing', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('script[src="/_studio/overlay.js"]')).toHaveCount(1);
    await expect(page.locator(OVERLAY_HOST)).toHaveCount(0);
    // Clicking works as in the plain console: the link still navigates.
    await page.getByRole('link', { name: 'Đăng ký ngay' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('a parent of another origin gets no overlay and no messages', async ({ page, baseURL }) => {
    // Another site: a server of its own on another port, framing the console at /_studio/ as the studio would.
    const site = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(harnessHtml(new URL('/login', baseURL).href));
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = site.address() as AddressInfo;
      await page.goto(`http://127.0.0.1:${port}/_studio/overlay-harness`);
      const harness = harnessOf(page);
      // The console may be framed by its own origin only: the browser puts its error page in the frame.
      const frame = () => page.frames().find((candidate) => candidate !== page.mainFrame());
      await expect.poll(() => frame()?.url()).toBe('chrome-error://chromewebdata/');
      await expect(harness.frame.locator(OVERLAY_HOST)).toHaveCount(0);
      await harness.send({ id: 'foreign', type: 'executeFunction', payload: { functionName: 'enableDriveMode', args: {} } });
      await page.waitForTimeout(500);
      expect(await harness.messages()).toEqual([]);
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
  });

  test('a same-origin parent outside /_studio/ gets no overlay', async ({ page, baseURL }) => {
    const harness = await openHarness(page, baseURL!, { path: '/not-the-studio-harness', waitForReady: false });
    await expect(harness.frame.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(harness.frame.locator(OVERLAY_HOST)).toHaveCount(0);
    expect(await harness.messages()).toEqual([]);
  });
});

test.describe('messages', () => {
  test('the overlay starts, answers functions, decompresses compressedArgs and logs unknown functions', async ({ page, baseURL }) => {
    const harness = await openHarness(page, baseURL!);
    const frameLogs: string[] = [];
    page.on('console', (message) => frameLogs.push(message.text()));

    expect(await harness.call('initProject', { storyboardId: 'sb-1', canvasId: 'canvas-1' })).toEqual({ storyboardId: 'sb-1', canvasId: 'canvas-1' });
    expect(await harness.callCompressed('setZoomPerc', LZString.compressToEncodedURIComponent(JSON.stringify({ zoomPerc: 0.5 })))).toEqual({ zoomPerc: 0.5 });

    expect(await harness.call('noSuchFunction')).toEqual({ error: 'Function to execute not found' });
    expect(frameLogs.some((line) => line.includes('Function to execute not found'))).toBe(true);
  });

  test('ids with bad characters are refused with the invalid-id error', async ({ page, baseURL }) => {
    const harness = await openHarness(page, baseURL!);
    expect(await harness.call('initProject', { storyboardId: 'bad id!' })).toEqual({ error: expect.stringContaining('Invalid storyboard id "bad id!"') });
    expect(await harness.call('setSelectedElement', { elementKey: 'tempo-<script>|console|0-1' })).toEqual({
      error: expect.stringContaining('Invalid codebase id'),
    });
    expect(await harness.call('setSelectedElement', { elementKey: 'no key' })).toEqual({ error: 'Invalid element key "no key"' });
  });

  test('messages without an id or payload, and messages from another window of the frame, are ignored', async ({ page, baseURL }) => {
    const harness = await openHarness(page, baseURL!);
    await harness.clearMessages();
    await harness.send({ type: 'executeFunction', payload: { functionName: 'enableDriveMode', args: {} } });
    await harness.send({ id: 'x', type: 'executeFunction' });
    // Posted by the frame to itself: same origin, but not from the parent window.
    await harness.frame.evaluate(() =>
      window.postMessage({ id: 'self', type: 'executeFunction', payload: { functionName: 'enableDriveMode', args: {} } }, location.origin),
    );
    await page.waitForTimeout(300);
    expect(await harness.messages('FUNCTION_RESULT')).toEqual([]);
    expect(await harness.frame.evaluate(() => sessionStorage.length)).toBe(0);
  });
});

test('the nav tree has every field, components and their props from React', async ({ page, baseURL }) => {
  const harness = await openHarness(page, baseURL!);
  await harness.call('initProject', { storyboardId: 'sb-tree' });
  await harness.waitFor(ASSEMBLED_NAV_TREE, 'sb-tree');
  const tree = await latestTree(harness);
  expect(tree.tempoElement).toEqual({ codebaseId: 'tempo-storyboard-root', storyboardId: 'sb-tree', uniquePath: '0' });
  expect(tree.level).toBe(0);

  const form = findNode(tree, (node) => node.name === 'CredentialsForm');
  expect(form).toMatchObject({ isComponent: true, tagName: 'CredentialsForm' });
  expect(form!.props.title).toEqual({ value: 'Đăng nhập', type: 'LITERAL' });
  expect(form!.props.onSubmit!.type).toBe('FUNCTION');
  expect(form!.tempoElement.codebaseId).toMatch(/^tempo-[0-9a-f-]{36}$/);

  const heading = findNode(tree, (node) => node.tagName === 'h1')!;
  expect(heading.literalChildren).toEqual(['Đăng nhập']);
  expect(heading.scope).toBe('CredentialsForm');
  expect(heading.isComponent).toBe(false);
  expect(heading.classList.length).toBeGreaterThan(0);
  expect(heading.directlySetClassList).toEqual(heading.classList);
  expect(heading.pageBoundingBox.width).toBeGreaterThan(10);
  expect(heading.pageBoundingBox.height).toBeGreaterThan(10);
  expect(heading.level).toBeGreaterThan(form!.level);
  expect(heading.tempoElement.uniquePath).toMatch(/^0(-\d+)+$/);
  expect(heading.key).toBe(`${heading.tempoElement.codebaseId}|sb-tree|${heading.tempoElement.uniquePath}`);
  expect(heading.parent).not.toBeNull();
  const input = findNode(tree, (node) => node.tagName === 'input' && node.props.autocomplete?.value === 'username')!;
  expect(input.props.id!.type).toBe('LITERAL');
  expect(input.props.autocomplete).toEqual({ value: 'username', type: 'LITERAL' });
  expect(findNode(tree, (node) => node.name === 'TextField')?.isComponent).toBe(true);
  // The overlay's own host is not part of the page.
  expect(JSON.stringify(tree)).not.toContain('plantation-studio-overlay');
});

test('selection, multi-selection and hover outlines in the shadow root, with the outline colours and zoom', async ({ page, baseURL }) => {
  const harness = await openHarness(page, baseURL!);
  const heading = await keyOfSelector(harness, 'h1');
  const brand = await keyOfSelector(harness, 'main p');

  expect(await harness.call('setSelectedElement', { elementKey: heading })).toEqual({ elementKey: heading });
  const selected = await harness.waitFor('SELECTED_ELEMENT_KEY', heading);
  expect(selected.payload.outerHTML).toContain('<h1');
  let outlines = await outlinesIn(harness.frame);
  const primary = outlines.find((o) => o.layer === 'primary')!;
  expect(primary.key).toBe(heading);
  expect(primary.border).toBe('solid rgb(69, 151, 247) 2px');
  expect(primary.zIndex).toBe('2000000002');
  const headingBox = await harness.frame.locator('h1').boundingBox();
  expect(primary.width).toBeCloseTo(headingBox!.width, 0);
  // The size and name labels, inside the shadow root where the page's CSS cannot reach.
  const labels = await harness.frame.evaluate(() =>
    Array.from(document.getElementById("plantation-studio-overlay")!.shadowRoot!.querySelectorAll(".label")).map((l) => l.textContent),
  );
  expect(labels).toContain(`${Math.round(headingBox!.width)} x ${Math.round(headingBox!.height)}`);
  expect(labels).toContain('h1');
  expect(await harness.frame.evaluate(() => document.body.contains(document.getElementById('plantation-studio-overlay')))).toBe(false);

  await harness.call('setZoomPerc', { zoomPerc: 2 });
  outlines = await outlinesIn(harness.frame);
  expect(outlines.find((o) => o.layer === 'primary')!.border).toBe('solid rgb(69, 151, 247) 1px');
  await harness.call('setAiContext', { aiContext: true });
  outlines = await outlinesIn(harness.frame);
  expect(outlines.find((o) => o.layer === 'primary')!.border).toBe('solid rgb(104, 88, 245) 1px');
  await harness.call('setAiContext', { aiContext: false });
  await harness.call('setZoomPerc', { zoomPerc: 1 });

  await harness.call('setHoveredElement', { elementKey: brand });
  await harness.waitFor('HOVERED_ELEMENT_KEY', brand);
  outlines = await outlinesIn(harness.frame);
  const secondary = outlines.find((o) => o.layer === 'secondary')!;
  expect(secondary).toMatchObject({ key: brand, border: 'solid rgb(69, 151, 247) 1px', zIndex: '2000000001' });
  await harness.call('clearHoveredOutlines');
  expect((await outlinesIn(harness.frame)).some((o) => o.layer === 'secondary')).toBe(false);

  expect(await harness.call('setMultiselectedElementKeys', { elementKeys: [heading, brand] })).toEqual({ elementKeys: [heading, brand] });
  await harness.waitFor('MULTI_SELECTED_ELEMENT_KEYS', brand);
  outlines = await outlinesIn(harness.frame);
  expect(outlines.filter((o) => o.layer === 'primary').map((o) => o.key).sort()).toEqual([heading, brand].sort());

  // A component selected: its outline has the component colour; its children are outlined dashed.
  const tree = await latestTree(harness);
  const form = findNode(tree, (node) => node.tagName === 'form')!;
  await harness.call('setSelectedElement', { elementKey: form.key });
  outlines = await outlinesIn(harness.frame);
  expect(outlines.filter((o) => o.layer === 'child').length).toBe(form.children.length);
  expect(outlines.find((o) => o.layer === 'child')!.border).toMatch(/^dashed rgb\(69, 151, 247\)/);
  const component = findNode(tree, (node) => node.name === 'TextField')!;
  await harness.call('setSelectedElement', { elementKey: component.key });
  outlines = await outlinesIn(harness.frame);
  expect(outlines.find((o) => o.layer === 'component')!.border).toBe('solid rgb(97, 131, 228) 2px');
});

test('drive mode hides outlines, lets the page be used, and is kept per storyboard in session storage', async ({ page, baseURL }) => {
  const harness = await openHarness(page, baseURL!);
  await harness.call('initProject', { storyboardId: 'drive-sb' });
  const heading = await keyOfSelector(harness, 'h1');
  await harness.call('setSelectedElement', { elementKey: heading });
  expect((await outlinesIn(harness.frame)).length).toBeGreaterThan(0);

  expect(await harness.call('enableDriveMode')).toEqual({ driveMode: true });
  expect(await outlinesIn(harness.frame)).toEqual([]);
  expect(await harness.frame.evaluate(() => sessionStorage.getItem('plantation-studio:drive-mode:drive-sb'))).toBe('true');
  // In drive mode a click is the page's own: typing into the field works, hover is not reported.
  await harness.clearMessages();
  await harness.frame.getByLabel('Tên đăng nhập').fill('demo');
  await expect(harness.frame.getByLabel('Tên đăng nhập')).toHaveValue('demo');
  expect(await harness.messages('HOVERED_ELEMENT_KEY')).toEqual([]);
  expect(await harness.messages('SELECTED_ELEMENT_KEY')).toEqual([]);

  // Kept across a reload of the frame.
  await harness.frame.evaluate(() => location.reload());
  await harness.waitFor('OVERLAY_READY');
  await expect(harness.frame.locator('button[type=submit]')).toBeVisible();
  await harness.call('initProject', { storyboardId: 'drive-sb' });
  expect(await harness.frame.evaluate(() => document.getElementById('plantation-studio-cursor'))).toBeNull();
  await harness.call('setSelectedElement', { elementKey: heading });
  expect(await outlinesIn(harness.frame)).toEqual([]);

  expect(await harness.call('disableDriveMode')).toEqual({ driveMode: false });
  expect(await harness.frame.evaluate(() => sessionStorage.getItem('plantation-studio:drive-mode:drive-sb'))).toBeNull();
  expect(await harness.frame.evaluate(() => getComputedStyle(document.querySelector('button')!).cursor)).toBe('default');
  expect((await outlinesIn(harness.frame)).length).toBeGreaterThan(0);
});

test('the frame query: storyboard=true fills the viewport; type=STORY makes the page transparent and still', async ({ page, baseURL }) => {
  const harness = await openHarness(page, baseURL!, { framePath: '/login?storyboard=true&type=STORY&debugLog=true' });
  const layout = await harness.frame.evaluate(() => ({
    rootWidth: document.getElementById('root')!.getBoundingClientRect().width,
    viewport: window.innerWidth,
    htmlOverflow: getComputedStyle(document.documentElement).overflow,
    bodyBackground: getComputedStyle(document.body).backgroundColor,
  }));
  expect(layout.rootWidth).toBe(layout.viewport);
  expect(layout.htmlOverflow).toBe('hidden');
  expect(layout.bodyBackground).toBe('rgba(0, 0, 0, 0)');
});


/** Adds 5,000 identified elements to the console page: a tree of more than ten parts. */
async function appendFiveThousandItems(harness: Harness): Promise<void> {
  await harness.frame.evaluate(() => {
    const section = document.createElement('section');
    for (let i = 0; i < 5000; i++) {
      const item = document.createElement('div');
      item.setAttribute('data-codebase-id', `tempo-00000000-0000-5000-8000-${String(i).padStart(12, '0')}`);
      item.textContent = `Cây ${i}`;
      section.appendChild(item);
    }
    document.body.appendChild(section);
  });
}

test('the nav tree of a page of 5,000 elements is built in slices over animation frames and has them all', async ({ page, baseURL }) => {
  const harness = await openHarness(page, baseURL!);
  await harness.frame.evaluate(() => {
    const counter = window as unknown as { framesAsked: number };
    counter.framesAsked = 0;
    const ask = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => {
      counter.framesAsked++;
      return ask(callback);
    };
  });
  await appendFiveThousandItems(harness);
  // Counted in the parent page: the tree is too big to be worth copying out to the test.
  const count = await page.evaluate(async (assembled) => {
    const harness = (window as unknown as { harness: { waitFor(p: (m: { type: string; payload: { navTree: TreeNode } }) => boolean): Promise<{ payload: { navTree: TreeNode } }> } }).harness;
    const last = 'tempo-00000000-0000-5000-8000-000000004999';
    const hasLast = (node: TreeNode): boolean => node.tempoElement.codebaseId === last || node.children.some(hasLast);
    const message = await harness.waitFor((m) => m.type === assembled && hasLast(m.payload.navTree));
    let found = 0;
    const stack = [message.payload.navTree];
    while (stack.length) {
      const node = stack.pop()!;
      if (node.tempoElement.codebaseId.startsWith('tempo-00000000-0000-5000-8000-')) found++;
      stack.push(...node.children);
    }
    return found;
  }, ASSEMBLED_NAV_TREE);
  expect(count).toBe(5000);
  expect(await harness.frame.evaluate(() => (window as unknown as { framesAsked: number }).framesAsked)).toBeGreaterThan(1);

  // It came in parts of a bounded size, each build's numbered in order, and the end names what was sent.
  const parts = (await harness.messages('NAV_TREE_PART')).map((m) => m.payload as { buildId: number; partIndex: number; partCount: number; nodes: unknown[] });
  const ends = (await harness.messages('NAV_TREE')).map((m) => m.payload as { buildId: number; partCount: number; nodeCount: number });
  const big = ends.find((end) => end.nodeCount > 5000)!;
  expect(big).toBeDefined();
  const bigParts = parts.filter((part) => part.buildId === big.buildId);
  expect(bigParts.map((part) => part.partIndex)).toEqual([...Array(big.partCount).keys()]);
  expect(big.partCount).toBe(Math.ceil(big.nodeCount / NAV_TREE_PART_NODES));
  expect(bigParts.every((part) => part.nodes.length <= NAV_TREE_PART_NODES)).toBe(true);
  expect(bigParts.reduce((sum, part) => sum + part.nodes.length, 0)).toBe(big.nodeCount);
  expect(await harness.treeErrors()).toEqual([]);
});

test("a rebuild asked for while a big tree is being sent supersedes the rest of that tree's parts", async ({ page, baseURL }) => {
  const harness = await openHarness(page, baseURL!);
  await harness.clearMessages();
  await appendFiveThousandItems(harness);
  const last = 'tempo-00000000-0000-5000-8000-000000004999';
  // In the parent page, so the new request goes out right as the first part of the big tree arrives.
  const outcome = await page.evaluate(
    async ({ assembled, last }) => {
      type Message = { type: string; payload: Record<string, unknown> };
      type Node = { name: string; tempoElement: { codebaseId: string }; children: Node[] };
      const harness = (window as unknown as { harness: { waitFor(p: (m: Message) => boolean, ms?: number): Promise<Message>; call(n: string, a: unknown): Promise<unknown> } }).harness;
      const first = await harness.waitFor((m) => m.type === 'NAV_TREE_PART' && m.payload.partIndex === 0 && (m.payload.partCount as number) > 2, 20_000);
      const firstBuild = first.payload.buildId as number;
      await harness.call('setNewLookups', { lookups: { [last]: { name: 'Cây cuối' } } });
      const tree = await harness.waitFor((m) => m.type === assembled, 20_000);
      const find = (node: Node): Node | undefined => (node.tempoElement.codebaseId === last ? node : node.children.map(find).find(Boolean));
      return { firstBuild, firstPartCount: first.payload.partCount as number, treeBuild: tree.payload.buildId as number, lastName: find(tree.payload.navTree as Node)?.name };
    },
    { assembled: ASSEMBLED_NAV_TREE, last },
  );
  expect(outcome.treeBuild).toBeGreaterThan(outcome.firstBuild);
  expect(outcome.lastName).toBe('Cây cuối');
  const firstParts = (await harness.messages('NAV_TREE_PART')).filter((m) => m.payload.buildId === outcome.firstBuild);
  expect(firstParts.length).toBeLessThan(outcome.firstPartCount);
  expect((await harness.messages('NAV_TREE')).map((m) => m.payload.buildId)).toEqual([outcome.treeBuild]);
  expect((await harness.messages(ASSEMBLED_NAV_TREE)).map((m) => m.payload.buildId)).toEqual([outcome.treeBuild]);
  expect(await harness.treeErrors()).toEqual([]);
});

test('the nav tree of the signed-in console: the shell and its screens as components, every node identified', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  const harness = await openHarness(page, baseURL!, { framePath: '/' });
  await expect(harness.frame.getByRole('heading', { level: 1 })).toBeVisible();
  // The tree is rebuilt 300 ms after the screen's data has rendered.
  await expect
    .poll(() => page.evaluate(() => JSON.stringify((window as unknown as { harness: { latestTree: unknown } }).harness.latestTree).split('"key"').length))
    .toBeGreaterThan(20);
  const summary = await page.evaluate(() => {
    type Node = { key: string; isComponent: boolean; name: string; props: Record<string, { type: string }>; children: Node[]; tempoElement: { codebaseId: string; uniquePath: string } };
    const tree = (window as unknown as { harness: { latestTree: Node } }).harness.latestTree;
    let nodes = 0;
    const components = new Set<string>();
    const propTypes = new Set<string>();
    let badKeys = 0;
    const stack = [tree];
    while (stack.length) {
      const node = stack.pop()!;
      nodes++;
      if (node.isComponent) components.add(node.name);
      for (const prop of Object.values(node.props)) propTypes.add(prop.type);
      if (node.key !== `${node.tempoElement.codebaseId}|console|${node.tempoElement.uniquePath}`) badKeys++;
      stack.push(...node.children);
    }
    return { nodes, components: [...components], propTypes: [...propTypes], badKeys };
  });
  expect(summary.nodes).toBeGreaterThan(20);
  expect(summary.components.length).toBeGreaterThanOrEqual(3);
  expect(summary.propTypes).toEqual(expect.arrayContaining(['LITERAL']));
  expect(summary.badKeys).toBe(0);
});

