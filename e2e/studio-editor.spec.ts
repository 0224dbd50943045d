/**
 * The studio's editor end to end, as a designer uses it: the real CLI (`init`, then `dev --root`) on a copy of
 * the console, the editor at `/_studio/canvas/{id}` in Chromium, the console in its frame. Every edit is made
 * through the editor's own controls (clicks in the frame, the inspector, the keys, a drag) and checked in the
 * source file on disk; undo and redo go back and forth to the byte.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { expect, test, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { startStudio, type StudioProcess } from './studio-process.js';

const BIN = fileURLToPath(new URL('../bin/plantation-studio.js', import.meta.url));
/** The sign-in screen's form: the default frame shows it (no session), and it is written in this one file. */
const FORM_FILE = ['src', 'features', 'account', 'credentials-form.tsx'];

test.describe.configure({ mode: 'serial' });

/** Every file of the console's source, as bytes (the generated route tree aside). */
async function sourceTree(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(join(root, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name === 'routeTree.gen.ts') continue;
    const path = join(entry.parentPath, entry.name);
    files.set(path, (await readFile(path)).toString('base64'));
  }
  return files;
}

interface Studio {
  page: Page;
  frame: FrameLocator;
  layers: Locator;
  inspector: Locator;
  changes: Locator;
}

/** Opens a canvas of the studio and waits until the console in its first frame is in the layers. */
async function openStudio(page: Page, url: string, canvasId: string): Promise<Studio> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${url}/_studio/canvas/${canvasId}`);
  const studio: Studio = {
    page,
    frame: page.frameLocator('iframe[title^="Console: "]').first(),
    layers: page.getByRole('tree').first(),
    inspector: page.getByRole('region', { name: 'Element inspector' }),
    changes: page.getByRole('list', { name: 'Change list' }),
  };
  await expect(studio.frame.getByRole('heading', { name: 'Đăng nhập' })).toBeVisible({ timeout: 30_000 });
  await expect(studio.layers.getByRole('treeitem', { name: 'RouterProvider' })).toBeVisible({ timeout: 30_000 });
  expect(errors).toEqual([]);
  return studio;
}

/** Clicks an element in the frame and waits until the editor shows it selected. */
async function selectInFrame(studio: Studio, target: Locator, name: string): Promise<void> {
  await target.click();
  await expect(studio.page.getByLabel('Selected element')).toContainText(name);
}

/** Waits for a change with this human name to end as succeeded. */
async function succeeded(studio: Studio, humanName: string | RegExp): Promise<void> {
  const pattern = typeof humanName === 'string' ? new RegExp(`^${humanName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: Succeeded$`) : humanName;
  await expect(studio.changes.getByRole('listitem', { name: pattern }).first()).toBeVisible({ timeout: 20_000 });
}

test.describe('the studio editor', () => {
  let dir: string;
  let root: string;
  let formFile: string;
  let server: StudioProcess;

  test.beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'plantation-studio-ui-'));
    root = join(dir, 'console');
    await promisify(execFile)(process.execPath, [BIN, 'init', root]);
    formFile = join(root, ...FORM_FILE);
    server = await startStudio(['dev', '--root', root]);
  });
  test.afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('select in the frame, shown in the layers; a class added in the inspector shows at once, is written, and stays after hot reload', async ({ page }) => {
    const studio = await openStudio(page, server.url, 'select-and-class');
    const brand = studio.frame.getByText('Plantation Admin', { exact: true });
    await selectInFrame(studio, brand, 'p');
    await expect(studio.layers.getByRole('treeitem', { name: 'p', selected: true })).toBeVisible();
    await expect(studio.inspector).toContainText('credentials-form.tsx');

    // A marker on the frame's window survives hot module replacement but not a full reload.
    const consoleFrame = page.frames().find((frame) => frame.url().includes('/login'))!;
    await consoleFrame.evaluate(() => ((window as unknown as { hmrMarker: number }).hmrMarker = 7));
    const before = await readFile(formFile, 'utf8');

    const addClass = studio.inspector.getByLabel('Add class');
    await addClass.fill('line-through');
    await addClass.press('Enter');
    // (a) at once, by the instant update
    await expect(brand).toHaveCSS('text-decoration-line', 'line-through', { timeout: 2_000 });
    // (b) in the source
    await succeeded(studio, 'Add class line-through');
    const after = await readFile(formFile, 'utf8');
    expect(after).not.toBe(before);
    expect(after).toMatch(/<p className="[^"]*\bline-through\b[^"]*">Plantation Admin<\/p>/);
    // (c) after the hot reload, from the source: the element's own class attribute, no reload of the page
    await expect(brand).toHaveClass(/\bline-through\b/);
    await expect(brand).toHaveCSS('text-decoration-line', 'line-through');
    expect(await consoleFrame.evaluate(() => (window as unknown as { hmrMarker?: number }).hmrMarker)).toBe(7);
    // The selection survived the hot reload.
    await expect(studio.layers.getByRole('treeitem', { name: 'p', selected: true })).toBeVisible();
    await expect(studio.inspector.getByRole('list', { name: 'Class list' })).toContainText('line-through');

    // Undone from the toolbar: the file is as it was.
    await page.getByRole('button', { name: /Undo/ }).first().click();
    await expect.poll(() => readFile(formFile, 'utf8')).toBe(before);
    await expect(brand).not.toHaveClass(/\bline-through\b/);
  });
});
