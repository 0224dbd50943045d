/**
 * An agent's change end to end: the real `dev` on an `init` copy of the console, the studio open in Chromium, and the
 * agent calls made as an agent makes them (the secret from the project's connection file, no mark of a browser).
 * The studio page carries the change out with its own engine: the frame shows it, the file has its bytes, Changes
 * lists it as the agent's (also after a reload), and the agent's undo puts the bytes back.
 */
import http from 'node:http';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { AGENT_API_PATHS, AGENT_API_PREFIX, AGENT_CONNECTION_FILE, type AgentConnection } from '../contracts/agent-api.js';
import { CODEBASE_ID_ATTRIBUTE } from '../contracts/dom.js';
import { signIn } from './session.js';
import { initConsoleCopy, openCanvas, studioParts, succeeded } from './studio-page.js';
import { startStudio, type StudioProcess } from './studio-process.js';

/** The countries page, the console's home: its heading is written in this one file. */
const LIST_FILE = ['src', 'features', 'countries', 'country-list-page.tsx'];
const HEADING = '<h1 className="mt-3 text-3xl font-bold">World Countries</h1>';

test.describe.configure({ mode: 'serial' });

/**
 * One agent call with `node:http`, as the MCP server makes it: Node's `fetch` adds `Sec-Fetch-Mode`, a browser's
 * mark, which the server refuses on an agent call.
 */
function agentCall(connection: AgentConnection, path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const text = JSON.stringify(body);
  const headers = { authorization: `Bearer ${connection.secret}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) };
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(AGENT_API_PREFIX + path, connection.url), { method: 'POST', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(text);
  });
}

test.describe("an agent's change through the studio page", () => {
  let dir: string;
  let root: string;
  let listFile: string;
  let server: StudioProcess;
  let connection: AgentConnection;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    ({ dir, root } = await initConsoleCopy('plantation-studio-agent-change-'));
    listFile = join(root, ...LIST_FILE);
    server = await startStudio(['dev', '--root', root]);
    connection = JSON.parse(await readFile(join(root, AGENT_CONNECTION_FILE), 'utf8')) as AgentConnection;
  });
  test.afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('is shown in the frame, written, listed as the agent’s across a reload, and undone by the agent to the bytes', async ({ page }) => {
    test.setTimeout(180_000);
    const original = await readFile(listFile, 'utf8');
    expect(original).toContain(HEADING);
    await signIn(page, server.url);
    const canvasId = `agent-change-${test.info().repeatEachIndex}`;
    const heading = studioParts(page).frame.getByRole('heading', { level: 1, name: 'World Countries' });
    // A fresh dev server compiles the console's first page on demand: it may take a while on a busy machine.
    const studio = await openCanvas(page, server.url, canvasId, () => expect(heading).toBeVisible({ timeout: 60_000 }));
    const codebaseId = await heading.getAttribute(CODEBASE_ID_ATTRIBUTE);
    expect(codebaseId).toMatch(/^tempo-/);

    const body = { reactElement: { codebaseId }, className: 'underline', stylingFramework: 'Tailwind', modifiers: [], customProperties: {} };
    const applied = await agentCall(connection, AGENT_API_PATHS.applyChange, { kind: 'addClass', body });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({ appliedBy: 'page', canvasId, changedFiles: [expect.objectContaining({ path: LIST_FILE.join('/') })] });

    // The frame shows it (at once, then from the written source), the file has it, Changes lists it as the agent's.
    await expect(heading).toHaveCSS('text-decoration-line', 'underline');
    expect(await readFile(listFile, 'utf8')).toBe(original.replace(HEADING, '<h1 className="mt-3 text-3xl font-bold underline">World Countries</h1>'));
    const row = studio.changes.getByRole('listitem', { name: 'Add class underline: Succeeded (by an agent)' });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row.getByRole('img', { name: 'Made by an agent' })).toHaveText('Agent');
    // A designer's change beside it carries no mark.
    await expect(studio.changes.getByRole('img', { name: 'Made by an agent' })).toHaveCount(1);

    const undone = await agentCall(connection, AGENT_API_PATHS.undo, {});
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(await readFile(listFile, 'utf8')).toBe(original);
    await expect(heading).toHaveCSS('text-decoration-line', 'none');
    await expect(studio.changes.getByRole('listitem', { name: 'Undo: Add class underline: Succeeded (by an agent)' })).toBeVisible({ timeout: 20_000 });

    // After a reload the step made before it is still the agent's.
    await page.reload();
    await expect(heading).toBeVisible({ timeout: 60_000 });
    const step = studio.changes.getByRole('listitem', { name: 'Add class underline: Undone (by an agent)' });
    await expect(step).toBeVisible({ timeout: 20_000 });
    await expect(step.getByRole('img', { name: 'Made by an agent' })).toBeVisible();
  });

  test("a change the server refuses reaches the agent as the server's catalogue error, and nothing stays of it", async ({ page }) => {
    test.setTimeout(120_000);
    const original = await readFile(listFile, 'utf8');
    await signIn(page, server.url);
    const heading = studioParts(page).frame.getByRole('heading', { level: 1, name: 'World Countries' });
    const studio = await openCanvas(page, server.url, `agent-refused-${test.info().repeatEachIndex}`, () => expect(heading).toBeVisible({ timeout: 60_000 }));
    const codebaseId = await heading.getAttribute(CODEBASE_ID_ATTRIBUTE);

    // The source's text is not the one the agent thinks it replaces: the page's write is refused (409).
    const body = { element: { codebaseId }, newText: 'Các quốc gia', oldText: 'Countries of the world' };
    const refused = await agentCall(connection, AGENT_API_PATHS.applyChange, { kind: 'editText', body });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body).toMatchObject({ code: 'SOURCE_CONFLICT', message: expect.any(String) });
    await expect(studio.changes.getByRole('listitem', { name: 'Edit text: Failed (by an agent)' })).toBeVisible({ timeout: 20_000 });
    // The text the instant update showed is gone again: the frame shows the source as it is.
    await expect(studioParts(page).frame.getByRole('heading', { level: 1 })).toHaveText('World Countries');
    expect(await readFile(listFile, 'utf8')).toBe(original);
  });

  test("the agent's undone step leaves the person's Redo off, across a reload; the person's own undo is redone", async ({ page }) => {
    test.setTimeout(180_000);
    const original = await readFile(listFile, 'utf8');
    await signIn(page, server.url);
    const heading = studioParts(page).frame.getByRole('heading', { level: 1, name: 'World Countries' });
    const studio = await openCanvas(page, server.url, `agent-redo-${test.info().repeatEachIndex}`, () => expect(heading).toBeVisible({ timeout: 60_000 }));
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    const redo = page.getByRole('button', { name: 'Redo', exact: true });
    const codebaseId = await heading.getAttribute(CODEBASE_ID_ATTRIBUTE);

    const body = { reactElement: { codebaseId }, className: 'underline', stylingFramework: 'Tailwind', modifiers: [], customProperties: {} };
    expect((await agentCall(connection, AGENT_API_PATHS.applyChange, { kind: 'addClass', body })).status).toBe(200);
    expect((await agentCall(connection, AGENT_API_PATHS.undo, {})).status).toBe(200);
    await expect(studio.changes.getByRole('listitem', { name: 'Undo: Add class underline: Succeeded (by an agent)' })).toBeVisible({ timeout: 20_000 });
    // The step is the agent's to redo (its `redo`), not the person's.
    await expect(redo).toBeDisabled();
    await expect(undo).toBeDisabled();

    // After a reload the page knows the step from the server's history alone.
    await page.reload();
    await expect(heading).toBeVisible({ timeout: 60_000 });
    await expect(studio.changes.getByRole('listitem', { name: 'Add class underline: Undone (by an agent)' })).toBeVisible({ timeout: 20_000 });
    await expect(redo).toBeDisabled();

    // The person's own change, undone, is the person's to redo.
    await heading.click();
    await expect(studio.inspector).toContainText('country-list-page.tsx');
    const field = studio.inspector.getByLabel('Add class');
    await field.fill('italic');
    await field.press('Enter');
    await succeeded(studio, 'Add class italic');
    await undo.click();
    await succeeded(studio, 'Undo: Add class italic');
    await expect.poll(() => readFile(listFile, 'utf8')).toBe(original);
    await expect(redo).toBeEnabled();
    await redo.click();
    await succeeded(studio, 'Redo: Add class italic');
    await expect.poll(() => readFile(listFile, 'utf8')).toBe(original.replace(HEADING, '<h1 className="mt-3 text-3xl font-bold italic">World Countries</h1>'));
    await expect(redo).toBeDisabled();
    await writeFile(listFile, original);
  });
});
