/**
 * The canvas's direct interactions on a Tailwind 3 project (a copy of the tailwind3-postcss fixture: its theme in
 * `tailwind.config.js`, with a `brand` colour and a `18` spacing step of its own), through the real CLI and Chromium
 * with the real pointer and keys: the handles snap to its spacing scale and write its classes, arrow keys move the
 * selection among its siblings, the context menu duplicates, a style is copied and pasted, Alt shows the distances,
 * and a new token is added to its config under theme.extend. Each writes what the frame shows, and its undo
 * gives the file back byte for byte.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { fixtureProject, type FixtureProject } from '../test-support/fixture-project.js';
import { studioParts, succeeded, type StudioPage } from './studio-page.js';
import { startStudio, type StudioProcess } from './studio-process.js';

test.describe.configure({ mode: 'serial', timeout: 150_000 });

let project: FixtureProject;
let server: StudioProcess | undefined;
let appFile: string;
const app = () => readFile(appFile, 'utf8');

test.beforeAll(async () => {
  project = await fixtureProject('tailwind3-postcss');
  appFile = join(project.root, 'src', 'App.tsx');
  server = await startStudio(['dev', '--root', project.root]);
});
test.afterAll(async () => {
  await server?.stop();
  await project?.remove();
});

async function openStudio(page: Page, canvasId: string): Promise<StudioPage> {
  await page.goto(`${server!.url}/_studio/canvas/${canvasId}`);
  const studio = studioParts(page, page.frameLocator('iframe[data-studio-frame-id]').first());
  // The first page of a fresh copy waits for Vite to build the project's modules.
  await expect(studio.frame.getByRole('heading', { name: 'Latex yield' })).toBeVisible({ timeout: 60_000 });
  return studio;
}

async function select(studio: StudioPage, target: Locator, name: string): Promise<void> {
  const box = (await target.boundingBox())!;
  await studio.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(studio.page.getByLabel('Selected element').getByRole('heading', { level: 2 })).toHaveText(new RegExp(`^${name}\\s*(Element|Component)$`));
}

/** Undoes the last change and waits for the file to be what it was. */
async function undoTo(page: Page, original: string): Promise<void> {
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(app, { timeout: 20_000 }).toBe(original);
}

const order = (frame: FrameLocator) => frame.locator('header').evaluate((header) => [...header.children].map((child) => child.tagName));

test('a padding handle snaps to the config’s spacing scale and writes its class, shown at once, one undo step', async ({ page }) => {
  const studio = await openStudio(page, 'tw3-handles');
  const original = await app();
  const button = studio.frame.getByRole('button', { name: /^Tapped/ });
  await select(studio, button, 'button');
  const handle = studio.frame.locator('[data-handle="padding-top"]');
  await expect(handle).toHaveCount(1);
  const zoom = (await button.boundingBox())!.width / (await button.evaluate((element) => element.getBoundingClientRect().width));

  // Shift: the four sides together, from the top's 8 px (py-2) + 15 to the nearest step of the scale, 24 px (p-6).
  // (At this width the sides are md:px-18's: the four written for every width take its place, as the frame shows.)
  const box = (await handle.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.keyboard.down('Shift');
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 7 * zoom, { steps: 2 });
  await page.mouse.move(x, y + 15 * zoom, { steps: 2 });
  await expect(studio.frame.locator('.handle-label')).toHaveText('p-6 · 24px');
  await expect(button).toHaveCSS('padding-top', '24px');
  await expect(button).toHaveCSS('padding-bottom', '24px');
  expect(await app()).toBe(original);
  await page.mouse.up();
  await page.keyboard.up('Shift');
  await succeeded(studio, /^Change 4 styles: Succeeded$/);
  await expect.poll(app).toContain('className="rounded bg-brand p-6 text-white hover:bg-brand-dark"');
  await expect(button).toHaveCSS('padding-top', '24px');
  await expect(button).toHaveCSS('padding-left', '24px');
  await undoTo(page, original);
});

test('arrow keys move the selection among its siblings, each press one written move', async ({ page }) => {
  const studio = await openStudio(page, 'tw3-arrows');
  const original = await app();
  await select(studio, studio.frame.getByRole('heading', { name: 'Latex yield' }), 'h1');
  await page.keyboard.press('ArrowRight');
  await expect.poll(app).toMatch(/<header className="mb-6 flex items-center gap-3">\s*<Badge label="Tailwind 3" \/>\s*<h1 /);
  await expect.poll(() => order(studio.frame)).toEqual(['SPAN', 'H1']);
  await undoTo(page, original);
  await expect.poll(() => order(studio.frame)).toEqual(['H1', 'SPAN']);
});

test('Shift-click on an element that is not a sibling of the selection highlights no text of the page', async ({ page }) => {
  const studio = await openStudio(page, 'tw3-shift');
  await select(studio, studio.frame.getByRole('heading', { name: 'Latex yield' }), 'h1');
  const line = (await studio.frame.getByText('Trees tapped this morning in the north field.').boundingBox())!;
  await page.keyboard.down('Shift');
  await page.mouse.click(line.x + line.width / 2, line.y + line.height / 2);
  await page.keyboard.up('Shift');
  expect(await studio.frame.locator('body').evaluate(() => String(window.getSelection()))).toBe('');
});

test('the context menu of a right-clicked element duplicates it', async ({ page }) => {
  const studio = await openStudio(page, 'tw3-menu');
  const original = await app();
  const line = studio.frame.getByText('Trees tapped this morning in the north field.');
  const box = (await line.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button: 'right' });
  const menu = page.getByRole('menu', { name: '<p> actions' });
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(menu).toHaveCount(0);
  await expect.poll(() => app().then((text) => text.split('Trees tapped this morning').length - 1)).toBe(2);
  await expect(studio.frame.getByText('Trees tapped this morning in the north field.')).toHaveCount(2);
  await undoTo(page, original);
});

test('a style copied from the heading is pasted onto the line in place of its classes', async ({ page }) => {
  const studio = await openStudio(page, 'tw3-style');
  const original = await app();
  const line = studio.frame.getByText('Trees tapped this morning in the north field.');
  await select(studio, studio.frame.getByRole('heading', { name: 'Latex yield' }), 'h1');
  await page.keyboard.press('Control+Alt+c');
  await expect(page.getByRole('status').filter({ hasText: /^Copied the style of <h1> \(3 classes\)/ })).toBeVisible();
  await select(studio, line, 'p');
  await page.keyboard.press('Control+Alt+v');
  // The config's own colour, brand.dark (#134e4a), shown at once and written.
  await expect(line).toHaveCSS('color', 'rgb(19, 78, 74)');
  await expect.poll(app).toContain('<p className="text-2xl font-bold text-brand-dark">Trees tapped');
  await expect(line).toHaveCSS('font-weight', '700');
  await undoTo(page, original);
});

test('Alt over another element shows the distance from the selection to it', async ({ page }) => {
  const studio = await openStudio(page, 'tw3-guides');
  const heading = studio.frame.getByRole('heading', { name: 'Latex yield' });
  const line = studio.frame.getByText('Trees tapped this morning in the north field.');
  await select(studio, heading, 'h1');
  // What the page really has between the heading and the line below it (the header's margin, the card's padding).
  const gap = await studio.frame.locator('body').evaluate(() => {
    const [h1, p] = [document.querySelector('h1')!, document.querySelector('section p')!].map((element) => element.getBoundingClientRect());
    return String(Math.round((p!.top - h1!.bottom) * 10) / 10);
  });
  const box = (await line.boundingBox())!;
  await page.mouse.move(box.x + 10, box.y + box.height / 2);
  await page.keyboard.down('Alt');
  await expect(studio.frame.locator('.distance-label').first()).toBeVisible();
  await expect(studio.frame.locator('.distance-label')).toContainText([gap]);
  await page.keyboard.up('Alt');
  await expect(studio.frame.locator('.distance-label')).toHaveCount(0);
});

test('a new token is added to tailwind.config.js under theme.extend, its class shown in the frame, undone byte for byte', async ({ page }) => {
  const studio = await openStudio(page, 'tw3-token');
  const configFile = join(project.root, 'tailwind.config.js');
  const config = () => readFile(configFile, 'utf8');
  const [appBefore, configBefore] = [await app(), await config()];
  const button = studio.frame.getByRole('button', { name: /^Tapped/ });
  await select(studio, button, 'button');
  await expect(studio.inspector.getByRole('combobox', { name: 'Background colour', exact: true })).toHaveAttribute('placeholder', /^brand · #0f766e$/);
  await studio.inspector.getByRole('button', { name: 'Background colour: new token' }).click();
  const form = studio.inspector.getByRole('form', { name: 'Background colour: new token' });
  await form.getByLabel('Token name').click();
  await page.keyboard.type('brand-500');
  await form.getByLabel('Token value').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('#14b8a6');
  await page.keyboard.press('Enter');
  await succeeded(studio, /^Add class bg-brand-500: Succeeded$/);
  // Nested in the config's own `brand` object, in its indentation and quotes; the class built by the project's Tailwind.
  await expect.poll(config).toBe(configBefore.replace("dark: '#134e4a',\n", "dark: '#134e4a',\n          500: '#14b8a6',\n"));
  expect(await app()).toContain('bg-brand-500');
  // The frame shows the new token's colour with no restart: the project's Tailwind reads its ES module config again.
  await expect(button).toHaveClass(/(^| )bg-brand-500( |$)/);
  await expect(button).toHaveCSS('background-color', 'rgb(20, 184, 166)', { timeout: 20_000 });
  await expect(form).toHaveCount(0);

  for (let step = 0; step < 2; step += 1) await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(app, { timeout: 20_000 }).toBe(appBefore);
  await expect.poll(config, { timeout: 20_000 }).toBe(configBefore);
});
