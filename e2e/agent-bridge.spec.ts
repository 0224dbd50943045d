/**
 * The studio page's end of the agent bridge, in real Chromium on the real `dev`: the page opens the bridge stream
 * with its studio token, reports the selection a real click made, and answers what the server asks on that stream —
 * the selection described (file:line, snippet, key styles, the overlay's image of the element at its size) and a
 * frame's screenshot at its viewport. In the first test the server's end of the bridge is played by the test (the
 * page's calls are answered by Playwright's routes), so what is checked is the page's own answers as it posts them;
 * in the second the real server asks, for an agent's call made with the secret of the connection file.
 */
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { Page, Route } from '@playwright/test';
import {
  AGENT_API_PATHS,
  AGENT_API_PREFIX,
  AGENT_CONNECTION_FILE,
  type AgentBridgeAnswer,
  type AgentBridgeHello,
  type AgentBridgeRequest,
  type AgentConnection,
  type AgentScreenshot,
  type AgentSelection,
} from '../contracts/agent-api.js';
import { STUDIO_TOKEN_HEADER, STUDIO_TOKEN_META } from '../contracts/dom.js';
import { STUDIO_API_PATHS, STUDIO_API_PREFIX } from '../contracts/studio-routes.js';
import { captureBox } from '../overlay/src/capture-box.js';
import { expect, test } from './fixtures.js';
import { signIn } from './session.js';
import { initConsoleCopy, openCanvas } from './studio-page.js';
import { startStudio, type StudioProcess } from './studio-process.js';

const BRIDGE = `${STUDIO_API_PREFIX}${STUDIO_API_PATHS.agentBridge}`;
const ANSWER = `${STUDIO_API_PREFIX}${STUDIO_API_PATHS.agentBridgeAnswer}`;
const SELECTION = `${STUDIO_API_PREFIX}${STUDIO_API_PATHS.agentBridgeSelection}`;
const IMAGE = `${STUDIO_API_PREFIX}${STUDIO_API_PATHS.agentBridgeAnswerImage}`;

/** The server's end of the bridge, played with routes: streams opened, requests sent down them, answers posted. */
class PlayedBridgeServer {
  readonly opened: Array<{ hello: AgentBridgeHello; token: string | undefined; contentType: string | undefined }> = [];
  readonly answers = new Map<string, AgentBridgeAnswer & { token: string | undefined }>();
  readonly selectionReports: AgentBridgeHello[] = [];
  /** The pictures uploaded apart, by request id: the body, its type and token. */
  readonly images = new Map<string, { pageId: string | null; body: Buffer; contentType: string | undefined; token: string | undefined }>();
  /**
   * The stream the page has open and not yet answered: the page keeps one at a time, so a newer one means it dropped
   * the older (whose route would take a body no one reads).
   */
  private held: Route | null = null;
  private queued: string[] = [];

  async install(page: Page): Promise<void> {
    await page.route(
      (url) => url.pathname === BRIDGE,
      async (route) => {
        const request = route.request();
        this.opened.push({ hello: request.postDataJSON() as AgentBridgeHello, token: request.headers()[STUDIO_TOKEN_HEADER], contentType: request.headers()['content-type'] });
        this.held = null;
        if (this.queued.length > 0) await this.flush(route);
        else this.held = route;
      },
    );
    await page.route(
      (url) => url.pathname === ANSWER,
      async (route) => {
        const answer = route.request().postDataJSON() as AgentBridgeAnswer;
        this.answers.set(answer.requestId, { ...answer, token: route.request().headers()[STUDIO_TOKEN_HEADER] });
        await route.fulfill({ status: 200, json: { received: true } });
      },
    );
    await page.route(
      (url) => url.pathname === IMAGE,
      async (route) => {
        const request = route.request();
        const query = new URL(request.url()).searchParams;
        const upload = { pageId: query.get('pageId'), body: request.postDataBuffer() ?? Buffer.alloc(0), contentType: request.headers()['content-type'], token: request.headers()[STUDIO_TOKEN_HEADER] };
        this.images.set(query.get('requestId') ?? '', upload);
        await route.fulfill({ status: 200, json: { ok: true } });
      },
    );
    await page.route(
      (url) => url.pathname === SELECTION,
      async (route) => {
        this.selectionReports.push(route.request().postDataJSON() as AgentBridgeHello);
        await route.fulfill({ status: 200, json: { received: true } });
      },
    );
  }

  /** Sends requests down the page's open stream (or the next one it opens), which then ends, as a restart would. */
  async send(...requests: AgentBridgeRequest[]): Promise<void> {
    this.queued.push(...requests.map((request) => JSON.stringify(request)));
    const route = this.held;
    this.held = null;
    // Else the page is between two streams: the next one it opens takes them.
    if (route) await this.flush(route);
  }

  /** The page's answer, a picture it uploaded apart put in as the server does (base64 in place of `attached`). */
  async answer<T>(requestId: string): Promise<AgentBridgeAnswer & { token: string | undefined; result?: T }> {
    await expect.poll(() => this.answers.has(requestId), { timeout: 30_000, message: `the page answers ${requestId}` }).toBe(true);
    const answer = this.answers.get(requestId)!;
    const result = answer.ok ? (answer.result as { image?: { attached?: boolean } }) : null;
    const upload = this.images.get(requestId);
    if (!result?.image?.attached || !upload) return answer as AgentBridgeAnswer & { token: string | undefined; result?: T };
    return { ...answer, result: { ...result, image: { mimeType: 'image/png', data: upload.body.toString('base64') } } } as AgentBridgeAnswer & { token: string | undefined; result?: T };
  }

  private async flush(route: Route): Promise<void> {
    const lines = this.queued;
    this.queued = [];
    await route.fulfill({ status: 200, contentType: 'application/x-ndjson', body: `${JSON.stringify({ type: 'keepalive' })}\n${lines.join('\n')}\n` });
  }
}

/** The width and height a PNG or JPEG says it has, read from its header (and that it is the type it says). */
function imageHeader(base64: string): { type: 'png' | 'jpeg'; width: number; height: number } {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { type: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    for (let offset = 2; offset + 9 < bytes.length; ) {
      if (bytes[offset] !== 0xff) throw new Error(`not a JPEG marker at ${offset}`);
      const marker = bytes[offset + 1]!;
      const length = bytes.readUInt16BE(offset + 2);
      // SOF0 to SOF15, except DHT (C4), JPG (C8) and DAC (CC): the frame header with the size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { type: 'jpeg', height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
      }
      offset += 2 + length;
    }
  }
  throw new Error('neither a PNG nor a JPEG');
}

/** Decodes an image in the page, as a browser draws it: its size, and how much of it is the header's green. */
async function decodeInPage(page: Page, mimeType: string, base64: string): Promise<{ width: number; height: number; green: number }> {
  return page.evaluate(
    async ({ mimeType, base64 }) => {
      const blob = await (await fetch(`data:${mimeType};base64,${base64}`)).blob();
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const data = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      let green = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i + 1]! > data[i]! + 40 && data[i + 1]! > 80) green++;
      return { width: bitmap.width, height: bitmap.height, green: green / (data.length / 4) };
    },
    { mimeType, base64 },
  );
}

test.describe('the agent bridge in the studio page', () => {
  test('answers describe-selection and capture-frame for an element selected with a click', async ({ page, baseURL }) => {
    // Two captures drawn by html-to-image on a busy two-core machine: more than the default minute may be needed.
    test.setTimeout(90_000);
    const server = new PlayedBridgeServer();
    await server.install(page);
    await signIn(page, baseURL!);
    const canvasId = `agent-bridge-${randomUUID().slice(0, 8)}`;
    const studio = await openCanvas(page, baseURL!, canvasId, async (parts) => {
      await expect(parts.frame.getByRole('heading', { name: 'World Countries' })).toBeVisible({ timeout: 30_000 });
    });
    const token = await page.locator(`meta[name="${STUDIO_TOKEN_META}"]`).getAttribute('content');
    expect(token).toBeTruthy();

    // The page opened its stream as a studio call: its hello, its token, a JSON body.
    await expect.poll(() => server.opened.some((open) => open.hello.canvasId === canvasId)).toBe(true);
    // From the first stream on, before the canvas has even come: the page says the canvas its address opens.
    expect(server.opened.map((candidate) => candidate.hello.canvasId)).toEqual(server.opened.map(() => canvasId));
    const open = server.opened.at(-1)!;
    expect(open.hello.pageId).toMatch(/^[A-Za-z0-9-]+$/);
    expect(open.token).toBe(token);
    expect(open.contentType).toContain('application/json');
    const { pageId } = open.hello;

    // Nothing selected yet: an empty selection, not an error.
    await server.send({ type: 'describe-selection', requestId: 'empty' });
    expect(await server.answer('empty')).toMatchObject({ pageId, ok: true, result: { canvasId, frames: [] } });

    const heading = studio.frame.getByRole('heading', { name: 'World Countries' });
    await heading.click();
    await expect(page.getByLabel('Selected element')).toContainText('h1');
    await expect.poll(() => server.selectionReports.filter((report) => report.pageId === pageId && report.canvasId === canvasId).length).toBeGreaterThan(0);

    await server.send({ type: 'describe-selection', requestId: 'selection' }, { type: 'capture-frame', requestId: 'frame' }, { type: 'capture-frame', requestId: 'unknown', frameId: 'no-such-frame' });

    const described = await server.answer<AgentSelection>('selection');
    expect(described).toMatchObject({ pageId, ok: true });
    expect(described.token).toBe(token);
    const selection = described.result!;
    expect(selection.canvasId).toBe(canvasId);
    expect(selection.frames).toHaveLength(1);
    const [frame] = selection.frames;
    expect(frame!.route).toBe('/');
    expect(frame!.elements).toHaveLength(1);
    const [element] = frame!.elements;
    expect(element).toMatchObject({ tagName: 'h1', name: 'h1' });
    expect(element!.source).toMatchObject({ file: 'src/features/countries/country-list-page.tsx', line: 75, component: null, rendering: 'static' });
    expect(element!.source!.snippet).toBe('<h1 className="mt-3 text-3xl font-bold">World Countries</h1>');
    expect(element!.source!.classes?.always).toEqual(['mt-3', 'text-3xl', 'font-bold']);
    expect(element!.keyStyles).toMatchObject({ 'font-size': '30px', 'font-weight': '700', color: 'rgb(255, 255, 255)' });
    // The element's image: a JPEG of the element's box (the capture's bounds) at the capture's pixel ratio.
    expect(element!.imageError).toBeUndefined();
    expect(element!.image?.mimeType).toBe('image/jpeg');
    const size = await heading.evaluate((node) => {
      const rect = node.getBoundingClientRect();
      return { width: rect.width, height: rect.height };
    });
    const box = captureBox(size.width, size.height);
    const expected = { width: Math.floor(box.width * box.pixelRatio), height: Math.floor(box.height * box.pixelRatio) };
    expect(imageHeader(element!.image!.data)).toEqual({ type: 'jpeg', ...expected });
    const drawn = await decodeInPage(page, element!.image!.mimeType, element!.image!.data);
    expect({ width: drawn.width, height: drawn.height }).toEqual(expected);
    // White letters drawn on the header's green, as the page shows them.
    expect(drawn.green).toBeGreaterThan(0.5);

    // The frame: the selection's (the canvas has one), as a PNG of its viewport.
    const shot = await server.answer<AgentScreenshot>('frame');
    // Its picture came apart, before the answer: a PNG body of the page, with the token, never base64 in the answer.
    expect(server.answers.get('frame')).toMatchObject({ ok: true, result: { image: { mimeType: 'image/png', attached: true } } });
    expect(server.images.get('frame')).toMatchObject({ pageId, contentType: 'image/png', token });
    expect(shot).toMatchObject({ pageId, ok: true, result: { frameId: frame!.frameId, frameName: frame!.frameName, route: '/', viewport: { width: 1280, height: 800 } } });
    expect(shot.result!.image.mimeType).toBe('image/png');
    expect(imageHeader(shot.result!.image.data)).toEqual({ type: 'png', width: 1280, height: 800 });
    const page1 = await decodeInPage(page, 'image/png', shot.result!.image.data);
    expect({ width: page1.width, height: page1.height }).toEqual({ width: 1280, height: 800 });
    // The page's green header is in it: a drawn page, not a blank one.
    expect(page1.green).toBeGreaterThan(0.02);

    const unknown = await server.answer('unknown');
    expect(unknown).toMatchObject({ pageId, ok: false, error: { code: 'NOT_FOUND', statusCode: 404 } });
    expect(unknown.ok === false && unknown.error.message).toContain(`"${frame!.frameId}"`);
  });
});

/** An agent call as the MCP server makes it: plain HTTP from Node, with the secret, no mark of a browser. */
function agentCall<T>(baseUrl: string, secret: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${AGENT_API_PREFIX}${path}`, baseUrl);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = httpRequest(
      url,
      { method, headers: { authorization: `Bearer ${secret}`, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as T }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

test.describe('the agent bridge through the real server', () => {
  let dir: string;
  let root: string;
  let studio: StudioProcess;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    ({ dir, root } = await initConsoleCopy('plantation-studio-agent-bridge-'));
    studio = await startStudio(['dev', '--root', root]);
  });
  test.afterAll(async () => {
    await studio?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test("an agent's selection and screenshot calls are answered by the studio page", async ({ page }) => {
    // A new dev server compiles the console on its first page: on a busy two-core machine that alone can take a while.
    test.setTimeout(120_000);
    const connection = JSON.parse(await readFile(join(root, AGENT_CONNECTION_FILE), 'utf8')) as AgentConnection;
    await signIn(page, studio.url);
    const parts = await openCanvas(page, studio.url, 'agent', async (opened) => {
      await expect(opened.frame.getByRole('heading', { name: 'World Countries' })).toBeVisible({ timeout: 60_000 });
    });
    const heading = parts.frame.getByRole('heading', { name: 'World Countries' });
    await heading.click();
    await expect(page.getByLabel('Selected element')).toContainText('h1');

    const selection = await agentCall<AgentSelection>(connection.url, connection.secret, 'GET', AGENT_API_PATHS.selection);
    expect(selection.status, JSON.stringify(selection.body).slice(0, 500)).toBe(200);
    const [element] = selection.body.frames[0]!.elements;
    expect(element!.source).toMatchObject({ file: 'src/features/countries/country-list-page.tsx', line: 75 });
    expect(element!.source!.snippet).toBe('<h1 className="mt-3 text-3xl font-bold">World Countries</h1>');
    const size = await heading.evaluate((node) => {
      const rect = node.getBoundingClientRect();
      return { width: rect.width, height: rect.height };
    });
    const box = captureBox(size.width, size.height);
    expect(imageHeader(element!.image!.data)).toEqual({ type: 'jpeg', width: Math.floor(box.width * box.pixelRatio), height: Math.floor(box.height * box.pixelRatio) });

    const shot = await agentCall<AgentScreenshot>(connection.url, connection.secret, 'POST', AGENT_API_PATHS.screenshot, {});
    expect(shot.status, JSON.stringify(shot.body).slice(0, 500)).toBe(200);
    expect(shot.body).toMatchObject({ route: '/', viewport: { width: 1280, height: 800 } });
    expect(imageHeader(shot.body.image.data)).toEqual({ type: 'png', width: 1280, height: 800 });

    // A frame the canvas does not have: the page's refusal reaches the agent with its code, naming the frames there are.
    const unknown = await agentCall<{ code: string; message: string }>(connection.url, connection.secret, 'POST', AGENT_API_PATHS.screenshot, { frameId: 'no-such-frame' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    expect(unknown.body.message).toContain(`"${shot.body.frameId}"`);
  });
});
