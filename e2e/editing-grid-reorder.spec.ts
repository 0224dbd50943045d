/**
 * Reordering a grid whose cells are components, on the canvas with the real pointer: the real CLI (`init`, then
 * `dev --root`) on a copy of the console whose login page starts with a grid of three uses of a tile component, the
 * editor in Chromium. A tile dragged over another lands beside it (before the first one too), never inside the
 * tile's markup: the frame shows it there while dragging, and the move is written at the call sites, the tile's own
 * file untouched.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { initConsoleCopy, openCanvas, succeeded, type StudioPage } from './studio-page.js';
import { startStudio, type StudioProcess } from './studio-process.js';

const LOGIN_FILE = ['src', 'routes', 'login.tsx'];
const TILE_FILE = ['src', 'components', 'ui', 'stat-tile.tsx'];

const TILE_SOURCE = `export function StatTile({ label, value }: { label: string; value: string }) {
  return (
    <article className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="text-sm text-slate-500">{label}</h3>
      <p className="text-2xl font-semibold text-slate-900">{value}</p>
    </article>
  );
}
`;

const GRID = `<div className="grid grid-cols-3 gap-4 p-4">
        <StatTile label="Alpha" value="1" />
        <StatTile label="Beta" value="2" />
        <StatTile label="Gamma" value="3" />
      </div>`;

test.describe.configure({ mode: 'serial', timeout: 150_000 });

/** Moves the pressed pointer to `to`, a pixel back and forth, until the frame shows the tiles in `order`. */
async function hoverUntilShown(page: Page, to: { x: number; y: number }, titles: Locator, order: string[]): Promise<void> {
  await page.mouse.move(to.x, to.y, { steps: 12 });
  let nudge = 1;
  await expect(async () => {
    await page.mouse.move(to.x + nudge, to.y);
    nudge = -nudge;
    await expect(titles).toHaveText(order, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

test.describe('a grid of component cells', () => {
  let dir: string;
  let loginFile: string;
  let tileFile: string;
  let server: StudioProcess;

  test.beforeAll(async () => {
    let root: string;
    ({ dir, root } = await initConsoleCopy('plantation-studio-grid-reorder-'));
    loginFile = join(root, ...LOGIN_FILE);
    tileFile = join(root, ...TILE_FILE);
    await writeFile(tileFile, TILE_SOURCE);
    const login = await readFile(loginFile, 'utf8');
    const withGrid = login
      .replace("import { notify } from '../components/ui/notices';", "import { notify } from '../components/ui/notices';\nimport { StatTile } from '../components/ui/stat-tile';")
      .replace('  return (\n    <CredentialsForm', `  return (\n    <>\n      ${GRID}\n    <CredentialsForm`)
      .replace('    />\n  );\n}', '    />\n    </>\n  );\n}');
    expect(withGrid).toContain('</>');
    await writeFile(loginFile, withGrid);
    server = await startStudio(['dev', '--root', root]);
  });
  test.afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('a tile dragged before the first and between two is shown there and written at the call sites, never inside a tile', async ({ page }) => {
    const ready = (studio: StudioPage) => expect(studio.frame.getByRole('heading', { name: 'Gamma' })).toBeVisible({ timeout: 60_000 });
    const studio = await openCanvas(page, server.url, 'grid-reorder', ready, page.frameLocator('iframe[title="Console: Desktop"]'));
    const titles = studio.frame.locator('.grid > article > h3');
    await expect(titles).toHaveText(['Alpha', 'Beta', 'Gamma']);
    const original = await readFile(loginFile, 'utf8');
    const tile = (label: string) => studio.frame.locator('.grid > article').filter({ has: studio.frame.getByRole('heading', { name: label }) });

    // Gamma, pressed in its padding (the tile itself, as a click there selects it), dragged onto the left part of
    // Alpha's title: before the first cell.
    const from = (await tile('Gamma').boundingBox())!;
    await page.mouse.move(from.x + 5, from.y + 5);
    await page.mouse.down();
    await page.mouse.move(from.x + 30, from.y + 40, { steps: 8 });
    const alpha = (await tile('Alpha').getByRole('heading').boundingBox())!;
    await hoverUntilShown(page, { x: alpha.x + 6, y: alpha.y + alpha.height / 2 }, titles, ['Gamma', 'Alpha', 'Beta']);
    // Never inside a tile, in the frame or on the insertion line.
    await expect(studio.frame.locator('article article')).toHaveCount(0);
    await page.mouse.up();
    await succeeded(studio, /^Move element: Succeeded$/);
    await expect.poll(() => readFile(loginFile, 'utf8')).not.toBe(original);
    const written = await readFile(loginFile, 'utf8');
    expect(written).toMatch(/<div className="grid grid-cols-3 gap-4 p-4">\s*<StatTile label="Gamma" value="3" \/>\s*<StatTile label="Alpha" value="1" \/>\s*<StatTile label="Beta" value="2" \/>\s*<\/div>/);
    expect(await readFile(tileFile, 'utf8')).toBe(TILE_SOURCE);
    await expect(titles).toHaveText(['Gamma', 'Alpha', 'Beta']);

    // Alpha (now second), dragged onto the right part of Beta: between Beta and the grid's end, after the last.
    const second = (await tile('Alpha').boundingBox())!;
    await page.mouse.move(second.x + 5, second.y + 5);
    await page.mouse.down();
    await page.mouse.move(second.x + 30, second.y + 40, { steps: 8 });
    const beta = (await tile('Beta').getByRole('heading').boundingBox())!;
    await hoverUntilShown(page, { x: beta.x + beta.width - 6, y: beta.y + beta.height / 2 }, titles, ['Gamma', 'Beta', 'Alpha']);
    await page.mouse.up();
    await expect.poll(() => readFile(loginFile, 'utf8')).toMatch(/<StatTile label="Gamma" value="3" \/>\s*<StatTile label="Beta" value="2" \/>\s*<StatTile label="Alpha" value="1" \/>\s*<\/div>/);
    expect(await readFile(tileFile, 'utf8')).toBe(TILE_SOURCE);
    await expect(titles).toHaveText(['Gamma', 'Beta', 'Alpha']);

    for (let undo = 0; undo < 2; undo++) await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => readFile(loginFile, 'utf8'), { timeout: 20_000 }).toBe(original);
  });
});
