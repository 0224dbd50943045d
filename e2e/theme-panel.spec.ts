/**
 * The theme panel as a designer uses it, with the real mouse and keyboard: the real CLI (`init`, then `dev --root`)
 * on a copy of the console, a canvas of two frames. A colour the console's sidebar uses (slate-900, one of Tailwind's
 * defaults) is changed in the panel: both frames repaint, the console's CSS entry holds the new declaration in its
 * `@theme` block and nothing else of it changes, and Undo puts back the bytes and the colour. A value that is not a
 * colour is refused in the panel and writes nothing.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type FrameLocator } from '@playwright/test';
import { signIn } from './session.js';
import { initConsoleCopy, openCanvas, succeeded, type StudioPage } from './studio-page.js';
import { startStudio, type StudioProcess } from './studio-process.js';

const CSS_ENTRY = ['src', 'styles.css'];
const NEW_COLOUR = '#7c2d12';
const NEW_COLOUR_RGB = 'rgb(124, 45, 18)';

/** Two frames wide enough for the permanent sidebar, at two screens of the console. */
const CANVAS = {
  version: 1,
  id: 'theme',
  name: 'theme',
  frames: [
    { id: 'frame-1', name: 'Countries', route: '/', viewport: { preset: 'desktop', width: 1280, height: 800 }, x: 0, y: 0 },
    { id: 'frame-2', name: 'Robots', route: '/robot', viewport: { preset: 'desktop', width: 1280, height: 800 }, x: 1400, y: 0 },
  ],
  zoomPerc: 25,
  pan: { x: 20, y: 20 },
  stylingFramework: 'Tailwind',
  changes: [],
};

/** The value the studio's instant update set on a frame's root element ('' once the stylesheet carries it). */
function override(frame: FrameLocator): Promise<string> {
  return frame.locator('html').evaluate((html) => html.style.getPropertyValue('--color-slate-900'));
}

/** The sidebar's background in a frame, as the browser paints it. */
function sidebarBackground(frame: FrameLocator): Promise<string> {
  return frame.getByRole('navigation', { name: 'Điều hướng chính' }).evaluate((nav) => getComputedStyle(nav.parentElement!).backgroundColor);
}

test.describe('the theme panel', () => {
  let dir: string;
  let root: string;
  let server: StudioProcess;

  test.beforeAll(async () => {
    ({ dir, root } = await initConsoleCopy('plantation-studio-theme-'));
    await mkdir(join(root, '.plantation-studio', 'canvases'), { recursive: true });
    await writeFile(join(root, '.plantation-studio', 'canvases', 'theme.json'), JSON.stringify(CANVAS));
    server = await startStudio(['dev', '--root', root]);
  });
  test.afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('a colour token edited in the panel repaints every frame, is written into the @theme block, and Undo puts it back', async ({ page }) => {
    // Two frames of a fresh dev server: their first compile on a busy 2-core machine takes its time.
    test.setTimeout(180_000);
    const entry = join(root, ...CSS_ENTRY);
    const original = await readFile(entry, 'utf8');
    await signIn(page, server.url);
    const frames = [page.frameLocator('iframe[title^="Console: "]').nth(0), page.frameLocator('iframe[title^="Console: "]').nth(1)];
    const studio: StudioPage = await openCanvas(page, server.url, `theme`, async (parts) => {
      for (const frame of [parts.frame, frames[1]!]) await expect(frame.getByRole('navigation', { name: 'Điều hướng chính' })).toBeVisible({ timeout: 90_000 });
    });
    const before = await Promise.all(frames.map(sidebarBackground));
    expect(before[0]).toBe(before[1]);
    expect(before[0]).not.toBe(NEW_COLOUR_RGB);

    // The tabs beside the inspector: a click on one, the arrow keys to the next.
    await page.getByRole('tab', { name: 'Inspector' }).click();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Theme' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Theme' })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('region', { name: 'Theme' });
    await expect(panel.getByRole('heading', { name: 'Theme', level: 2 })).toBeVisible();
    await expect(panel.getByText('Tailwind 4 · src/styles.css')).toBeVisible({ timeout: 30_000 });
    await panel.getByRole('searchbox', { name: 'Filter tokens' }).click();
    await page.keyboard.type('slate-9');
    const row = panel.getByRole('list', { name: 'Colours tokens' }).getByRole('listitem', { name: 'slate-900', exact: true });
    await expect(row).toContainText("Tailwind");
    const field = row.getByRole('textbox', { name: 'Value of slate-900' });

    // A value that is not a colour: said in the panel, nothing written, nothing listed.
    await field.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('not a colour');
    await page.keyboard.press('Enter');
    await expect(row.getByRole('alert')).toHaveText(/"not a colour" is not a value of color/);
    await page.keyboard.press('Escape');
    await expect(row.getByRole('alert')).toHaveCount(0);
    expect(await readFile(entry, 'utf8')).toBe(original);
    await expect(studio.changes.getByRole('listitem')).toHaveCount(0);

    await field.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(NEW_COLOUR);
    await page.keyboard.press('Enter');
    // Every frame repaints (the instant update, then the stylesheet's own hot update keeps it).
    for (const frame of frames) await expect.poll(() => sidebarBackground(frame)).toBe(NEW_COLOUR_RGB);
    await succeeded(studio, `Set theme token --color-slate-900 to ${NEW_COLOUR}`);
    // The declaration joins the entry's @theme block; every other byte stays.
    const written = original.replace(/sans-serif;\n}/, `sans-serif;\n  --color-slate-900: ${NEW_COLOUR};\n}`);
    expect(written).not.toBe(original);
    await expect.poll(() => readFile(entry, 'utf8')).toBe(written);
    // The panel reads the theme again: the project declares the token now.
    await expect(row).toContainText('Project', { timeout: 15_000 });
    await expect(field).toHaveValue(NEW_COLOUR);
    // The stylesheet's hot update has come to every frame: the instant value has gone, the colour stays.
    for (const frame of frames) await expect.poll(() => override(frame)).toBe('');
    for (const frame of frames) expect(await sidebarBackground(frame)).toBe(NEW_COLOUR_RGB);

    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    for (const frame of frames) await expect.poll(() => sidebarBackground(frame)).toBe(before[0]);
    await succeeded(studio, `Undo: Set theme token --color-slate-900 to ${NEW_COLOUR}`);
    await expect.poll(() => readFile(entry, 'utf8')).toBe(original);
    await expect(row).toContainText('Tailwind', { timeout: 15_000 });
    // Still the old colour once the stylesheet's hot update of the undo has come.
    for (const frame of frames) await expect.poll(() => override(frame)).toBe('');
    for (const frame of frames) expect(await sidebarBackground(frame)).toBe(before[0]);

    // A colour chosen in the token's picker is written the same way.
    await row.getByLabel('Pick colour slate-900').fill('#1e3a8a');
    for (const frame of frames) await expect.poll(() => sidebarBackground(frame)).toBe('rgb(30, 58, 138)');
    await succeeded(studio, 'Set theme token --color-slate-900 to #1e3a8a');
    await expect.poll(() => readFile(entry, 'utf8')).toBe(original.replace(/sans-serif;\n}/, 'sans-serif;\n  --color-slate-900: #1e3a8a;\n}'));
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => readFile(entry, 'utf8')).toBe(original);
    for (const frame of frames) await expect.poll(() => sidebarBackground(frame)).toBe(before[0]);
  });
});
