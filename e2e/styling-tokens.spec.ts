/**
 * The style controls speak the project's tokens, end to end: the real CLI (`init`, then `dev --root`) on a copy of
 * the console, signed in, the editor in Chromium, a designer's real pointer and keys. Each field shows the token the
 * element has now; a CSS value that equals a token, or the token's name, is written as the token's utility
 * (`bg-slate-950`, `text-base`, `py-3`, `md:text-4xl`), replacing the class it conflicts with. Each step checks what
 * the frame shows (its computed style) and the bytes on disk.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type FrameLocator, type Locator, type Page } from '@playwright/test';
import type { ProjectTheme } from '../contracts/project-theme.js';
import { signIn } from './session.js';
import { initConsoleCopy, openCanvas, type StudioPage } from './studio-page.js';
import { startStudio, type StudioProcess } from './studio-process.js';

const SIDEBAR_FILE = ['src', 'components', 'shell', 'sidebar.tsx'];
const LIST_PAGE = ['src', 'features', 'countries', 'country-list-page.tsx'];

test.describe.configure({ mode: 'serial' });

async function openStudio(page: Page, url: string, canvasId: string): Promise<StudioPage> {
  await signIn(page, url);
  // The first page of a fresh copy waits for Vite to build the console's modules.
  return openCanvas(page, url, canvasId, async (studio) => {
    await expect(studio.frame.getByRole('heading', { name: 'World Countries' })).toBeVisible({ timeout: 60_000 });
  });
}

/** Ctrl-clicks an element in the frame with the real pointer (the element itself, not its page's nearest). */
async function ctrlClick(studio: StudioPage, target: Locator): Promise<void> {
  const box = (await target.boundingBox())!;
  await studio.page.keyboard.down('Control');
  await studio.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await studio.page.keyboard.up('Control');
}

/** The inspector names this element (by its tag) as the selection. */
async function expectSelected(page: Page, name: string): Promise<void> {
  await expect(page.getByLabel('Selected element').getByRole('heading', { level: 2 })).toHaveText(new RegExp(`^${name}\\s*(Element|Component)$`));
}

/** The computed value of a CSS colour expression in the frame (to compare with what an element shows). */
async function colourOf(frame: FrameLocator, expression: string): Promise<string> {
  return frame.locator('body').evaluate((body, value) => {
    const probe = document.createElement('div');
    probe.style.backgroundColor = value;
    body.appendChild(probe);
    const colour = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return colour;
  }, expression);
}

/** The project's colours as the studio's theme route answers them, by name. */
async function tokenColours(page: Page, url: string): Promise<(name: string) => string> {
  const answer = await page.request.get(`${url}/_studio/api/theme`);
  expect(answer.status()).toBe(200);
  const theme = (await answer.json()) as ProjectTheme;
  return (name) => {
    const token = theme.scales.colors.find((colour) => colour.name === name);
    expect(token, `the theme's ${name}`).toBeDefined();
    return token!.value;
  };
}

/** The class list of the one JSX element in a file's text whose `className` starts this way. */
function classesOf(source: string, start: string): string[] {
  const match = new RegExp(`className="(${start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^"]*)"`).exec(source);
  expect(match, `an element with className="${start}…"`).not.toBeNull();
  return match![1]!.split(/\s+/);
}

/** Types into a style field with the keyboard, as a person does, and writes it with Enter. */
async function typeInto(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(text);
  await field.press('Enter');
}

test.describe('style controls speak tokens', () => {
  let dir: string;
  let root: string;
  let server: StudioProcess;

  test.beforeAll(async () => {
    ({ dir, root } = await initConsoleCopy('plantation-studio-tokens-'));
    server = await startStudio(['dev', '--root', root]);
  });
  test.afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('a colour equal to a token, and a token typed by its name, are written as the token’s utility', async ({ page }) => {
    test.setTimeout(120_000);
    const studio = await openStudio(page, server.url, 'colour-tokens');
    const sidebarFile = join(root, ...SIDEBAR_FILE);
    const sidebarClasses = async () => classesOf(await readFile(sidebarFile, 'utf8'), 'flex h-full w-64');
    // The frame's Tailwind only declares the variables its classes use: the colours are the project theme's values.
    const slate = await tokenColours(page, server.url);
    const slate950 = await colourOf(studio.frame, slate('slate-950'));
    const slate800 = await colourOf(studio.frame, slate('slate-800'));

    // The sidebar: its title's parent's parent.
    await ctrlClick(studio, studio.frame.getByText('Plantation Admin', { exact: true }));
    await expectSelected(page, 'p');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.press('Shift+Enter');
    await expectSelected(page, 'div');
    const background = studio.inspector.getByRole('combobox', { name: 'Background colour', exact: true });
    // The field names the token its class sets, and the picker shows its real colour (not black).
    await expect(background).toHaveAttribute('placeholder', /^slate-900 · #0f172[ab]$/);
    await expect(studio.inspector.getByLabel('Background colour picker', { exact: true })).toHaveValue(/^#0f172[ab]$/);

    await typeInto(background, '#020617');
    await expect.poll(sidebarClasses).toContain('bg-slate-950');
    expect(await sidebarClasses()).not.toContain('bg-slate-900');
    expect((await sidebarClasses()).filter((name) => name.startsWith('bg-'))).toEqual(['bg-slate-950']);
    const sidebar = studio.frame.locator('div.w-64.h-full').first();
    await expect(sidebar).toHaveCSS('background-color', slate950);
    await expect(background).toHaveAttribute('placeholder', /^slate-950 · #02061[78]$/);

    // The text colour by the token's name, picked from the suggestions with the keys.
    const text = studio.inspector.getByRole('combobox', { name: 'Text colour', exact: true });
    await text.click();
    await text.pressSequentially('slate-95');
    const suggestions = studio.inspector.getByRole('listbox', { name: 'Text colour tokens' });
    await expect(suggestions.getByRole('option', { name: /^slate-950 · / })).toBeVisible();
    await text.press('ArrowDown');
    await expect(suggestions.getByRole('option', { name: /^slate-950 · / })).toHaveAttribute('aria-selected', 'true');
    await text.press('Enter');
    await expect(suggestions).toBeHidden();
    await expect.poll(sidebarClasses).toContain('text-slate-950');
    expect(await sidebarClasses()).not.toContain('text-slate-100');
    await expect(sidebar).toHaveCSS('color', slate950);

    // A name that is neither a token nor a colour is refused, and nothing is written.
    const before = await readFile(sidebarFile, 'utf8');
    await typeInto(background, 'slate-951');
    await expect(studio.inspector.getByRole('alert').filter({ hasText: 'slate-951' })).toContainText('"slate-951" is neither a token of the project\'s colours');
    await expect(background).toHaveAttribute('aria-invalid', 'true');
    await background.press('Escape');
    expect(await readFile(sidebarFile, 'utf8')).toBe(before);

    // The palette: the current colour marked, another one written by a click on its swatch.
    await studio.inspector.getByRole('button', { name: 'Background colour palette', exact: true }).click();
    const palette = studio.inspector.getByRole('group', { name: 'Background colour palette' });
    await expect(palette.getByRole('button', { name: 'slate-950', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await palette.getByRole('button', { name: 'slate-800', exact: true }).click();
    await expect.poll(sidebarClasses).toContain('bg-slate-800');
    expect((await sidebarClasses()).filter((name) => name.startsWith('bg-'))).toEqual(['bg-slate-800']);
    await expect(sidebar).toHaveCSS('background-color', slate800);
    await expect(palette.getByRole('button', { name: 'slate-800', exact: true })).toHaveAttribute('aria-pressed', 'true');
  });

  test('a font size and paddings equal to tokens are written as their utilities, a breakpoint’s under its variant', async ({ page }) => {
    test.setTimeout(120_000);
    const studio = await openStudio(page, server.url, 'size-tokens');
    const listFile = join(root, ...LIST_PAGE);
    const headingClasses = async () => classesOf(await readFile(listFile, 'utf8'), 'mt-3 text-');
    const pageClasses = async () => classesOf(await readFile(listFile, 'utf8'), 'mx-auto max-w-7xl');
    const heading = studio.frame.getByRole('heading', { name: 'World Countries' });

    await ctrlClick(studio, heading);
    await expectSelected(page, 'h1');
    const fontSize = studio.inspector.getByRole('combobox', { name: 'Font size', exact: true });
    await expect(fontSize).toHaveAttribute('placeholder', /^3xl · 30px\/36px$/);
    await typeInto(fontSize, '16px');
    await expect.poll(headingClasses).toContain('text-base');
    expect(await headingClasses()).not.toContain('text-3xl');
    await expect(heading).toHaveCSS('font-size', '16px');
    await expect(heading).toHaveCSS('line-height', '24px');

    // At md: 36px is md:text-4xl, and the frame (wider than md) shows it.
    await studio.inspector.getByRole('combobox', { name: /^Breakpoint/ }).selectOption('md');
    await typeInto(fontSize, '36px');
    await expect.poll(headingClasses).toContain('md:text-4xl');
    expect(await headingClasses()).toContain('text-base');
    await expect(heading).toHaveCSS('font-size', '36px');
    await studio.inspector.getByRole('combobox', { name: /^Breakpoint/ }).selectOption('');

    // The page's container: the heading's parents, up to the one with the page's paddings.
    await ctrlClick(studio, heading);
    await expectSelected(page, 'h1');
    for (let step = 0; step < 4; step++) await page.keyboard.press('Shift+Enter');
    await expectSelected(page, 'div');
    const top = studio.inspector.getByRole('combobox', { name: 'Padding top', exact: true });
    const bottom = studio.inspector.getByRole('combobox', { name: 'Padding bottom', exact: true });
    await expect(top).toHaveAttribute('placeholder', /^6 · 24px$/);
    await typeInto(top, '12px');
    await expect.poll(pageClasses).not.toContain('py-6');
    await typeInto(bottom, '12px');
    await expect.poll(pageClasses).toContain('py-3');
    const classes = await pageClasses();
    expect(classes.filter((name) => /^p[tby]?-/.test(name))).toEqual(['py-3']);
    expect(classes).toContain('px-4');
    const container = studio.frame.locator('div.max-w-7xl').first();
    await expect(container).toHaveCSS('padding-top', '12px');
    await expect(container).toHaveCSS('padding-bottom', '12px');
  });
});
