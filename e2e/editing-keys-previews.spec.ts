/**
 * What a designer expects of previews and keys, end to end: the real CLI (`init`, then `dev --root`) on a copy of
 * the console, the editor in Chromium, real pointer and keyboard events. Forced states show an element's own state
 * styles and keep showing a new one after the hot reload; a breakpoint edit shows in the frames wide enough for it;
 * the keys copy, cut, paste, move through the tree and zoom; notices go by themselves; the zoom buttons keep what is
 * looked at on screen; the `?` panel lists every key.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { initConsoleCopy, openCanvas, succeeded, type StudioPage } from './studio-page.js';
import { startStudio, type StudioProcess } from './studio-process.js';

const FORM_FILE = ['src', 'features', 'account', 'credentials-form.tsx'];
const LOGIN_FILE = ['src', 'routes', 'login.tsx'];

test.describe.configure({ mode: 'serial' });

type Studio = StudioPage;

async function openStudio(page: Page, url: string, canvasId: string): Promise<Studio> {
  // The first page of a fresh copy waits for Vite to build the console's modules.
  const ready = (studio: Studio) => expect(studio.frame.getByRole('heading', { name: 'Đăng nhập' })).toBeVisible({ timeout: 60_000 });
  return openCanvas(page, url, canvasId, ready, page.frameLocator('iframe[title="Console: Desktop"]'));
}

/** Clicks an element in the frame with the real pointer and waits until the editor shows it selected. */
async function selectInFrame(studio: Studio, target: Locator, name: string, { exact = false } = {}): Promise<void> {
  await expect(target).toBeVisible();
  const box = (await target.boundingBox())!;
  // Ctrl-click selects the element itself, not the nearest one written in the page's own file.
  if (exact) await studio.page.keyboard.down('Control');
  await studio.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  if (exact) await studio.page.keyboard.up('Control');
  await expectSelected(studio.page, name);
}

/** The inspector names this element (by its tag or component name) as the selection. */
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

test.describe('previews and keys', () => {
  let dir: string;
  let root: string;
  let formFile: string;
  let loginFile: string;
  let server: StudioProcess;

  test.beforeAll(async () => {
    ({ dir, root } = await initConsoleCopy('plantation-studio-keys-'));
    formFile = join(root, ...FORM_FILE);
    loginFile = join(root, ...LOGIN_FILE);
    server = await startStudio(['dev', '--root', root]);
  });
  test.afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('a forced state shows the element’s own state styles, a new one stays after the hot reload; a new selection starts without states unless pinned', async ({ page }) => {
    test.setTimeout(120_000);
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

    // A new hover style: shown at once (by the instant update, before the hot reload), written as hover:underline,
    // and still shown after the hot reload.
    await submit.evaluate((element) => {
      const seen: { instant: boolean; decoration: string }[] = [];
      (window as unknown as { submitLooks: typeof seen }).submitLooks = seen;
      new MutationObserver(() => seen.push({ instant: element.className.includes('tempo-instant-'), decoration: getComputedStyle(element).textDecorationLine })).observe(element, {
        attributes: true,
        attributeFilter: ['class'],
      });
    });
    const before = await readFile(formFile, 'utf8');
    const addClass = studio.inspector.getByLabel('Add class');
    await addClass.fill('underline');
    await addClass.press('Enter');
    await expect(submit).toHaveCSS('text-decoration-line', 'underline');
    await succeeded(studio, /^Add class (hover:)?underline: Succeeded$/);
    await expect.poll(() => readFile(formFile, 'utf8')).not.toBe(before);
    expect(await readFile(formFile, 'utf8')).toMatch(/className="[^"]*\bhover:underline\b[^"]*"\s*>\s*\{busy \?/);
    await expect(submit).toHaveClass(/(^|\s)hover:underline(\s|$)/);
    await expect(submit).not.toHaveClass(/tempo-instant-/);
    await expect(submit).toHaveCSS('text-decoration-line', 'underline');
    await expect(submit).toHaveCSS('background-color', hovered);
    expect(await submit.evaluate(() => (window as unknown as { submitLooks: { instant: boolean; decoration: string }[] }).submitLooks)).toContainEqual({ instant: true, decoration: 'underline' });

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
    test.setTimeout(120_000);
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
    // Undone, so the tests after this one meet the form as written.
    await page.keyboard.press('Control+z');
    await expect.poll(() => readFile(formFile, 'utf8')).toBe(before);
  });
  test('the keys walk the tree, copy and paste (into another file too, with its imports), cut, and zoom, from a frame and from the editor', async ({ page }) => {
    test.setTimeout(180_000);
    const studio = await openStudio(page, server.url, 'keys');
    const brand = studio.frame.getByText('Plantation Admin', { exact: true });
    const formBefore = await readFile(formFile, 'utf8');
    const loginBefore = await readFile(loginFile, 'utf8');

    // Tab and Shift+Tab go through the siblings, Shift+Enter out to the parent, Enter into its first child.
    await selectInFrame(studio, brand, 'p');
    await page.keyboard.press('Tab');
    await expectSelected(page, 'h1');
    await page.keyboard.press('Shift+Tab');
    await expectSelected(page, 'p');
    await page.keyboard.press('Shift+Enter');
    await expectSelected(page, 'div');
    await page.keyboard.press('Enter');
    await expectSelected(page, 'p');
    await expect(studio.frame.locator('[data-studio-text-editing], [contenteditable="true"]')).toHaveCount(0);

    // Copy the brand line, paste it on the heading (which holds only its text): it goes right after it.
    await page.keyboard.press('Control+c');
    await expect(page.getByRole('status').filter({ hasText: 'Copied <p>' })).toBeVisible();
    await selectInFrame(studio, studio.frame.getByRole('heading', { name: 'Đăng nhập' }), 'h1');
    await page.keyboard.press('Control+v');
    await succeeded(studio, /^Add .*: Succeeded$/);
    await expect.poll(() => readFile(formFile, 'utf8')).toMatch(/\{title\}<\/h1>\s*<p className="[^"]*">Plantation Admin<\/p>/);
    await expect(brand).toHaveCount(2);
    await expectSelected(page, 'p');

    // Cut the pasted copy: it is gone from the file; pasted into the card (Shift+Enter from the brand line), it is
    // its last child.
    await page.keyboard.press('Control+x');
    await expect.poll(() => readFile(formFile, 'utf8')).toBe(formBefore);
    await expect(brand).toHaveCount(1);
    await selectInFrame(studio, brand.first(), 'p');
    await page.keyboard.press('Shift+Enter');
    await expectSelected(page, 'div');
    await page.keyboard.press('Control+v');
    await expect.poll(() => readFile(formFile, 'utf8')).toMatch(/\{footer\}<\/div>\s*<p className="[^"]*">Plantation Admin<\/p>\s*<\/div>\s*<\/main>/);
    await expect(brand).toHaveCount(2);
    // The pasted copy is selected once the frame shows it.
    await expectSelected(page, 'p');

    // Across files: the sign-in page's link (login.tsx) pasted into the card (credentials-form.tsx) brings its import.
    const link = studio.frame.getByRole('link', { name: 'Đăng ký ngay' });
    await selectInFrame(studio, link, 'Link', { exact: true });
    await page.keyboard.press('Control+c');
    await expect(page.getByRole('status').filter({ hasText: 'Copied <Link>' })).toBeVisible();
    await selectInFrame(studio, brand.first(), 'p');
    await page.keyboard.press('Shift+Enter');
    await expectSelected(page, 'div');
    await page.keyboard.press('Control+v');
    await expect.poll(() => readFile(formFile, 'utf8')).toMatch(/<Link to="\/register"[^>]*>\s*Đăng ký ngay\s*<\/Link>\s*<\/div>\s*<\/main>/);
    const written = await readFile(formFile, 'utf8');
    expect(written).toMatch(/^import \{ Link \} from '@tanstack\/react-router';$/m);
    expect(await readFile(loginFile, 'utf8')).toBe(loginBefore);
    await expect(link).toHaveCount(2);
    await expectSelected(page, 'Link');

    // Zoom keys, in the editor (the focus on its page): in, out, 100 %, fit every frame, fit the selection.
    const zoom = page.getByRole('textbox', { name: 'Zoom percent' });
    await page.getByRole('heading', { name: 'Plantation Studio' }).click();
    await page.keyboard.press('Control+0');
    await expect(zoom).toHaveValue('100%');
    await page.keyboard.press('Control+=');
    await expect(zoom).toHaveValue('125%');
    await page.keyboard.press('Control+-');
    await expect(zoom).toHaveValue('100%');
    await page.keyboard.press('Shift+Digit1');
    await expect(zoom).not.toHaveValue('100%');
    const fitAll = Number((await zoom.inputValue()).replace('%', ''));
    // From the frame too: the selected brand line fills the view.
    await selectInFrame(studio, brand.first(), 'p');
    await page.keyboard.press('Shift+Digit2');
    await expect.poll(async () => Number((await zoom.inputValue()).replace('%', ''))).toBeGreaterThan(fitAll);
    const canvas = (await page.getByRole('region', { name: 'Canvas' }).boundingBox())!;
    const box = (await brand.first().boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(canvas.x);
    expect(box.x + box.width).toBeLessThanOrEqual(canvas.x + canvas.width);
    expect(box.y).toBeGreaterThanOrEqual(canvas.y);
    expect(box.y + box.height).toBeLessThanOrEqual(canvas.y + canvas.height);
    await page.keyboard.press('Control+0');
    await expect(zoom).toHaveValue('100%');

    // The last edit undone by key; the form put back as it started for the tests after this one.
    await page.keyboard.press('Control+z');
    await expect(studio.changes.getByRole('listitem', { name: /^Undo.*: Succeeded$/ })).toHaveCount(1, { timeout: 20_000 });
    await expect(link).toHaveCount(1);
    await expect.poll(() => readFile(formFile, 'utf8')).not.toMatch(/@tanstack\/react-router/);
    await writeFile(formFile, formBefore);
    await expect(brand).toHaveCount(1);
    expect(await readFile(loginFile, 'utf8')).toBe(loginBefore);
  });

  test('the arrows move the selection among its siblings, one written move a press, quick presses all kept; undo puts the bytes back', async ({ page }) => {
    test.setTimeout(120_000);
    const studio = await openStudio(page, server.url, 'arrows');
    const before = await readFile(formFile, 'utf8');
    const brandLine = /<p className="[^"]*">Plantation Admin<\/p>/;
    const order = () => studio.frame.locator('p, h1').evaluateAll((elements) => elements.map((element) => element.tagName + ':' + element.textContent).slice(0, 2));
    await selectInFrame(studio, studio.frame.getByText('Plantation Admin', { exact: true }), 'p');

    // ↓: the brand line goes after the heading, in the file and in the frame; it stays selected.
    await page.keyboard.press('ArrowDown');
    await succeeded(studio, /^Move element: Succeeded$/);
    await expect.poll(() => readFile(formFile, 'utf8')).toMatch(new RegExp(`\\{title\\}</h1>\\s*${brandLine.source}`));
    await expect.poll(order).toEqual(['H1:Đăng nhập', 'P:Plantation Admin']);
    await expectSelected(page, 'p');

    // ↑ twice, quickly: the first puts it back, the second finds it first and does nothing.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => readFile(formFile, 'utf8')).toBe(before);
    await expect.poll(order).toEqual(['P:Plantation Admin', 'H1:Đăng nhập']);

    // ↓ then Undo: the file is byte-identical.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => readFile(formFile, 'utf8')).not.toBe(before);
    await page.keyboard.press('Control+z');
    await expect.poll(() => readFile(formFile, 'utf8')).toBe(before);
    await expect.poll(order).toEqual(['P:Plantation Admin', 'H1:Đăng nhập']);
  });

  test('a style copied from one element is pasted onto another in place of its classes, one undo step', async ({ page }) => {
    test.setTimeout(120_000);
    const studio = await openStudio(page, server.url, 'style-paste');
    const before = await readFile(formFile, 'utf8');
    const heading = studio.frame.getByRole('heading', { name: 'Đăng nhập' });
    await selectInFrame(studio, studio.frame.getByText('Plantation Admin', { exact: true }), 'p');
    await page.keyboard.press('Control+Alt+c');
    await expect(page.getByRole('status').filter({ hasText: 'Copied the style of <p> (5 classes)' })).toBeVisible();

    await selectInFrame(studio, heading, 'h1');
    await page.keyboard.press('Control+Alt+v');
    // Shown at once, then written: the heading's own classes gave way to the brand line's.
    await expect(heading).toHaveCSS('text-transform', 'uppercase');
    await succeeded(studio, /: Succeeded$/);
    await expect
      .poll(() => readFile(formFile, 'utf8'))
      .toMatch(/<h1 className="text-sm font-semibold uppercase tracking-wide text-emerald-700">\{title\}<\/h1>/);
    await expect(heading).toHaveCSS('text-transform', 'uppercase');

    await page.keyboard.press('Control+z');
    await expect.poll(() => readFile(formFile, 'utf8')).toBe(before);
    await expect(heading).toHaveCSS('text-transform', 'none');
  });

  test('Alt over another element shows the distances from the selection to it, in place of the hover', async ({ page }) => {
    test.setTimeout(120_000);
    const studio = await openStudio(page, server.url, 'distances');
    const brand = studio.frame.getByText('Plantation Admin', { exact: true });
    const heading = studio.frame.getByRole('heading', { name: 'Đăng nhập' });
    const labels = studio.frame.locator('.distance-label');
    await selectInFrame(studio, brand, 'p');
    // The gap the page really has between the two, in its own pixels.
    const gap = await studio.frame.locator('body').evaluate(() => {
      const [p, h1] = Array.from(document.querySelectorAll('p, h1')).slice(0, 2).map((element) => element.getBoundingClientRect());
      return String(Math.round((h1!.top - p!.bottom) * 10) / 10);
    });

    const box = (await heading.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(studio.frame.locator('.outline-secondary')).toHaveCount(1);
    await expect(labels).toHaveCount(0);
    await page.keyboard.down('Alt');
    await expect(labels).toHaveText([gap]);
    await expect(studio.frame.locator('.outline-secondary')).toHaveCount(0);
    // Over the card that holds both: the four insets of the brand line.
    const card = (await studio.frame.locator('main > div').first().boundingBox())!;
    await page.mouse.move(card.x + card.width - 6, card.y + card.height - 6);
    await expect(labels).toHaveCount(4);
    await page.keyboard.up('Alt');
    await expect(labels).toHaveCount(0);
  });

  test('a drag released with Alt writes a copy where it lands and leaves the element where it was', async ({ page }) => {
    test.setTimeout(120_000);
    const studio = await openStudio(page, server.url, 'alt-drag');
    const before = await readFile(formFile, 'utf8');
    const brand = studio.frame.getByText('Plantation Admin', { exact: true });
    const heading = studio.frame.getByRole('heading', { name: 'Đăng nhập' });
    const from = (await brand.boundingBox())!;
    const [x, y] = [from.x + from.width / 2, from.y + from.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 30, y + 10, { steps: 6 });
    // Past the heading's middle: the brand line is shown after it.
    const target = (await heading.boundingBox())!;
    const landing = { x: target.x + target.width / 2, y: target.y + target.height * 0.85 };
    let nudge = 1;
    await expect(async () => {
      await page.mouse.move(landing.x + nudge, landing.y);
      nudge = -nudge;
      await expect(studio.frame.locator('h1 + p')).toHaveText('Plantation Admin', { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await page.keyboard.down('Alt');
    await page.mouse.up();
    await page.keyboard.up('Alt');
    await succeeded(studio, /^Add .*: Succeeded$/);
    // The original first, as it was; the copy after the heading, before the form (the page's next element: the notice
    // between them in the source renders nothing).
    await expect
      .poll(() => readFile(formFile, 'utf8'))
      .toMatch(/<p className="([^"]*)">Plantation Admin<\/p>\s*<h1 className="[^"]*">\{title\}<\/h1>[\s\S]*?<p className="\1">Plantation Admin<\/p>\s*<form /);
    await expect(brand).toHaveCount(2);
    await page.keyboard.press('Control+z');
    await expect.poll(() => readFile(formFile, 'utf8')).toBe(before);
    await expect(brand).toHaveCount(1);
  });

  test('a right click selects the element and opens its menu: the arrows and Enter run an item, Escape closes it and keeps the selection', async ({ page }) => {
    test.setTimeout(120_000);
    const studio = await openStudio(page, server.url, 'context-menu');
    const before = await readFile(formFile, 'utf8');
    const heading = studio.frame.getByRole('heading', { name: 'Đăng nhập' });
    const menu = page.getByRole('menu');
    const rightClick = async (target: Locator) => {
      // A box is only there once the frame shows the element: right after a hot update it can be a moment away.
      // A hot update can also swap the element between that check and the measure: measure until a box is there.
      let box: { x: number; y: number; width: number; height: number } | null = null;
      await expect(async () => {
        await expect(target).toBeVisible({ timeout: 1000 });
        box = await target.boundingBox();
        expect(box).not.toBeNull();
      }).toPass({ timeout: 20_000 });
      box = box!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button: 'right' });
    };

    // On the heading: it is selected, the menu opens at the pointer with its keys and where it is written.
    await rightClick(heading);
    await expect(menu).toBeVisible();
    await expectSelected(page, 'h1');
    await expect(menu.getByRole('menuitem', { name: /^Duplicate/ })).toContainText('⌘/Ctrl+D');
    await expect(menu.getByRole('menuitem', { name: /^Open in editor/ })).toContainText('credentials-form.tsx:');
    // The heading's text is a prop ({title}) bound to a literal at the login route: editable in place from here too.
    await expect(menu.getByRole('menuitem', { name: /^Edit text/ })).toBeEnabled();
    // Escape closes the menu, and the heading stays selected (Escape is the menu's, not the editor's).
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expectSelected(page, 'h1');

    // On the brand line: the arrows reach Duplicate, Enter runs it; one written change, undone byte-exact.
    await rightClick(studio.frame.getByText('Plantation Admin', { exact: true }));
    await expectSelected(page, 'p');
    await expect(menu.getByRole('menuitem', { name: /^Edit text/ })).toBeFocused();
    // Down through the items that apply (Paste does not: nothing is copied), round to Duplicate.
    const duplicate = menu.getByRole('menuitem', { name: /^Duplicate/ });
    for (let i = 0; i < 12 && !(await duplicate.evaluate((item) => item === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
    await expect(duplicate).toBeFocused();
    await expect(menu.getByRole('menuitem', { name: /^Paste(?! style)/ })).toBeDisabled();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveCount(0);
    await succeeded(studio, /^Duplicate .*: Succeeded$/);
    await expect(studio.frame.getByText('Plantation Admin', { exact: true })).toHaveCount(2);
    expect((await readFile(formFile, 'utf8')).match(/>Plantation Admin</g)).toHaveLength(2);
    await page.keyboard.press('Control+z');
    await expect.poll(() => readFile(formFile, 'utf8')).toBe(before);
    await expect(studio.frame.getByText('Plantation Admin', { exact: true })).toHaveCount(1);

    // A click elsewhere closes it without acting.
    await rightClick(heading);
    await expect(menu).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(menu).toHaveCount(0);
    expect(await readFile(formFile, 'utf8')).toBe(before);
  });

  test('an error notice goes by itself, not while the pointer is on it; it can be closed; the failure stays in the changes', async ({ page }) => {
    test.setTimeout(120_000);
    const studio = await openStudio(page, server.url, 'notices');
    const before = await readFile(loginFile, 'utf8');
    // The submit button uses names of its own file (busy, the labels): pasted into the sign-in page's file, refused.
    await selectInFrame(studio, studio.frame.getByRole('button', { name: 'Đăng nhập' }), 'button');
    await page.keyboard.press('Control+c');
    await selectInFrame(studio, studio.frame.getByRole('link', { name: 'Đăng ký ngay' }), 'Link', { exact: true });
    await page.keyboard.press('Control+v');
    const alert = page.getByRole('list', { name: 'Notices' }).getByRole('alert');
    await expect(alert).toContainText('failed', { timeout: 20_000 });
    await expect(studio.changes.getByRole('listitem', { name: /: Failed$/ })).toBeVisible();
    expect(await readFile(loginFile, 'utf8')).toBe(before);

    // Held while the pointer is on it: still there once its time (eight seconds) has passed.
    const held = (await alert.boundingBox())!;
    await page.mouse.move(held.x + held.width / 3, held.y + held.height / 2);
    await expect(alert).toHaveAttribute('data-countdown', 'held');
    const since = await page.evaluate(() => performance.now());
    await page.waitForFunction((start) => performance.now() - start > 9_000, since, { timeout: 20_000 });
    await expect(alert).toBeVisible();
    // Let go: it goes by itself.
    await page.mouse.move(5, 5);
    await expect(alert).toHaveCount(0, { timeout: 15_000 });

    // Another one, closed at once with ×.
    await page.keyboard.press('Control+v');
    await expect(alert).toContainText('failed', { timeout: 20_000 });
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(alert).toHaveCount(0);
  });

  test('the zoom buttons zoom about the selection, and never leave the frames off-screen', async ({ page }) => {
    const studio = await openStudio(page, server.url, 'zoom-buttons');
    const canvas = (await page.getByRole('region', { name: 'Canvas' }).boundingBox())!;
    const heading = studio.frame.getByRole('heading', { name: 'Đăng nhập' });
    const centre = async (locator: Locator) => {
      const box = (await locator.boundingBox())!;
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    const zoom = page.getByRole('textbox', { name: 'Zoom percent' });
    const percent = async () => Number((await zoom.inputValue()).replace('%', ''));
    await selectInFrame(studio, heading, 'h1');
    const before = await centre(heading);
    const startZoom = await percent();
    for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(percent).toBeGreaterThan(startZoom * 1.5);
    // The selected heading stays where it was on screen (the zoom's anchor), so it stays in view.
    const after = await centre(heading);
    expect(Math.abs(after.x - before.x)).toBeLessThan(4);
    expect(Math.abs(after.y - before.y)).toBeLessThan(4);

    // No selection: the frame pushed almost off the left edge by a pan, then zoomed in about the middle of the view.
    await zoom.fill('50%');
    await zoom.press('Enter');
    await expect(zoom).toHaveValue('50%');
    // A click on the empty canvas (right of the half-size frame) clears the selection.
    await page.mouse.click(canvas.x + canvas.width - 20, canvas.y + 20);
    await expect(page.getByLabel('Selected element')).toHaveCount(0);
    const iframe = page.locator('iframe[title="Console: Desktop"]');
    const frameBox = (await iframe.boundingBox())!;
    // Drag the empty canvas (right of the frame) to the left until only a strip of the frame is left.
    const grab = { x: Math.min(canvas.x + canvas.width - 10, frameBox.x + frameBox.width + 40), y: canvas.y + canvas.height - 20 };
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(grab.x - (frameBox.x + frameBox.width - canvas.x - 40), grab.y, { steps: 8 });
    await page.mouse.up();
    for (let step = 0; step < 5; step++) await page.getByRole('button', { name: 'Zoom in' }).click();
    const shown = (await iframe.boundingBox())!;
    const visibleWidth = Math.min(shown.x + shown.width, canvas.x + canvas.width) - Math.max(shown.x, canvas.x);
    const visibleHeight = Math.min(shown.y + shown.height, canvas.y + canvas.height) - Math.max(shown.y, canvas.y);
    expect(visibleWidth).toBeGreaterThanOrEqual(40);
    expect(visibleHeight).toBeGreaterThanOrEqual(40);
  });

  test('? and the toolbar open the list of every key, a dialog that Escape closes', async ({ page }) => {
    const studio = await openStudio(page, server.url, 'key-list');
    await selectInFrame(studio, studio.frame.getByText('Plantation Admin', { exact: true }), 'p');
    await page.keyboard.press('Shift+Slash');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    // A header row and one row for each of the 23 bindings of the key map.
    await expect(dialog.getByRole('row')).toHaveCount(24);
    await expect(dialog.getByRole('row', { name: /⌘\/Ctrl\+V Paste into the selection/ })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    // Escape closed the list only: the selection is as it was.
    await expectSelected(page, 'p');

    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Keyboard shortcuts' })).toBeFocused();
  });
});
