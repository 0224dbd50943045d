/**
 * The HTML content model on the canvas, with the real pointer: the real CLI on a copy of the console, signed in, the
 * editor in Chromium. A paragraph dragged onto words inside another paragraph never lands in it (the browser would
 * split the two apart): it lands beside it, in the element around both, and the file and the frame say so.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './session.js';
import { initConsoleCopy, openCanvas, studioParts, succeeded, type StudioPage } from './studio-page.js';
import { startStudio, type StudioProcess } from './studio-process.js';

const CARD_FILE = ['src', 'features', 'trees', 'tree-card.tsx'];
/** A tree card's location line: a paragraph that holds an element (its label) beside its words. */
const LOCATION_LINE = /<p className="text-sm wrap-anywhere text-slate-800">\s*<span className="text-slate-500">Vị trí: <\/span>\s*\{tree\.location \|\| UNKNOWN_TEXT\}\s*<\/p>/;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** Opens a canvas, signed in, with a second frame on the rubber trees of field 1: the studio's parts for that frame. */
async function openTreesFrame(page: Page, url: string, canvasId: string): Promise<StudioPage> {
  await signIn(page, url);
  await openCanvas(page, url, canvasId, (studio) => expect(studio.frame.getByRole('heading', { level: 3 })).toHaveCount(6, { timeout: 60_000 }));
  await page.getByRole('button', { name: 'Add frame' }).click();
  const form = page.getByRole('form', { name: 'Add frame' });
  await form.getByLabel('Route').fill('/rubber-tree/1');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  const studio = studioParts(page, page.frameLocator('iframe[title^="Console: "]').nth(1));
  await expect(studio.frame.getByRole('article').first()).toBeVisible({ timeout: 60_000 });
  return studio;
}

test.describe('what may contain what', () => {
  let dir: string;
  let cardFile: string;
  let server: StudioProcess;

  test.beforeAll(async () => {
    let root: string;
    ({ dir, root } = await initConsoleCopy('plantation-studio-content-model-'));
    cardFile = join(root, ...CARD_FILE);
    server = await startStudio(['dev', '--root', root]);
  });
  test.afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('a paragraph dropped on the words of another paragraph lands beside it, never inside it', async ({ page }) => {
    const studio = await openTreesFrame(page, server.url, 'content-model');
    const original = await readFile(cardFile, 'utf8');
    expect(original).toMatch(LOCATION_LINE);
    const card = studio.frame.getByRole('article').first();
    const field = card.locator('header p');
    const label = card.getByText('Vị trí:', { exact: true });

    const from = (await field.boundingBox())!;
    const [x, y] = [from.x + from.width / 2, from.y + from.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 40, y + 30, { steps: 8 });
    const target = (await label.boundingBox())!;
    const landing = { x: target.x + target.width / 2, y: target.y + target.height / 2 };
    await page.mouse.move(landing.x, landing.y, { steps: 12 });
    // The frame shows where it would land (a still hand, a pixel of movement, until it shows): beside the location
    // line, in the card itself, never inside the line.
    let nudge = 1;
    await expect(async () => {
      await page.mouse.move(landing.x + nudge, landing.y);
      nudge = -nudge;
      await expect(card.locator('> p')).toHaveCount(2, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(card.locator('p p')).toHaveCount(0);
    await page.mouse.up();
    await succeeded(studio, /^Move element: Succeeded$/);

    // Written in the card beside the location line, which is as it was: no paragraph in a paragraph, on disk or in the frame.
    await expect.poll(() => readFile(cardFile, 'utf8')).not.toBe(original);
    const written = await readFile(cardFile, 'utf8');
    expect(written).toMatch(LOCATION_LINE);
    expect(written).toMatch(/<h2 className="text-lg font-semibold text-slate-900">Cây #\{tree\.treeId\}<\/h2>\s*<\/div>/);
    expect(written).toMatch(/<\/header>[\s\S]*<p className="text-sm text-slate-600">Cánh đồng \{tree\.fieldId\}<\/p>[\s\S]*<dl/);
    await expect(studio.frame.locator('p p')).toHaveCount(0);

    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(studio.changes.getByRole('listitem', { name: /^Undo.*: Succeeded$/ })).toHaveCount(1, { timeout: 20_000 });
    await expect.poll(() => readFile(cardFile, 'utf8')).toBe(original);
  });
});
