/**
 * Edit through code with the real mouse and keyboard: the real CLI (`init`, then `dev --root`) on a copy of the
 * console, signed in, the editor in Chromium. The sidebar title is a template constant of a `.ts` module: the
 * inspector says where its words are written, Enter in its Text field writes them there, and undo puts every byte
 * back (docs/editing-through-code.md).
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from './session.js';
import { initConsoleCopy, openCanvas, succeeded } from './studio-page.js';
import { startStudio, type StudioProcess } from './studio-process.js';

const NAV = ['src', 'components', 'shell', 'nav-entries.ts'];

test.describe('edit through code', () => {
  let dir: string;
  let root: string;
  let server: StudioProcess;

  test.beforeAll(async () => {
    ({ dir, root } = await initConsoleCopy('plantation-studio-through-code-'));
    server = await startStudio(['dev', '--root', root]);
  });
  test.afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('the sidebar title is written in its module, said first, and undone to the byte', async ({ page }) => {
    const navFile = join(root, ...NAV);
    const before = await readFile(navFile, 'utf8');
    await signIn(page, server.url);
    const studio = await openCanvas(page, server.url, 'through-code', async (opened) => {
      // The first screen waits for Vite's first build of the console.
      await expect(opened.frame.getByText('Plantation Admin', { exact: true })).toBeVisible({ timeout: 60_000 });
    });
    await studio.frame.getByText('Plantation Admin', { exact: true }).click();
    await expect(page.getByLabel('Selected element')).toContainText('p');
    const field = studio.inspector.getByRole('textbox', { name: 'Element text' });
    await expect(field).toHaveValue('Plantation Admin');
    await expect(studio.inspector).toContainText('src/components/shell/nav-entries.ts:8');
    await field.fill('Plantation Console');
    await field.press('Enter');
    await succeeded(studio, /^Edit text: Succeeded$/);
    await expect.poll(() => readFile(navFile, 'utf8')).toContain('export const SIDEBAR_TITLE = `${PRODUCT_SHORT_NAME} Console`;');
    await expect(studio.frame.getByText('Plantation Console', { exact: true })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Undo' }).first().click();
    await expect.poll(() => readFile(navFile, 'utf8')).toBe(before);
  });
});
