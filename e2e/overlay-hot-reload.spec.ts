/**
 * The overlay across a real hot reload: an edit of the console's source on disk re-renders the framed page; the
 * overlay stays (no page reload), rebuilds the nav tree, and clears the instant-update markers a flush prepared.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { ASSEMBLED_NAV_TREE, keyOfSelector, openHarness } from './overlay-harness.js';
import { startStudio, type StudioProcess } from './studio-process.js';

const BIN = fileURLToPath(new URL('../bin/plantation-studio.js', import.meta.url));

test.describe('the overlay and hot reload', () => {
  let dir: string;
  let studio: StudioProcess;

  test.beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'plantation-overlay-'));
    await promisify(execFile)(process.execPath, [BIN, 'init', join(dir, 'console')]);
    studio = await startStudio(['dev', '--root', join(dir, 'console')]);
  });
  test.afterAll(async () => {
    await studio?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('an edit on disk rebuilds the nav tree and clears the markers of a flushed instant update', async ({ page }) => {
    const harness = await openHarness(page, studio.url);
    await harness.frame.evaluate(() => ((window as unknown as { hmrMarker: number }).hmrMarker = 7));
    const headingId = (await keyOfSelector(harness, 'h1')).split('|')[0]!;
    await harness.call('applyChangeItemToDocument', { changeItem: { id: 'dup', type: 'DUPLICATE', changeFields: { codebaseIdsToDuplicate: [headingId] } } });
    await expect(harness.frame.locator('h1')).toHaveCount(2);
    expect(await harness.call('setIsFlushing', { isFlushing: true })).toEqual({ isFlushing: true, prepared: 1 });
    await harness.clearMessages();

    // What the server's write does: the link's classes change in the route file.
    const file = join(dir, 'console', 'src', 'routes', 'login.tsx');
    const source = await readFile(file, 'utf8');
    expect(source).toContain('font-semibold text-emerald-700');
    await writeFile(file, source.replace('font-semibold text-emerald-700', 'font-semibold italic text-emerald-700'));

    await expect(harness.frame.getByRole('link', { name: 'Đăng ký ngay' })).toHaveClass(/\bitalic\b/);
    await harness.waitFor(ASSEMBLED_NAV_TREE, 'italic');
    await expect(harness.frame.locator('h1')).toHaveCount(1);
    expect(await harness.frame.evaluate(() => (window as unknown as { hmrMarker?: number }).hmrMarker)).toBe(7);
    expect(await harness.messages('OVERLAY_READY')).toEqual([]);
  });
});
