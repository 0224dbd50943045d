/**
 * The Changes panel's "Undo this change", with a real pointer in the studio on the console: a change under a later
 * one in another place goes back (in the frame and on disk) while the later one stays; a change a later one
 * overlaps is refused with the server's words, every byte kept.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { initConsoleCopy, openCanvas, succeeded, type StudioPage } from './studio-page.js';
import { startStudio, type StudioProcess } from './studio-process.js';

test.describe.configure({ mode: 'serial' });

const FORM_FILE = ['src', 'features', 'account', 'credentials-form.tsx'];

async function openStudio(page: Page, url: string, canvasId: string): Promise<StudioPage> {
  return openCanvas(page, url, canvasId, (studio) => expect(studio.frame.getByRole('heading', { name: 'Đăng nhập' })).toBeVisible({ timeout: 30_000 }));
}

/** Selects an element in the frame with the pointer and adds a class to it in the inspector, waiting until written. */
async function addClassTo(studio: StudioPage, target: Locator, tag: string, className: string): Promise<void> {
  await target.click();
  await expect(studio.page.getByLabel('Selected element')).toContainText(tag);
  await addClassToSelected(studio, className);
}

/** Adds a class to the selected element (a second click on it would start editing its text). */
async function addClassToSelected(studio: StudioPage, className: string): Promise<void> {
  const addClass = studio.inspector.getByLabel('Add class');
  await addClass.fill(className);
  await addClass.press('Enter');
  await succeeded(studio, `Add class ${className}`);
}

test.describe('undo of one change from the Changes panel', () => {
  let dir: string;
  let formFile: string;
  let server: StudioProcess;

  test.beforeAll(async () => {
    let root: string;
    ({ dir, root } = await initConsoleCopy('plantation-studio-undo-step-'));
    formFile = join(root, ...FORM_FILE);
    server = await startStudio(['dev', '--root', root]);
  });
  test.afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('the first of two changes in two places is undone, the second kept, in the frame and on disk', async ({ page }) => {
    const studio = await openStudio(page, server.url, 'undo-first');
    const before = await readFile(formFile, 'utf8');
    const brand = studio.frame.getByText('Plantation Admin', { exact: true });
    const heading = studio.frame.getByRole('heading', { name: 'Đăng nhập' });
    await addClassTo(studio, brand, 'p', 'italic');
    await addClassTo(studio, heading, 'h1', 'underline');
    await expect.poll(() => readFile(formFile, 'utf8')).toContain('underline');

    const undoFirst = studio.changes.getByRole('button', { name: 'Undo this change: Add class italic' });
    await expect(undoFirst).toBeEnabled({ timeout: 20_000 });
    await undoFirst.click();
    await succeeded(studio, 'Undo: Add class italic');
    const expected = before.replace('text-slate-900">{title}', 'text-slate-900 underline">{title}');
    await expect.poll(() => readFile(formFile, 'utf8')).toBe(expected);
    await expect(brand).not.toHaveClass(/\bitalic\b/);
    await expect(brand).toHaveCSS('font-style', 'normal');
    await expect(heading).toHaveClass(/\bunderline\b/);
    // Undone now: its button is no longer offered; the later change can still be undone on its own.
    await expect(undoFirst).toBeDisabled();
    await expect(studio.changes.getByRole('button', { name: 'Undo this change: Add class underline' })).toBeEnabled();
  });

  test('a change a later one overlaps is refused with the reason shown, and no byte changes', async ({ page }) => {
    const studio = await openStudio(page, server.url, 'undo-overlapped');
    const brand = studio.frame.getByText('Plantation Admin', { exact: true });
    await addClassTo(studio, brand, 'p', 'italic');
    await addClassToSelected(studio, 'line-through');
    await expect.poll(() => readFile(formFile, 'utf8')).toContain('line-through');
    const written = await readFile(formFile, 'utf8');

    const undoFirst = studio.changes.getByRole('button', { name: 'Undo this change: Add class italic' });
    await expect(undoFirst).toBeEnabled({ timeout: 20_000 });
    await undoFirst.click();
    const failure = studio.changes.getByRole('listitem', { name: /^Undo: Add class italic: Failed$/ });
    await expect(failure).toBeVisible({ timeout: 20_000 });
    await expect(failure.getByRole('alert')).toContainText('is refused: the later step "Add class line-through"');
    expect(await readFile(formFile, 'utf8')).toBe(written);
    await expect(brand).toHaveClass(/\bitalic\b/);
  });
});
