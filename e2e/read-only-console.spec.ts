/**
 * The studio run from an installed package with no project (`npx plantation-studio dev` in a folder `init` did not
 * make) shows the console it was installed with, and says in its page that nothing is written there and how to make
 * a project. The package is "installed" by a link in a `node_modules` folder to this checkout, run with Node's
 * --preserve-symlinks so it sees itself there, as npx does.
 */
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { BANNER_URL, spawnReady, type ReadyProcess } from '../test-support/spawn-ready.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));

test.describe('the console installed with the studio', () => {
  let base: string;
  let studio: ReadyProcess | undefined;

  test.beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'studio-installed-e2e-'));
    await mkdir(join(base, 'node_modules'));
    await symlink(REPO, join(base, 'node_modules', 'plantation-studio'), 'dir');
    await mkdir(join(base, 'work'));
    const bin = join(base, 'node_modules', 'plantation-studio', 'bin', 'plantation-studio.js');
    studio = await spawnReady(process.execPath, ['--preserve-symlinks', '--preserve-symlinks-main', bin, 'dev', '--port', '0'], {
      cwd: join(base, 'work'),
      ready: BANNER_URL,
    });
  });
  test.afterAll(async () => {
    await studio?.stop();
    await rm(base, { recursive: true, force: true });
  });

  test('is shown read-only, and the studio says to run init', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${studio!.match}/_studio/`);
    const status = page.getByRole('toolbar', { name: 'Studio toolbar' }).getByRole('status');
    await expect(status).toContainText('served read-only');
    await expect(status).toContainText('plantation-studio init');
    // The console itself is there, in the studio's frame: after the first compile of a cache of its own (not the
    // install folder's), which takes a while on a busy machine.
    await expect(page.frameLocator('iframe[title^="Console: "]').first().locator('#root')).not.toBeEmpty({ timeout: 60_000 });
  });
});
