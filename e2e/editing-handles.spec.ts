/**
 * The selection's handles, end to end: the real CLI (`init`, then `dev --root`) on a copy of the console, the editor
 * in Chromium, the real pointer and keys. A handle dragged shows the value it snaps to and the element with it at
 * once, writes nothing while dragging, and writes one change on release, as the style controls write it (a token as
 * its Tailwind class, an off-scale size as an arbitrary value); Shift takes the four sides, Escape puts back. A new
 * token is added from a style field when none fits. A link's text is edited in place without following the link.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { initConsoleCopy, openCanvas, succeeded, type StudioPage } from './studio-page.js';
import { startStudio, type StudioProcess } from './studio-process.js';

const FORM_FILE = ['src', 'features', 'account', 'credentials-form.tsx'];
const STYLES_FILE = ['src', 'styles.css'];
const LOGIN_FILE = ['src', 'routes', 'login.tsx'];

test.describe.configure({ mode: 'serial' });

async function openStudio(page: Page, url: string, canvasId: string): Promise<StudioPage> {
  const ready = (studio: StudioPage) => expect(studio.frame.getByRole('heading', { name: 'Đăng nhập' })).toBeVisible({ timeout: 60_000 });
  return openCanvas(page, url, canvasId, ready, page.frameLocator('iframe[title="Console: Desktop"]'));
}

async function expectSelected(page: Page, name: string): Promise<void> {
  await expect(page.getByLabel('Selected element').getByRole('heading', { level: 2 })).toHaveText(new RegExp(`^${name}\\s*(Element|Component)$`));
}

/** The canvas's zoom: how many page pixels one pixel of the frame takes. */
async function zoomOf(target: Locator): Promise<number> {
  const box = (await target.boundingBox())!;
  return box.width / (await target.evaluate((element) => element.getBoundingClientRect().width));
}

/** Presses a handle of the selection with the real pointer and moves it by (dx, dy) pixels of the frame. */
async function dragHandle(page: Page, handle: Locator, zoom: number, dx: number, dy: number): Promise<void> {
  const box = (await handle.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + (dx * zoom) / 2, y + (dy * zoom) / 2, { steps: 2 });
  await page.mouse.move(x + dx * zoom, y + dy * zoom, { steps: 2 });
}

test.describe('handles', () => {
  let dir: string;
  let root: string;
  let formFile: string;
  let server: StudioProcess;

  test.beforeAll(async () => {
    ({ dir, root } = await initConsoleCopy('plantation-studio-handles-'));
    formFile = join(root, ...FORM_FILE);
    server = await startStudio(['dev', '--root', root]);
  });
  test.afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('padding with Shift, a gap and a width: shown at once while dragging, one change written on release, undone byte for byte', async ({ page }) => {
    test.setTimeout(180_000);
    const studio = await openStudio(page, server.url, 'handles');
    const submit = studio.frame.getByRole('button', { name: 'Đăng nhập' });
    const form = studio.frame.locator('form');
    const original = await readFile(formFile, 'utf8');
    expect(original).toContain('className="mt-2 rounded-lg bg-emerald-600 px-4 py-2.5 font-semibold');

    const box = (await submit.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expectSelected(page, 'button');
    const zoom = await zoomOf(submit);
    const handles = studio.frame.locator('.style-handle');
    await expect(handles.and(studio.frame.locator('[data-handle="padding-left"]'))).toHaveCount(1);

    // Shift: the four paddings together, snapped to the spacing scale (16 px + 7 → 24 px, p-6), shown at once.
    await page.keyboard.down('Shift');
    await dragHandle(page, studio.frame.locator('[data-handle="padding-left"]'), zoom, 7, 0);
    await expect(studio.frame.locator('.handle-label')).toHaveText('p-6 · 24px');
    await expect(submit).toHaveCSS('padding-left', '24px');
    await expect(submit).toHaveCSS('padding-top', '24px');
    // Nothing is written while the pointer is down.
    expect(await readFile(formFile, 'utf8')).toBe(original);
    await page.mouse.up();
    await page.keyboard.up('Shift');
    await succeeded(studio, /^Change 4 styles: Succeeded$/);
    await expect.poll(() => readFile(formFile, 'utf8')).toContain('className="mt-2 rounded-lg bg-emerald-600 p-6 font-semibold');
    await expect(submit).toHaveCSS('padding-left', '24px');
    await expect(submit).toHaveCSS('padding-bottom', '24px');
    await expect(studio.frame.locator('.handle-label')).toHaveCount(0);
    await expectSelected(page, 'button');

    // Escape while dragging puts the element back and writes nothing.
    const written = await readFile(formFile, 'utf8');
    await dragHandle(page, studio.frame.locator('[data-handle="padding-top"]'), zoom, 0, 12);
    await expect(submit).toHaveCSS('padding-top', '36px');
    await page.keyboard.press('Escape');
    await page.mouse.up();
    await expect(submit).toHaveCSS('padding-top', '24px');
    await expectSelected(page, 'button');

    // The form's gap: clicked between its last field and the button, then its handle, between its first two fields,
    // dragged down (16 px + 8 → gap-6).
    const password = (await studio.frame.getByLabel('Mật khẩu').boundingBox())!;
    const button = (await submit.boundingBox())!;
    await page.mouse.click(button.x + button.width / 2, (password.y + password.height + button.y) / 2);
    await expectSelected(page, 'form');
    await dragHandle(page, studio.frame.locator('[data-handle="gap"]'), zoom, 0, 8);
    await expect(studio.frame.locator('.handle-label')).toHaveText('gap-6 · 24px');
    await expect(form).toHaveCSS('row-gap', '24px');
    await page.mouse.up();
    await succeeded(studio, /^Set gap to 1\.5rem: Succeeded$/);
    await expect.poll(() => readFile(formFile, 'utf8')).toContain('className="mt-6 flex flex-col gap-6"');
    expect(await readFile(formFile, 'utf8')).not.toBe(written);

    // A width far from every token of the scale is written as the pixels shown.
    await dragHandle(page, studio.frame.locator('[data-handle="width"]'), zoom, -53, 0);
    const label = (await studio.frame.locator('.handle-label').textContent())!;
    expect(label).toMatch(/^w-\[\d+px\]$/);
    await page.mouse.up();
    const className = label;
    await expect.poll(() => readFile(formFile, 'utf8')).toContain(`flex flex-col gap-6 ${className}"`);
    await expect(form).toHaveCSS('width', /^\d+px$/);
    expect(await form.evaluate((element) => `w-[${Math.round(element.getBoundingClientRect().width)}px]`)).toBe(className);

    // Each release was one change: three undos give the file back byte for byte.
    for (let undo = 0; undo < 3; undo++) await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => readFile(formFile, 'utf8'), { timeout: 20_000 }).toBe(original);
  });

  test('a new token from a style field: a bad value refused with the reason, a good one declared in the theme and given to the element', async ({ page }) => {
    test.setTimeout(120_000);
    const studio = await openStudio(page, server.url, 'new-token');
    const submit = studio.frame.getByRole('button', { name: 'Đăng nhập' });
    const stylesFile = join(root, ...STYLES_FILE);
    const stylesBefore = await readFile(stylesFile, 'utf8');
    const formBefore = await readFile(formFile, 'utf8');
    const box = (await submit.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expectSelected(page, 'button');

    await studio.inspector.getByRole('button', { name: 'Background colour: new token' }).click();
    const form = studio.inspector.getByRole('form', { name: 'Background colour: new token' });
    await form.getByLabel('Token name').fill('brand-deep');
    await form.getByLabel('Token value').fill('bluish');
    await form.getByRole('button', { name: 'Add token' }).click();
    await expect(form.getByRole('alert')).toHaveText('"bluish" is not a value of background-color: no token was added.');
    await form.getByLabel('Token name').fill('emerald-600');
    await form.getByLabel('Token value').fill('#0f766e');
    await form.getByRole('button', { name: 'Add token' }).click();
    await expect(form.getByRole('alert')).toHaveText(/^emerald-600 is already a token of the theme/);
    expect(await readFile(stylesFile, 'utf8')).toBe(stylesBefore);
    expect(await readFile(formFile, 'utf8')).toBe(formBefore);

    await form.getByLabel('Token name').fill('brand-deep');
    await form.getByLabel('Token value').press('Enter');
    await expect(submit).toHaveCSS('background-color', 'rgb(15, 118, 110)');
    await succeeded(studio, /^Add class bg-brand-deep: Succeeded$/);
    const styles = await readFile(stylesFile, 'utf8');
    expect(styles).toMatch(/@theme \{[^}]*\n\s*--color-brand-deep: #0f766e;\n[^}]*\}/);
    expect(styles.replace(/\n\s*--color-brand-deep: #0f766e;/, '')).toBe(stylesBefore);
    expect(await readFile(formFile, 'utf8')).toContain('className="mt-2 rounded-lg bg-brand-deep px-4 py-2.5');
    await expect(submit).toHaveCSS('background-color', 'rgb(15, 118, 110)');
    await expect(form).toHaveCount(0);
  });

  test('a link’s text is edited in place: typed after its text, a click in it places the caret and does not follow it', async ({ page }) => {
    test.setTimeout(120_000);
    const studio = await openStudio(page, server.url, 'link-text');
    const loginFile = join(root, ...LOGIN_FILE);
    const link = studio.frame.getByRole('link', { name: 'Đăng ký ngay' });
    const box = (await link.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByLabel('Selected element').getByRole('heading', { level: 2 })).toHaveText(/^(Link|a)\s*(Element|Component)$/);
    // Clicked again: edited in place, the words typed at the end of its text.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(link).toHaveAttribute('contenteditable', 'plaintext-only');
    await page.keyboard.type(' nhé');
    await expect(link).toHaveText('Đăng ký ngay nhé');
    // A click inside the link while it is edited: the caret goes there, the page stays.
    await page.mouse.click(box.x + 4, box.y + box.height / 2);
    await expect(link).toHaveAttribute('contenteditable', 'plaintext-only');
    await expect(studio.frame.getByRole('heading', { name: 'Đăng nhập' })).toBeVisible();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await succeeded(studio, /^Edit text.*: Succeeded$/);
    await expect.poll(() => readFile(loginFile, 'utf8')).toContain('Đăng ký ngay nhé');
    await expect(studio.frame.getByRole('heading', { name: 'Đăng nhập' })).toBeVisible();
    expect(await studio.frame.locator('body').evaluate(() => location.pathname)).toBe('/login');
  });
});
