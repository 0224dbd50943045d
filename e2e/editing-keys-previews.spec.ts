/**
 * What a designer expects of previews and keys, end to end: the real CLI (`init`, then `dev --root`) on a copy of
 * the console, the editor in Chromium, real pointer and keyboard events. Forced states show an element's own state
 * styles and keep showing a new one after the hot reload; a breakpoint edit shows in the frames wide enough for it;
 * the keys copy, cut, paste, move through the tree and zoom; notices go by themselves; the zoom buttons keep what is
 * looked at on screen; the `?` panel lists every key.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { expect, test, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { startStudio, type StudioProcess } from './studio-process.js';

const BIN = fileURLToPath(new URL('../bin/plantation-studio.js', import.meta.url));
const FORM_FILE = ['src', 'features', 'account', 'credentials-form.tsx'];

test.describe.configure({ mode: 'serial' });

interface Studio {
  page: Page;
  frame: FrameLocator;
  inspector: Locator;
  changes: Locator;
}

async function openStudio(page: Page, url: string, canvasId: string): Promise<Studio> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${url}/_studio/canvas/${canvasId}`);
  const studio: Studio = {
    page,
    frame: page.frameLocator('iframe[title="Console: Desktop"]'),
    inspector: page.getByRole('region', { name: 'Element inspector' }),
    changes: page.getByRole('list', { name: 'Change list' }),
  };
  await expect(studio.frame.getByRole('heading', { name: 'Đăng nhập' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('tree').first().getByRole('treeitem', { name: 'RouterProvider' })).toBeVisible({ timeout: 30_000 });
  expect(errors).toEqual([]);
  return studio;
}

/** Clicks an element in the frame with the real pointer and waits until the editor shows it selected. */
async function selectInFrame(studio: Studio, target: Locator, name: string): Promise<void> {
  const box = (await target.boundingBox())!;
  await studio.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(studio.page.getByLabel('Selected element')).toContainText(name);
}

async function succeeded(studio: Studio, name: RegExp): Promise<void> {
  await expect(studio.changes.getByRole('listitem', { name }).first()).toBeVisible({ timeout: 20_000 });
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

test.describe('previews and keys', () => {
  let dir: string;
  let root: string;
  let formFile: string;
  let server: StudioProcess;

  test.beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'plantation-studio-keys-'));
    root = join(dir, 'console');
    await promisify(execFile)(process.execPath, [BIN, 'init', root]);
    formFile = join(root, ...FORM_FILE);
    server = await startStudio(['dev', '--root', root]);
  });
  test.afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('a forced state shows the element’s own state styles, a new one stays after the hot reload; a new selection starts without states unless pinned', async ({ page }) => {
    const studio = await openStudio(page, server.url, 'forced-states');
    const submit = studio.frame.getByRole('button', { name: 'Đăng nhập' });
    const brand = studio.frame.getByText('Plantation Admin', { exact: true });
    const states = studio.inspector.getByRole('group', { name: 'State modifiers' });
    const hover = states.getByRole('button', { name: 'hover', exact: true });
    const normal = await colourOf(studio.frame, 'var(--color-emerald-600)');
    const hovered = await colourOf(studio.frame, 'var(--color-emerald-700)');
    expect(hovered).not.toBe(normal);

    await selectInFrame(studio, submit, 'button');
    // The pointer is on the button: moved away, it shows its normal colour.
    await page.mouse.move(5, 5);
    await expect(submit).toHaveCSS('background-color', normal);
    // Hover on: the button's own hover:bg-emerald-700, with no pointer on it.
    await hover.click();
    await expect(hover).toHaveAttribute('aria-pressed', 'true');
    await expect(submit).toHaveCSS('background-color', hovered);

    // A new hover style: shown at once, written as hover:underline, and still shown after the hot reload.
    const before = await readFile(formFile, 'utf8');
    const addClass = studio.inspector.getByLabel('Add class');
    await addClass.fill('underline');
    await addClass.press('Enter');
    await expect(submit).toHaveCSS('text-decoration-line', 'underline', { timeout: 2_000 });
    await succeeded(studio, /^Add class (hover:)?underline: Succeeded$/);
    await expect.poll(() => readFile(formFile, 'utf8')).not.toBe(before);
    expect(await readFile(formFile, 'utf8')).toMatch(/className="[^"]*\bhover:underline\b[^"]*"\s*>\s*\{busy \?/);
    await expect(submit).toHaveClass(/(^|\s)hover:underline(\s|$)/);
    await expect(submit).not.toHaveClass(/tempo-instant-/);
    await expect(submit).toHaveCSS('text-decoration-line', 'underline');
    await expect(submit).toHaveCSS('background-color', hovered);

    // Another element: it starts with no state, and the button shows its normal look again.
    await selectInFrame(studio, brand, 'p');
    await expect(hover).toHaveAttribute('aria-pressed', 'false');
    await expect(submit).toHaveCSS('background-color', normal);
    await expect(submit).toHaveCSS('text-decoration-line', 'none');

    // Pinned, the states carry over to the next element.
    await selectInFrame(studio, submit, 'button');
    await hover.click();
    await expect(submit).toHaveCSS('background-color', hovered);
    await studio.inspector.getByRole('button', { name: 'Pin states and breakpoint' }).click();
    await selectInFrame(studio, brand, 'p');
    await expect(hover).toHaveAttribute('aria-pressed', 'true');
    await studio.inspector.getByRole('button', { name: 'Pin states and breakpoint' }).click();
    await hover.click();
    await expect(hover).toHaveAttribute('aria-pressed', 'false');
  });

  test('a breakpoint edit shows at once in the frames wide enough for it, and not in the narrower ones', async ({ page }) => {
    const studio = await openStudio(page, server.url, 'breakpoint');
    await page.getByRole('button', { name: 'Add frame' }).click();
    const form = page.getByRole('form', { name: 'Add frame' });
    await form.getByLabel('Route').fill('/login');
    await form.getByLabel('Viewport').selectOption({ label: 'Mobile (375×812)' });
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    const phone = page.frameLocator('iframe[title^="Console: Mobile"]');
    await expect(phone.getByRole('heading', { name: 'Đăng nhập' })).toBeVisible({ timeout: 30_000 });

    const brand = studio.frame.getByText('Plantation Admin', { exact: true });
    const phoneBrand = phone.getByText('Plantation Admin', { exact: true });
    // Every look the brand line takes in each frame, to tell the instant preview from the hot-reloaded class.
    for (const line of [brand, phoneBrand]) {
      await line.evaluate((element) => {
        const seen: { instant: boolean; decoration: string }[] = [];
        (window as unknown as { brandLooks: typeof seen }).brandLooks = seen;
        new MutationObserver(() => seen.push({ instant: element.className.includes('tempo-instant-'), decoration: getComputedStyle(element).textDecorationLine })).observe(element, {
          attributes: true,
          attributeFilter: ['class'],
        });
      });
    }
    await selectInFrame(studio, brand, 'p');
    await studio.inspector.getByRole('combobox', { name: /^Breakpoint/ }).selectOption('md');
    const before = await readFile(formFile, 'utf8');
    const addClass = studio.inspector.getByLabel('Add class');
    await addClass.fill('line-through');
    await expect(studio.inspector).toContainText('Writes md:line-through');
    await expect(studio.inspector).not.toContainText('shown in the frame once the file is written');
    await addClass.press('Enter');
    await succeeded(studio, /^Add class (md:)?line-through: Succeeded$/);
    await expect.poll(() => readFile(formFile, 'utf8')).not.toBe(before);
    expect(await readFile(formFile, 'utf8')).toMatch(/<p className="[^"]*\bmd:line-through\b[^"]*">Plantation Admin<\/p>/);
    await expect(brand).toHaveClass(/(^|\s)md:line-through(\s|$)/);
    await expect(phoneBrand).toHaveClass(/(^|\s)md:line-through(\s|$)/);
    await expect(brand).toHaveCSS('text-decoration-line', 'line-through');
    await expect(phoneBrand).toHaveCSS('text-decoration-line', 'none');
    const looks = (line: Locator) => line.evaluate(() => (window as unknown as { brandLooks: { instant: boolean; decoration: string }[] }).brandLooks);
    expect(await looks(brand)).toContainEqual({ instant: true, decoration: 'line-through' });
    expect((await looks(phoneBrand)).filter((look) => look.decoration !== 'none')).toEqual([]);
    // The breakpoint shown is the one the edit used; another element starts at every width again.
    await expect(studio.inspector.getByRole('combobox', { name: /^Breakpoint/ })).toHaveValue('md');
    await selectInFrame(studio, studio.frame.getByRole('heading', { name: 'Đăng nhập' }), 'h1');
    await expect(studio.inspector.getByRole('combobox', { name: /^Breakpoint/ })).toHaveValue('');
  });
});
