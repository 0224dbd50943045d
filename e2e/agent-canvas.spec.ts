/**
 * A coding agent acting on the canvas the person is looking at, end to end: the real `dev` on an `init` copy of the
 * console, the studio open in Chromium, and `plantation-studio mcp` driven by the MCP SDK's client over stdio. The
 * agent lists the elements the frame shows (and pages through them), reads the page's console messages and uncaught
 * errors since a time, opens a frame at another route and viewport (and is given that frame again when it asks
 * twice), points the person at an element (the studio selects it, or only outlines it), and takes a screenshot of a
 * route no frame shows: a frame is opened for it, never another frame's picture taken.
 */
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, test, type Page } from '@playwright/test';
import type { AgentFrameElements, AgentOpenedFrame, AgentPageMessages, AgentPointed } from '../contracts/agent-api.js';
import { signIn } from './session.js';
import { initConsoleCopy, openCanvas, type StudioPage } from './studio-page.js';
import { startStudio, type StudioProcess } from './studio-process.js';

const BIN = fileURLToPath(new URL('../bin/plantation-studio.js', import.meta.url));

test.describe.configure({ mode: 'serial' });

const textOf = (result: CallToolResult) => result.content.flatMap((content) => (content.type === 'text' ? [content.text] : [])).join('\n');

async function call<T>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ result: CallToolResult; data: T }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError ?? false, `${name}: ${textOf(result)}`).toBe(false);
  return { result, data: result.structuredContent as T };
}

/** How many colours a sample of the PNG's pixels has, as the studio page decodes it. */
function coloursIn(page: Page, data: string): Promise<number> {
  return page.evaluate(async (base64) => {
    const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const seen = new Set<number>();
    for (let index = 0; index < pixels.length; index += 4 * 97) seen.add((pixels[index]! << 16) | (pixels[index + 1]! << 8) | pixels[index + 2]!);
    return seen.size;
  }, data);
}

/**
 * What the PNG shows of the console's layout: whether its dark sidebar runs down the left (a blank page, or one still
 * on its loading screen, is light there), and the share of the main part's pixels that are not its background (a
 * spinner on white is a tiny share; a list of records is not).
 */
function pictured(page: Page, data: string): Promise<{ shell: boolean; content: number }> {
  return page.evaluate(async (base64) => {
    const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const [red, green, blue] = context.getImageData(8, Math.round(bitmap.height * 0.7), 1, 1).data;
    const main = context.getImageData(300, 0, bitmap.width - 300, bitmap.height).data;
    const counts = new Map<number, number>();
    for (let index = 0; index < main.length; index += 4 * 7) {
      const colour = (main[index]! << 16) | (main[index + 1]! << 8) | main[index + 2]!;
      counts.set(colour, (counts.get(colour) ?? 0) + 1);
    }
    const sampled = [...counts.values()].reduce((sum, count) => sum + count, 0);
    return { shell: 0.2126 * red! + 0.7152 * green! + 0.0722 * blue! < 100, content: 1 - Math.max(...counts.values()) / sampled };
  }, data);
}

/** The drone list answers slowly: a frame opened at /drone shows its layout and a spinner for a while before the list. */
async function slowDroneList(page: Page): Promise<void> {
  await page.route('**/vam/drone/list?**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.continue();
  });
}

test.describe('a coding agent acting on the studio canvas over MCP', () => {
  let dir: string;
  let root: string;
  let server: StudioProcess;
  let client: Client;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    ({ dir, root } = await initConsoleCopy('plantation-studio-agent-canvas-'));
    server = await startStudio(['dev', '--root', root]);
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', '--root', root], stderr: 'pipe' });
    client = new Client({ name: 'agent-canvas-spec', version: '1.0.0' });
    await client.connect(transport);
  });
  test.afterAll(async () => {
    await client?.close();
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  async function openStudio(page: Page, canvasId: string): Promise<StudioPage> {
    await signIn(page, server.url);
    return openCanvas(page, server.url, `${canvasId}-${test.info().repeatEachIndex}`, (studio) =>
      expect(studio.frame.getByRole('heading', { level: 1, name: 'World Countries' })).toBeVisible({ timeout: 60_000 }),
    );
  }

  test('frame_elements lists what the frame shows, with boxes and text, page by page', async ({ page }) => {
    test.setTimeout(180_000);
    const studio = await openStudio(page, 'agent-canvas-elements');
    const heading = studio.frame.getByRole('heading', { level: 1, name: 'World Countries' });
    const rect = await heading.evaluate((node) => {
      const box = node.getBoundingClientRect();
      return { x: Math.round(box.x + window.scrollX), y: Math.round(box.y + window.scrollY), width: Math.round(box.width), height: Math.round(box.height) };
    });
    // The nav tree reaches the studio a moment after the page paints.
    await expect.poll(async () => textOf((await call<AgentFrameElements>(client, 'frame_elements', { limit: 200 })).result), { timeout: 20_000 }).toContain('"World Countries"');
    const { data: all } = await call<AgentFrameElements>(client, 'frame_elements', { limit: 200 });
    const found = all.elements.find((element) => element.text === 'World Countries');
    expect(found?.tagName).toBe('h1');
    expect(found?.codebaseId).toMatch(/^tempo-/);
    expect(found?.box).toEqual(rect);
    expect(all.viewport).toMatchObject({ width: 1280, height: 800 });

    // Paged: two pages of two are the first four, in order, and the first says where the next starts.
    const { data: first } = await call<AgentFrameElements>(client, 'frame_elements', { limit: 2 });
    const { data: second } = await call<AgentFrameElements>(client, 'frame_elements', { limit: 2, offset: first.nextOffset });
    expect(first.nextOffset).toBe(2);
    expect([...first.elements, ...second.elements].map((element) => element.elementKey)).toEqual(all.elements.slice(0, 4).map((element) => element.elementKey));
    expect(first.total).toBe(all.total);

    // A route no frame shows is refused, naming open_frame.
    const refused = (await client.callTool({ name: 'frame_elements', arguments: { route: '/nowhere' } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('open_frame');
  });

  test('page_messages answers the console messages and uncaught errors since a time', async ({ page }) => {
    test.setTimeout(180_000);
    const studio = await openStudio(page, 'agent-canvas-messages');
    const body = studio.frame.locator('body');
    await body.evaluate(() => console.warn('before the mark'));
    const since = Date.now() + 1;
    await page.waitForTimeout(5);
    await body.evaluate(() => {
      console.error('agent canvas: a console error', { code: 7 });
      setTimeout(() => {
        throw new Error('agent canvas: thrown');
      });
      void Promise.reject(new Error('agent canvas: rejected'));
    });
    await expect
      .poll(async () => (await call<AgentPageMessages>(client, 'page_messages', { since })).data.messages.map((message) => `${message.level} ${message.source} ${message.text}`), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['error console agent canvas: a console error {"code":7}', 'error error Error: agent canvas: thrown', 'error rejection Unhandled rejection: Error: agent canvas: rejected']));
    const { data } = await call<AgentPageMessages>(client, 'page_messages', { since });
    expect(data.messages.map((message) => message.text)).not.toContain('before the mark');
    const { data: warnings } = await call<AgentPageMessages>(client, 'page_messages', { levels: ['warn'] });
    expect(warnings.messages.map((message) => message.text)).toContain('before the mark');
  });

  test('open_frame opens a frame at a route and viewport, and answers it again when asked twice', async ({ page }) => {
    test.setTimeout(180_000);
    await openStudio(page, 'agent-canvas-open');
    const before = await page.locator('iframe[data-studio-frame-id]').count();
    const { data: opened } = await call<AgentOpenedFrame>(client, 'open_frame', { route: '/drone', viewport: 'mobile' });
    expect(opened).toMatchObject({ route: '/drone', viewport: { width: 375, height: 812 }, opened: true });
    await expect(page.locator('iframe[data-studio-frame-id]')).toHaveCount(before + 1);
    const frame = page.frameLocator(`iframe[data-studio-frame-id="${opened.frameId}"]`);
    await expect(frame.locator('body')).toContainText(/drone/i, { timeout: 30_000 });
    expect(await frame.locator('body').evaluate(() => window.innerWidth)).toBe(375);

    const { data: again } = await call<AgentOpenedFrame>(client, 'open_frame', { route: '/drone', viewport: { width: 375, height: 812 } });
    expect(again).toMatchObject({ frameId: opened.frameId, opened: false });
    await expect(page.locator('iframe[data-studio-frame-id]')).toHaveCount(before + 1);
    // The new frame answers the other canvas tools by its route.
    const { data: elements } = await call<AgentFrameElements>(client, 'frame_elements', { route: '/drone' });
    expect(elements.frameId).toBe(opened.frameId);
  });

  test('point_at selects an element for the person, or only outlines it', async ({ page }) => {
    test.setTimeout(180_000);
    const studio = await openStudio(page, 'agent-canvas-point');
    await expect.poll(async () => textOf((await call<AgentFrameElements>(client, 'frame_elements', { limit: 200 })).result), { timeout: 20_000 }).toContain('"World Countries"');
    const { data: all } = await call<AgentFrameElements>(client, 'frame_elements', { limit: 200 });
    const heading = all.elements.find((element) => element.text === 'World Countries')!;
    const { data: pointed } = await call<AgentPointed>(client, 'point_at', { codebaseId: heading.codebaseId });
    expect(pointed).toMatchObject({ mode: 'select', elementKey: heading.elementKey });
    await expect(studio.layers.getByRole('treeitem', { name: 'h1', selected: true })).toBeVisible({ timeout: 10_000 });
    await expect(studio.inspector).toContainText('h1');

    // Out of view: the frame's page is scrolled to it.
    const last = [...(await call<AgentFrameElements>(client, 'frame_elements', { inViewport: false, limit: 200 })).data.elements].reverse().find((element) => element.box.y > 900 && element.box.height > 0);
    if (last) {
      await call<AgentPointed>(client, 'point_at', { codebaseId: last.codebaseId, mode: 'point' });
      await expect.poll(() => studio.frame.locator('body').evaluate(() => window.scrollY)).toBeGreaterThan(0);
      // Pointing keeps the person's selection.
      await expect(studio.layers.getByRole('treeitem', { name: 'h1', selected: true })).toBeVisible();
    }

    const missing = (await client.callTool({ name: 'point_at', arguments: { codebaseId: 'tempo-not-shown' } })) as CallToolResult;
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain('does not show it');
  });

  test('screenshot of a route no frame shows opens a frame for it and pictures that frame', async ({ page }) => {
    test.setTimeout(180_000);
    await openStudio(page, 'agent-canvas-shot');
    await slowDroneList(page);
    const before = await page.locator('iframe[data-studio-frame-id]').count();
    // The frame the person sees, pictured: not a blank image (a copy drawn without its styles would be one colour).
    const first = (await client.callTool({ name: 'screenshot', arguments: {} })) as CallToolResult;
    expect(await coloursIn(page, (first.content.find((content) => content.type === 'image') as { data: string }).data)).toBeGreaterThan(3);
    const result = (await client.callTool({ name: 'screenshot', arguments: { route: '/drone' } })) as CallToolResult;
    expect(result.isError ?? false, textOf(result)).toBe(false);
    const shot = result.structuredContent as { frameId: string; route: string; viewport: { width: number; height: number } };
    expect(shot.route).toBe('/drone');
    await expect(page.locator('iframe[data-studio-frame-id]')).toHaveCount(before + 1);
    await expect(page.locator(`iframe[data-studio-frame-id="${shot.frameId}"]`)).toHaveCount(1);
    const image = result.content.find((content) => content.type === 'image');
    expect(image?.mimeType).toBe('image/png');
    const bytes = Buffer.from(image!.data, 'base64');
    expect({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }).toEqual(shot.viewport);
    // The new frame's page as it has rendered, not its blank start nor its loading screen.
    const seen = await pictured(page, image!.data);
    expect(seen.shell).toBe(true);
    expect(seen.content).toBeGreaterThan(0.03);
  });

  test('screenshot of a frame just opened pictures its page once it has rendered', async ({ page }) => {
    test.setTimeout(180_000);
    await openStudio(page, 'agent-canvas-opened-shot');
    await slowDroneList(page);
    const { data: opened } = await call<AgentOpenedFrame>(client, 'open_frame', { route: '/drone' });
    expect(opened.opened).toBe(true);
    const { result } = await call<{ frameId: string }>(client, 'screenshot', { frameId: opened.frameId });
    const image = result.content.find((content) => content.type === 'image') as { data: string };
    const seen = await pictured(page, image.data);
    expect(seen.shell).toBe(true);
    expect(seen.content).toBeGreaterThan(0.03);
  });
});
