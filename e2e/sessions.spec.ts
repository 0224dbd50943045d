/**
 * Sessions that survive, end to end: the real `dev` process on a copy of the console, the studio in Chromium, the
 * console signed in inside its frame. The server is killed mid-session and started again on the same project and
 * port with the studio left open; the studio is reloaded with edits still waiting; every step is checked in the
 * source file on disk and in what the studio shows.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './session.js';
import { initConsoleCopy, studioParts, type StudioPage } from './studio-page.js';
import { startStudio, type StudioProcess } from './studio-process.js';

/** The countries page, the console's home: its heading is written in this one file. */
const LIST_FILE = ['src', 'features', 'countries', 'country-list-page.tsx'];
const SERVER_LOST = 'The studio server is not reachable — edits are paused; reconnecting…';

test.describe.configure({ mode: 'serial' });

interface Studio extends StudioPage {
  banner: Locator;
  heading: Locator;
}

/** Opens a canvas of this test's own (each repetition has its own history). */
async function openStudio(page: Page, url: string, canvasId: string): Promise<Studio> {
  await page.goto(`${url}/_studio/canvas/${canvasId}-${test.info().repeatEachIndex}`);
  return studioOn(page);
}

/** The studio's parts, once the console in its frame is signed in and in the layers. */
async function studioOn(page: Page): Promise<Studio> {
  const frame = page.frameLocator('iframe[title^="Console: "]').first();
  const studio: Studio = {
    ...studioParts(page, frame),
    banner: page.getByRole('alert', { name: 'Connection' }),
    heading: frame.getByRole('heading', { level: 1, name: 'World Countries' }),
  };
  // A fresh dev server compiles the console's first page on demand: it may take a while on a busy machine.
  await expect(studio.heading).toBeVisible({ timeout: 60_000 });
  await expect(studio.layers.getByRole('treeitem', { name: 'RouterProvider' })).toBeVisible({ timeout: 30_000 });
  return studio;
}

async function selectHeading(studio: Studio): Promise<void> {
  await studio.heading.click();
  await expect(studio.page.getByLabel('Selected element')).toContainText('h1');
  await expect(studio.inspector).toContainText('country-list-page.tsx');
}

async function addClass(studio: Studio, className: string): Promise<void> {
  const field = studio.inspector.getByLabel('Add class');
  await field.fill(className);
  await field.press('Enter');
}

/** The classes written on the heading in the source. */
function headingClasses(text: string): string[] {
  return /<h1 className="([^"]*)">World Countries<\/h1>/.exec(text)?.[1]?.split(/\s+/) ?? [];
}

async function succeeded(studio: Studio, humanName: string): Promise<void> {
  await expect(studio.changes.getByRole('listitem', { name: `${humanName}: Succeeded` }).first()).toBeVisible({ timeout: 30_000 });
}

test.describe('sessions that survive', () => {
  let dir: string;
  let root: string;
  let listFile: string;
  let server: StudioProcess;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    ({ dir, root } = await initConsoleCopy('plantation-studio-sessions-'));
    listFile = join(root, ...LIST_FILE);
    server = await startStudio(['dev', '--root', root]);
  });
  test.afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('the server killed and started again: banner, edits wait, then frames, sign-in and selection are back and undo restores the bytes', async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page, server.url);
    const studio = await openStudio(page, server.url, 'restart');
    const original = await readFile(listFile, 'utf8');
    await selectHeading(studio);
    await addClass(studio, 'italic');
    await succeeded(studio, 'Add class italic');
    await expect.poll(async () => headingClasses(await readFile(listFile, 'utf8'))).toContain('italic');
    const afterItalic = await readFile(listFile, 'utf8');
    const frameUrl = () => page.frames().find((frame) => frame.parentFrame() === page.mainFrame())?.url() ?? '';
    const routeBefore = new URL(frameUrl()).pathname;

    const port = new URL(server.url).port;
    await server.kill();
    // Noticed by the light check while idle, with nothing done in the studio.
    await expect(studio.banner).toContainText(SERVER_LOST, { timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
    // An edit made meanwhile is shown, waits, and is not refused.
    await addClass(studio, 'underline');
    await expect(studio.banner).toContainText('1 edit waits');
    await expect(studio.changes.getByRole('listitem', { name: /^Add class underline: (Pending|Instant update (sent|finished))$/ })).toBeVisible();
    expect(headingClasses(await readFile(listFile, 'utf8'))).not.toContain('underline');

    server = await startStudio(['dev', '--root', root, '--port', port]);
    await expect(studio.banner).toBeHidden({ timeout: 60_000 });
    // The frame is back on its route, still signed in to the console (the mock's signing key is the project's); a
    // restarted Vite may take a while to serve it.
    await expect(studio.heading).toBeVisible({ timeout: 60_000 });
    expect(new URL(frameUrl()).pathname).toBe(routeBefore);
    // The selection is back, on the element of the reloaded frame.
    await expect(studio.layers.getByRole('treeitem', { name: 'h1', selected: true })).toBeVisible({ timeout: 30_000 });
    // The waiting edit was written once, with the new start's token.
    await succeeded(studio, 'Add class underline');
    await expect.poll(async () => headingClasses(await readFile(listFile, 'utf8'))).toEqual(expect.arrayContaining(['italic', 'underline']));
    expect(headingClasses(await readFile(listFile, 'utf8')).filter((name) => name === 'underline')).toHaveLength(1);
    await expect(page.getByRole('alert').filter({ hasText: /refused|403/ })).toHaveCount(0);

    // Undo works across the restart, back to the bytes of each step.
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    await expect(undo).toBeEnabled();
    await undo.click();
    await expect.poll(() => readFile(listFile, 'utf8'), { timeout: 20_000 }).toBe(afterItalic);
    await expect(undo).toBeEnabled();
    await undo.click();
    await expect.poll(() => readFile(listFile, 'utf8'), { timeout: 20_000 }).toBe(original);
  });

  test('a write sent with the token of an earlier start is sent again with the current one, not refused', async ({ page }) => {
    await signIn(page, server.url);
    const studio = await openStudio(page, server.url, 'stale-token');
    const before = await readFile(listFile, 'utf8');
    // What the page holds after a restart it did not notice (the server came back between two checks).
    await page.evaluate(() => document.querySelector('meta[name="plantation-studio-token"]')!.setAttribute('content', 'a-token-of-an-earlier-start'));
    await selectHeading(studio);
    await addClass(studio, 'tracking-wide');
    await succeeded(studio, 'Add class tracking-wide');
    await expect.poll(async () => headingClasses(await readFile(listFile, 'utf8'))).toContain('tracking-wide');
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => readFile(listFile, 'utf8')).toBe(before);
  });

  test('a reload with five quick class edits waiting writes all five, none reported failed', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, server.url);
    let studio = await openStudio(page, server.url, 'reload');
    const original = await readFile(listFile, 'utf8');
    const asked: string[] = [];
    // Leaving with edits waiting, the browser asks first; the person goes on, and nothing is lost either way.
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await selectHeading(studio);
    // The server writes the first edit, but its answer never reaches this page: the reload comes first, with the
    // four other edits still queued behind it.
    let held = 0;
    await page.route('**/parseAndMutate/**', async (route) => {
      if (held++ > 0) return route.continue();
      // Written by the server; the answer is never given to the page.
      await route.fetch();
    });
    const classes = ['uppercase', 'underline', 'opacity-90', 'tracking-tight', 'leading-tight'];
    for (const className of classes) await addClass(studio, className);
    await expect(studio.changes.getByRole('listitem')).toHaveCount(classes.length);
    await expect.poll(async () => headingClasses(await readFile(listFile, 'utf8'))).toContain(classes[0]);
    expect(held).toBe(1);
    expect(headingClasses(await readFile(listFile, 'utf8'))).not.toContain(classes[1]);
    await page.reload();
    studio = await studioOn(page);
    await expect.poll(async () => headingClasses(await readFile(listFile, 'utf8')), { timeout: 30_000 }).toEqual(expect.arrayContaining(classes));
    const written = headingClasses(await readFile(listFile, 'utf8'));
    for (const className of classes) expect(written.filter((name) => name === className), className).toHaveLength(1);
    expect(asked.every((type) => type === 'beforeunload')).toBe(true);
    await expect(studio.changes.getByRole('listitem', { name: /: Failed$/ })).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: /failed/i })).toHaveCount(0);
    // The one the server wrote before the reload is listed as written, under its name; the others were sent by this page.
    await expect(studio.changes.getByRole('listitem', { name: `Add class ${classes[0]}: Written` })).toBeVisible();
    for (const className of classes.slice(1)) await succeeded(studio, `Add class ${className}`);
    await writeFile(listFile, original);
  });

  test('after a reload the Changes panel names every step, undo and redo name theirs, and a step changed on disk says so and is refused', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, server.url);
    let studio = await openStudio(page, server.url, 'names');
    await selectHeading(studio);
    await addClass(studio, 'italic');
    await succeeded(studio, 'Add class italic');
    await addClass(studio, 'shadow-sm');
    await succeeded(studio, 'Add class shadow-sm');
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    const redo = page.getByRole('button', { name: 'Redo', exact: true });
    await undo.click();
    await succeeded(studio, 'Undo: Add class shadow-sm');
    const afterUndo = await readFile(listFile, 'utf8');

    await page.reload();
    studio = await studioOn(page);
    await expect(studio.changes.getByRole('listitem')).toHaveCount(2);
    await expect(studio.changes.getByRole('listitem').nth(0)).toHaveAccessibleName('Add class shadow-sm: Undone');
    await expect(studio.changes.getByRole('listitem').nth(1)).toHaveAccessibleName('Add class italic: Written');
    await redo.click();
    await succeeded(studio, 'Redo: Add class shadow-sm');
    await expect.poll(async () => headingClasses(await readFile(listFile, 'utf8'))).toContain('shadow-sm');
    await undo.click();
    await succeeded(studio, 'Undo: Add class shadow-sm');
    await expect.poll(() => readFile(listFile, 'utf8')).toBe(afterUndo);

    // A hand edit of the file: the step that wrote it can no longer be undone, and the panel says so after a reload.
    const edited = `${afterUndo}\n// edited by hand\n`;
    await writeFile(listFile, edited);
    await page.reload();
    studio = await studioOn(page);
    await expect(studio.changes.getByRole('listitem', { name: 'Add class italic: Changed on disk' })).toContainText('its undo is refused');
    await undo.click();
    const refused = studio.changes.getByRole('listitem', { name: 'Undo: Add class italic: Failed' });
    await expect(refused).toContainText('changed on disk');
    expect(await readFile(listFile, 'utf8')).toBe(edited);
    await writeFile(listFile, afterUndo);
  });
});
