/**
 * Projects that are not the plantation console (test-support/__fixtures__/projects/), each served twice from its own
 * copy: by `plantation-studio dev --root` and by the project's own `vite` (its linked binary, its own config). The two
 * pages must look the same (screenshots compared pixel by pixel) and starting the studio must change no file of the
 * project (a TanStack Router app's generated route tree stays byte for byte what it was).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fixtureProject, type FixtureProject } from '../test-support/fixture-project.js';
import { spawnReady, type ReadyProcess } from '../test-support/spawn-ready.js';
import { startStudio, type StudioProcess } from './studio-process.js';

/**
 * How different two screenshots may be: a pixel differs when one of its channels is more than 24 of 255 apart (text
 * antialiasing), and at most 0.1% of the pixels may differ. The same page drawn by the same browser differs by none.
 */
const CHANNEL_TOLERANCE = 24;
const DIFFERING_PIXELS_TOLERANCE = 0.001;

const FIXTURES = [
  { name: 'tailwind4-postcss-plugin', text: 'Green rows' },
  { name: 'tanstack-router-app', text: 'Plantation map' },
  { name: 'jsx-app', text: 'Clones' },
  { name: 'css-modules', text: 'Field 12' },
  { name: 'tailwind3-postcss', text: 'Latex yield' },
  { name: 'fragment-page', text: 'Vườn cao su' },
  { name: 'prettier-plugin', text: 'Orchard notes' },
  { name: 'wrapped-text', text: 'Field notes' },
  { name: 'tailwind4-css-package', text: 'Rows in the wind' },
  // Served by its own Vite 6 (with @vitejs/plugin-react 4), not the studio's.
  { name: 'vite6-app', text: 'Tapping rounds' },
  // Tailwind 3.2 with CommonJS configs (a theme read from a palette module of its own).
  { name: 'tailwind3-2-commonjs', text: 'The next generation payment method.' },
] as const;

const ROUTE_TREE = join('src', 'routeTree.gen.ts');

function hashOf(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** A port free at this moment: Vite before 8 takes `--port 0` for its default port, 5173, which runs in parallel share. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The project's own dev server, started with its own linked `vite` binary. */
async function ownVite(root: string): Promise<ReadyProcess> {
  const port = String(await freePort());
  return spawnReady(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), '--host', '127.0.0.1', '--port', port, '--strictPort'], {
    cwd: root,
    ready: /Local:\s+(http:\/\/[^\s/]+)\//,
  });
}

async function screenshotOf(page: Page, url: string, text: string): Promise<string> {
  await page.goto(url);
  await expect(page.getByText(text, { exact: true })).toBeVisible();
  // Nothing still loading (a stylesheet the page imports, a font), then two frames for the last paint.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))));
  // An endless CSS animation (tailwind4-css-package's sway) would be caught at two different moments: each page is
  // taken with its animations at their start.
  return (await page.screenshot({ fullPage: true, animations: 'disabled' })).toString('base64');
}

/** How many pixels of two same-sized PNG screenshots differ beyond the tolerance, counted by the browser's canvas. */
async function differingPixels(page: Page, a: string, b: string): Promise<{ differing: number; total: number; sameSize: boolean }> {
  await page.goto('about:blank');
  return page.evaluate(
    async ({ a, b, tolerance }) => {
      const pixels = async (base64: string) => {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return { width: bitmap.width, height: bitmap.height, data: context.getImageData(0, 0, bitmap.width, bitmap.height).data };
      };
      const [left, right] = await Promise.all([pixels(a), pixels(b)]);
      if (left.width !== right.width || left.height !== right.height) return { differing: -1, total: 0, sameSize: false };
      let differing = 0;
      for (let i = 0; i < left.data.length; i += 4) {
        for (let channel = 0; channel < 4; channel++) {
          if (Math.abs(left.data[i + channel]! - right.data[i + channel]!) > tolerance) {
            differing++;
            break;
          }
        }
      }
      return { differing, total: left.width * left.height, sameSize: true };
    },
    { a, b, tolerance: CHANNEL_TOLERANCE },
  );
}

for (const { name, text } of FIXTURES) {
  test.describe(`the ${name} project`, () => {
    let project: FixtureProject;
    let studio: StudioProcess | undefined;
    let vite: ReadyProcess | undefined;
    let routeTreeBefore: string | undefined;

    test.beforeAll(async () => {
      project = await fixtureProject(name);
      if (name === 'tanstack-router-app') routeTreeBefore = hashOf(join(project.root, ROUTE_TREE));
      [studio, vite] = await Promise.all([startStudio(['dev', '--root', project.root]), ownVite(project.root)]);
    });
    test.afterAll(async () => {
      await Promise.all([studio?.stop(), vite?.stop()]);
      await project?.remove();
    });

    test('renders in the studio exactly as with its own vite', async ({ page }) => {
      const fromStudio = await screenshotOf(page, `${studio!.url}/`, text);
      const fromVite = await screenshotOf(page, `${vite!.match}/`, text);
      const { differing, total, sameSize } = await differingPixels(page, fromStudio, fromVite);
      expect(sameSize, 'both pages have the same size').toBe(true);
      expect(differing, `${differing} of ${total} pixels differ`).toBeLessThanOrEqual(Math.floor(total * DIFFERING_PIXELS_TOLERANCE));
    });

    if (name === 'tanstack-router-app') {
      test('keeps its generated route tree byte for byte after starting and serving', async ({ page }) => {
        await page.goto(`${studio!.url}/about`);
        await expect(page.getByRole('heading', { name: 'About' })).toBeVisible();
        expect(hashOf(join(project.root, ROUTE_TREE))).toBe(routeTreeBefore);
      });
    }
  });
}
