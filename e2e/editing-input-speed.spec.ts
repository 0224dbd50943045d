/**
 * No input lost or merged, end to end: the real CLI on a copy of the console, the editor in Chromium driven by real
 * keys. Classes typed and submitted faster than the page paints (its CPU throttled, as on a slow machine) are each
 * written on their own; a copy of an element (which reads its file's source) leaves that file's hot reload intact,
 * so a later write of it updates the frame in place instead of reloading it.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { initConsoleCopy, openCanvas, type StudioPage } from './studio-page.js';
import { startStudio, type StudioProcess } from './studio-process.js';

const FORM_FILE = ['src', 'features', 'account', 'credentials-form.tsx'];

test.describe.configure({ mode: 'serial' });

async function openStudio(page: Page, url: string, canvasId: string): Promise<StudioPage> {
  const ready = (studio: StudioPage) => expect(studio.frame.getByRole('heading', { name: 'Đăng nhập' })).toBeVisible({ timeout: 60_000 });
  return openCanvas(page, url, canvasId, ready, page.frameLocator('iframe[title="Console: Desktop"]'));
}

async function selectInFrame(studio: StudioPage, target: Locator, name: string): Promise<void> {
  const box = (await target.boundingBox())!;
  await studio.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(studio.page.getByLabel('Selected element').getByRole('heading', { level: 2 })).toHaveText(new RegExp(`^${name}\\s*(Element|Component)$`));
}

/** The class attribute written on the brand line (`<p …>Plantation Admin</p>`) in the form's file. */
function brandClasses(text: string): string[] {
  const match = /<p className="([^"]*)">\s*Plantation Admin\s*<\/p>/.exec(text);
  if (!match) throw new Error('the brand line is not in the file');
  return match[1]!.split(/\s+/);
}

test.describe('no input lost', () => {
  let dir: string;
  let formFile: string;
  let server: StudioProcess;

  test.beforeAll(async () => {
    let root: string;
    ({ dir, root } = await initConsoleCopy('plantation-studio-input-speed-'));
    formFile = join(root, ...FORM_FILE);
    server = await startStudio(['dev', '--root', root]);
  });
  test.afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('classes typed and submitted faster than a throttled page paints are each written apart', async ({ page }) => {
    test.setTimeout(180_000);
    const studio = await openStudio(page, server.url, 'input-speed');
    const brand = studio.frame.getByText('Plantation Admin', { exact: true });
    await selectInFrame(studio, brand, 'p');
    const before = brandClasses(await readFile(formFile, 'utf8'));

    // The studio page (and its frames, same origin, same renderer) six times slower, as on a slow laptop.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    const addClass = studio.inspector.getByLabel('Add class');
    await addClass.click();
    // The keys as a fast typist sends them: each sent without waiting for the page to have handled the one before,
    // so an Enter is followed at once by the next class's first letters, and a second Enter by nothing.
    const keys: Promise<unknown>[] = [];
    const key = (name: string, text?: string) => {
      const code = name === 'Enter' ? { code: 'Enter', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13 } : {};
      keys.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: name, ...code, ...(text ? { text, unmodifiedText: text } : {}) }));
      keys.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: name, ...code }));
    };
    for (const typed of ['not-italic', 'no-underline', 'underline-offset-4']) {
      for (const letter of typed) key(letter, letter);
      key('Enter', '\r');
    }
    key('Enter', '\r');
    await Promise.all(keys);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    await expect(studio.changes.getByRole('listitem', { name: /^Add class .*: Succeeded$/ })).toHaveCount(3, { timeout: 30_000 });
    await expect.poll(async () => brandClasses(await readFile(formFile, 'utf8')), { timeout: 20_000 }).toEqual(expect.arrayContaining(['not-italic', 'no-underline', 'underline-offset-4']));
    const after = brandClasses(await readFile(formFile, 'utf8'));
    // Nothing merged, nothing doubled: exactly the three new classes beside the old ones (none of which they replace).
    expect(after.filter((name) => !before.includes(name)).sort()).toEqual(['no-underline', 'not-italic', 'underline-offset-4']);
    expect(after.length).toBe(new Set(after).size);
    await expect(addClass).toHaveValue('');
    await expect(brand).toHaveClass(/(^|\s)no-underline(\s|$)/);
    await expect(studio.changes.getByRole('listitem', { name: /: Failed$/ })).toHaveCount(0);
  });

  test('after a copy, a change to the same file still hot reloads it without reloading the frame', async ({ page }) => {
    test.setTimeout(120_000);
    const studio = await openStudio(page, server.url, 'copy-hot-reload');
    const brand = studio.frame.getByText('Plantation Admin', { exact: true });
    await selectInFrame(studio, brand, 'p');
    await page.keyboard.press('Control+c');
    await expect(page.getByRole('status').filter({ hasText: 'Copied <p>' })).toBeVisible();

    // A mark in the frame's window and a word typed in its form: a reload would take both away.
    await studio.frame.locator('body').evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const username = studio.frame.getByLabel('Tên đăng nhập');
    await username.fill('still-here');

    // Vite's client in the frame says how it took the write: a module hot updated, or the whole page reloaded.
    const viteSays: string[] = [];
    page.on('console', (message) => {
      if (/\[vite\] (hot updated|page reload|program reload)/.test(message.text())) viteSays.push(message.text());
    });
    const before = await readFile(formFile, 'utf8');
    const addClass = studio.inspector.getByLabel('Add class');
    await addClass.fill('italic');
    await addClass.press('Enter');
    await expect.poll(() => readFile(formFile, 'utf8')).not.toBe(before);
    expect(brandClasses(await readFile(formFile, 'utf8'))).toContain('italic');
    // The hot-reloaded class (not the instant update's stand-in), in the same window, the typed word kept.
    await expect.poll(() => viteSays.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(viteSays.join('\n')).toMatch(/hot updated: .*credentials-form\.tsx/);
    expect(viteSays.join('\n')).not.toMatch(/reload/);
    await expect(brand).toHaveClass(/(^|\s)italic(\s|$)/);
    expect(await studio.frame.locator('body').evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await expect(username).toHaveValue('still-here');
  });
});
