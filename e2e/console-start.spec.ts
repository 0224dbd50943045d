/**
 * The built console as `start` serves it, in Chromium: what the first load of a screen costs on the wire.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_BIN, spawnProcess } from '../test-support/spawn-ready.js';
import { expect, test } from './fixtures.js';
import { signIn } from './session.js';
import { startStudio, type StudioProcess } from './studio-process.js';

/** The budget for the JavaScript of the first load of `/`, compressed. */
const FIRST_LOAD_JS_BUDGET = 180 * 1024;

let dist: string;
let studio: StudioProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dist = await mkdtemp(join(tmpdir(), 'plantation-start-'));
  const build = spawnProcess(process.execPath, [CLI_BIN, 'build', '--out', dist]);
  const exit = await build.exited;
  expect(exit.code, build.output()).toBe(0);
  studio = await startStudio(['start', '--dist', dist]);
});

test.afterAll(async () => {
  await studio?.stop();
  await rm(dist, { recursive: true, force: true });
});

test('the first load of / transfers its JavaScript compressed, within 180 KB, with long-lived cache headers', async ({ page }) => {
  const base = studio!.url;
  await signIn(page, base);
  const scripts: { url: string; encoding: string | undefined; cache: string | undefined; bytes: Promise<number> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const headers = response.headers();
    scripts.push({
      url: response.url(),
      encoding: headers['content-encoding'],
      cache: headers['cache-control'],
      bytes: response.request().sizes().then((sizes) => sizes.responseBodySize),
    });
  });
  const page0 = await page.goto(`${base}/`);
  expect(page0?.headers()['cache-control']).toBe('no-cache');
  await expect(page.getByRole('heading', { name: 'World Countries' })).toBeVisible();
  await expect(page.getByText(/Showing \d+ countries on this page/)).toBeVisible();

  expect(scripts.length).toBeGreaterThan(0);
  const sizes = await Promise.all(scripts.map((script) => script.bytes));
  // Scripts of less than a kilobyte are sent as they are (precompress-plugin.ts); every other is compressed.
  expect(scripts.filter((script) => script.encoding).length).toBeGreaterThan(scripts.length / 2);
  for (const script of scripts) {
    expect(script.encoding ?? 'none', script.url).toMatch(/^(?:br|gzip|none)$/);
    expect(script.cache, script.url).toBe('public, max-age=31536000, immutable');
  }
  const total = sizes.reduce((sum, bytes) => sum + bytes, 0);
  expect(scripts.filter((script, i) => !script.encoding && sizes[i]! >= 1024).map((script) => script.url)).toEqual([]);
  test.info().annotations.push({ type: 'first-load JavaScript', description: `${Math.round(total / 1024)} KB in ${scripts.length} scripts` });
  expect(total, `${Math.round(total / 1024)} KB of JavaScript`).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);
});
