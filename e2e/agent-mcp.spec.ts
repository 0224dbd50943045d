/**
 * A coding agent and a person on the same studio, end to end: the real `dev` on an `init` copy of the console, the
 * studio open in Chromium, and `plantation-studio mcp` driven by the MCP SDK's own client over stdio, as an agent's
 * client drives it. The person selects with a real click; the agent reads it (`file:line`, an image), changes it (the
 * frame shows it, the file has it, Changes marks it as the agent's), undoes it to the bytes, takes a screenshot of the
 * frame, and hears when the person selects something else.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ResourceUpdatedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, test, type Page } from '@playwright/test';
import type { AgentSelection } from '../contracts/agent-api.js';
import { captureBox } from '../overlay/src/capture-box.js';
import { signIn } from './session.js';
import { initConsoleCopy, openCanvas, type StudioPage } from './studio-page.js';
import { startStudio, type StudioProcess } from './studio-process.js';

const BIN = fileURLToPath(new URL('../bin/plantation-studio.js', import.meta.url));
/** The countries page, the console's home: its heading is written in this one file. */
const LIST_FILE = 'src/features/countries/country-list-page.tsx';
const HEADING = '<h1 className="mt-3 text-3xl font-bold">World Countries</h1>';

test.describe.configure({ mode: 'serial' });

/** A PNG's width and height, from its header. */
function pngSize(base64: string): { width: number; height: number } {
  const bytes = Buffer.from(base64, 'base64');
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** An image's size as the browser decodes it (a PNG or a JPEG). */
function decodedSize(page: Page, image: { mimeType: string; data: string }): Promise<{ width: number; height: number }> {
  return page.evaluate(async ({ mimeType, data }) => {
    const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(data), (char) => char.charCodeAt(0))], { type: mimeType }));
    return { width: bitmap.width, height: bitmap.height };
  }, image);
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.flatMap((content) => (content.type === 'text' ? [content.text] : [])).join('\n');
  expect(result.isError ?? false, `${name}: ${text}`).toBe(false);
  return result;
}

const textOf = (result: CallToolResult) => result.content.flatMap((content) => (content.type === 'text' ? [content.text] : [])).join('\n');
const imagesOf = (result: CallToolResult) => result.content.flatMap((content) => (content.type === 'image' ? [content] : []));

test.describe('a coding agent over MCP beside a person in the studio', () => {
  let dir: string;
  let root: string;
  let server: StudioProcess;
  let client: Client;
  let stderr = '';
  const updates: string[] = [];

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    ({ dir, root } = await initConsoleCopy('plantation-studio-agent-mcp-'));
    server = await startStudio(['dev', '--root', root]);
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', '--root', root], stderr: 'pipe' });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    client = new Client({ name: 'agent-mcp-spec', version: '1.0.0' });
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => void updates.push(notification.params.uri));
    await client.connect(transport);
  });
  test.afterAll(async () => {
    await client?.close();
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  async function openStudio(page: Page): Promise<StudioPage> {
    await signIn(page, server.url);
    const canvasId = `agent-mcp-${test.info().repeatEachIndex}`;
    // A fresh dev server compiles the console's first page on demand: it may take a while on a busy machine.
    return openCanvas(page, server.url, canvasId, (studio) =>
      expect(studio.frame.getByRole('heading', { level: 1, name: 'World Countries' })).toBeVisible({ timeout: 60_000 }),
    );
  }

  test('reads what the person selected, changes it as the studio does, undoes it, and sees the frame', async ({ page }) => {
    test.setTimeout(180_000);
    const file = join(root, LIST_FILE);
    const original = await readFile(file, 'utf8');
    expect(original).toContain(HEADING);
    const studio = await openStudio(page);
    const heading = studio.frame.getByRole('heading', { level: 1, name: 'World Countries' });
    await heading.click();
    await expect(studio.layers.getByRole('treeitem', { name: 'h1', selected: true })).toBeVisible({ timeout: 20_000 });

    // The selection, with where it is written and a picture of it the size of the element.
    const selection = await call(client, 'get_selection');
    const line = original.split('\n').findIndex((text) => text.includes(HEADING)) + 1;
    expect(textOf(selection)).toContain(`at ${LIST_FILE}:${line}:`);
    expect(textOf(selection)).toContain(HEADING);
    const [picture] = imagesOf(selection);
    expect(picture?.mimeType).toMatch(/^image\/(png|jpeg)$/);
    // The overlay's capture of the element: its box (kept within the capture's bounds) at the capture's pixel ratio.
    const rect = await heading.evaluate((node) => node.getBoundingClientRect().toJSON() as { width: number; height: number });
    const box = captureBox(rect.width, rect.height);
    expect(await decodedSize(page, picture!)).toEqual({ width: Math.floor(box.width * box.pixelRatio), height: Math.floor(box.height * box.pixelRatio) });
    const codebaseId = /codebaseId: (tempo-[0-9a-f-]+)/.exec(textOf(selection))?.[1];
    expect(codebaseId).toBeTruthy();

    // The agent's change: written, shown in the frame, listed in Changes as the agent's.
    const applied = await call(client, 'apply_change', { kind: 'addClass', body: { reactElement: { codebaseId }, className: 'underline' } });
    expect(textOf(applied)).toContain(`written to ${LIST_FILE}`);
    expect(textOf(applied)).toContain('The studio page made it');
    expect(await readFile(file, 'utf8')).toBe(original.replace(HEADING, '<h1 className="mt-3 text-3xl font-bold underline">World Countries</h1>'));
    await expect(heading).toHaveCSS('text-decoration-line', 'underline');
    const row = studio.changes.getByRole('listitem', { name: 'Add class underline: Succeeded (by an agent)' });
    await expect(row).toBeVisible({ timeout: 20_000 });
    expect(textOf(await call(client, 'list_changes'))).toMatch(/"Add class underline" \(addClass\) by agent agent-mcp-spec \(session [0-9a-f-]+\) at /);

    // Its undo puts the bytes back, and the frame with them.
    await call(client, 'undo');
    expect(await readFile(file, 'utf8')).toBe(original);
    await expect(heading).toHaveCSS('text-decoration-line', 'none');

    // A screenshot of the frame, at its viewport's size.
    const shot = await call(client, 'screenshot');
    const viewport = await heading.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
    const [frameImage] = imagesOf(shot);
    expect(frameImage?.mimeType).toBe('image/png');
    expect(pngSize(frameImage!.data)).toEqual(viewport);
    expect(textOf(shot)).toContain(`viewport ${viewport.width}×${viewport.height}`);
  });

  test('hears that the person selected something else, and reads it from the selection resource', async ({ page }) => {
    test.setTimeout(180_000);
    const studio = await openStudio(page);
    await client.subscribeResource({ uri: 'studio://selection' });
    const heard = updates.length;
    const refresh = studio.frame.getByRole('button', { name: 'Refresh Data' });
    await refresh.click();
    await expect(studio.layers.getByRole('treeitem', { name: 'button', selected: true })).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => updates.slice(heard).includes('studio://selection'), { timeout: 20_000 }).toBe(true);
    const read = await client.readResource({ uri: 'studio://selection' });
    const content = read.contents[0] as { mimeType?: string; text: string };
    expect(content.mimeType).toBe('application/json');
    const selection = JSON.parse(content.text) as AgentSelection;
    const [element] = selection.frames.flatMap((frame) => frame.elements);
    expect(element?.tagName).toBe('button');
    expect(element?.source?.file).toBe(LIST_FILE);
    expect(element?.image, 'the resource carries no images').toBeUndefined();
    await client.unsubscribeResource({ uri: 'studio://selection' });
    expect(stderr, 'the MCP server logged nothing unexpected').not.toMatch(/Error|error/);
  });
});
