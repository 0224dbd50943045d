import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { signIn } from './session.js';
import { startStudio, type StudioProcess } from './studio-process.js';

const BIN = fileURLToPath(new URL('../bin/plantation-studio.js', import.meta.url));

test.describe('a console made by `init`, served by `dev --root`', () => {
  let dir: string;
  let studio: StudioProcess;

  test.beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'plantation-init-'));
    await promisify(execFile)(process.execPath, [BIN, 'init', join(dir, 'console')]);
    studio = await startStudio(['dev', '--root', join(dir, 'console')]);
  });
  test.afterAll(async () => {
    await studio?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('renders with no install step in the copy, and an edit on disk shows without a page reload', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, studio.url);
    await page.goto(`${studio.url}/`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('World Countries');

    // A marker on window survives hot module replacement but not a full reload.
    await page.evaluate(() => ((window as unknown as { hmrMarker: number }).hmrMarker = 42));
    const file = join(dir, 'console', 'src', 'features', 'countries', 'country-list-page.tsx');
    const source = await readFile(file, 'utf8');
    await writeFile(file, source.replace('>World Countries<', '>Đồn điền đã sửa<'));

    await expect(heading).toHaveText('Đồn điền đã sửa');
    expect(await page.evaluate(() => (window as unknown as { hmrMarker?: number }).hmrMarker)).toBe(42);
    expect(errors).toEqual([]);
  });
});
