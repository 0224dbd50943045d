/**
 * The studio's editor end to end, as a designer uses it: the real CLI (`init`, then `dev --root`) on a copy of
 * the console, the editor at `/_studio/canvas/{id}` in Chromium, the console in its frame. Every edit is made
 * through the editor's own controls (clicks in the frame, the inspector, the keys, a drag) and checked in the
 * source file on disk; undo and redo go back and forth to the byte.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { initConsoleCopy, openCanvas, paletteItemBox, succeeded, type StudioPage } from './studio-page.js';
import { startStudio, type StudioProcess } from './studio-process.js';

/** The sign-in screen's form: the default frame shows it (no session), and it is written in this one file. */
const FORM_FILE = ['src', 'features', 'account', 'credentials-form.tsx'];

test.describe.configure({ mode: 'serial' });

/** Every file of the console's source, as bytes (the generated route tree aside). */
async function sourceTree(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(join(root, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name === 'routeTree.gen.ts') continue;
    const path = join(entry.parentPath, entry.name);
    files.set(path, (await readFile(path)).toString('base64'));
  }
  return files;
}

type Studio = StudioPage;

/** Opens a canvas of the studio and waits until the console in its first frame is in the layers. */
async function openStudio(page: Page, url: string, canvasId: string): Promise<Studio> {
  return openCanvas(page, url, canvasId, (studio) => expect(studio.frame.getByRole('heading', { name: 'Đăng nhập' })).toBeVisible({ timeout: 30_000 }));
}

/** Clicks an element in the frame and waits until the editor shows it selected. */
async function selectInFrame(studio: Studio, target: Locator, name: string): Promise<void> {
  await target.click();
  await expect(studio.page.getByLabel('Selected element')).toContainText(name);
}

/** Follows a file through a test's steps: each call waits until it changed from what the last step left, and returns it. */
async function fileSteps(file: string): Promise<() => Promise<string>> {
  let text = await readFile(file, 'utf8');
  return async () => {
    await expect.poll(() => readFile(file, 'utf8'), { timeout: 20_000 }).not.toBe(text);
    text = await readFile(file, 'utf8');
    return text;
  };
}

test.describe('the studio editor', () => {
  let dir: string;
  let root: string;
  let formFile: string;
  let server: StudioProcess;

  test.beforeAll(async () => {
    ({ dir, root } = await initConsoleCopy('plantation-studio-ui-'));
    formFile = join(root, ...FORM_FILE);
    server = await startStudio(['dev', '--root', root]);
  });
  test.afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('select in the frame, shown in the layers; a class added in the inspector shows at once, is written, and stays after hot reload', async ({ page }) => {
    const studio = await openStudio(page, server.url, 'select-and-class');
    const brand = studio.frame.getByText('Plantation Admin', { exact: true });
    await selectInFrame(studio, brand, 'p');
    await expect(studio.layers.getByRole('treeitem', { name: 'p', selected: true })).toBeVisible();
    await expect(studio.inspector).toContainText('credentials-form.tsx');

    // A marker on the frame's window survives hot module replacement but not a full reload.
    const consoleFrame = page.frames().find((frame) => frame.url().includes('/login'))!;
    await consoleFrame.evaluate(() => ((window as unknown as { hmrMarker: number }).hmrMarker = 7));
    const before = await readFile(formFile, 'utf8');

    const addClass = studio.inspector.getByLabel('Add class');
    await addClass.fill('line-through');
    await addClass.press('Enter');
    // (a) at once, by the instant update
    await expect(brand).toHaveCSS('text-decoration-line', 'line-through', { timeout: 2_000 });
    // (b) in the source
    await succeeded(studio, 'Add class line-through');
    const after = await readFile(formFile, 'utf8');
    expect(after).not.toBe(before);
    expect(after).toMatch(/<p className="[^"]*\bline-through\b[^"]*">Plantation Admin<\/p>/);
    // (c) after the hot reload, from the source: the element's own class attribute, no reload of the page
    await expect(brand).toHaveClass(/\bline-through\b/);
    await expect(brand).toHaveCSS('text-decoration-line', 'line-through');
    expect(await consoleFrame.evaluate(() => (window as unknown as { hmrMarker?: number }).hmrMarker)).toBe(7);
    // The selection survived the hot reload.
    await expect(studio.layers.getByRole('treeitem', { name: 'p', selected: true })).toBeVisible();
    await expect(studio.inspector.getByRole('list', { name: 'Class list' })).toContainText('line-through');

    // Undone from the toolbar: the file is as it was.
    await page.getByRole('button', { name: /Undo/ }).first().click();
    await expect.poll(() => readFile(formFile, 'utf8')).toBe(before);
    await expect(brand).not.toHaveClass(/\bline-through\b/);
  });

  test('text, prop, tag, duplicate, wrap, delete and move, each written; undo all restores every byte; redo all', async ({ page }) => {
    // Seven edits, each undone, redone and undone again: 28 writes, each waited for on screen.
    test.setTimeout(180_000);
    const studio = await openStudio(page, server.url, 'every-edit');
    const original = await sourceTree(root);
    const nextFileText = await fileSteps(formFile);
    const brand = () => studio.frame.getByText(/^Plantation (Studio )?Admin$/).first();

    // Text, edited in place: a click on the selected element starts editing; leaving it writes the text.
    await selectInFrame(studio, brand(), 'p');
    // Static text, as the source says (the inspector shows the text field once the element's facts are known).
    await expect(studio.inspector.getByRole('textbox', { name: 'Element text' })).toHaveValue('Plantation Admin');
    await brand().click();
    await expect(brand()).toHaveAttribute('contenteditable', /^(true|plaintext-only)$/);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Plantation Studio Admin');
    await studio.frame.getByRole('heading', { name: 'Đăng nhập' }).click();
    await succeeded(studio, 'Edit text');
    expect(await nextFileText()).toContain('>Plantation Studio Admin</p>');
    await expect(brand()).toHaveText('Plantation Studio Admin');

    // A literal prop of a component instance, from the layers (opened down to the form by selecting its button)
    // and the props panel.
    await selectInFrame(studio, studio.frame.getByRole('button', { name: 'Đăng nhập' }), 'button');
    await studio.layers.getByRole('treeitem', { name: 'TextField' }).first().click();
    const label = studio.inspector.getByLabel('Prop label');
    await expect(label).toHaveValue('Tên đăng nhập');
    await label.fill('Tên tài khoản');
    await label.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Prop changed' })).toBeVisible();
    await succeeded(studio, 'Change prop label');
    expect(await nextFileText()).toContain('label="Tên tài khoản"');
    await expect(studio.frame.getByText('Tên tài khoản', { exact: true })).toBeVisible();

    // The heading's tag.
    await selectInFrame(studio, studio.frame.getByRole('heading', { name: 'Đăng nhập' }), 'h1');
    const tag = studio.inspector.getByRole('combobox', { name: 'Tag', exact: true });
    await tag.fill('h2');
    await tag.press('Enter');
    await succeeded(studio, /^Change tag .*h2.*: Succeeded$/);
    expect(await nextFileText()).toMatch(/<h2 className="mt-1 text-2xl font-bold text-slate-900">\{title\}<\/h2>/);
    // The instant update's stand-in goes once the hot reload has brought the real one.
    await expect(studio.frame.getByRole('heading', { level: 2, name: 'Đăng nhập' })).toHaveCount(1);
    await expect(studio.frame.getByRole('heading', { level: 1 })).toHaveCount(0);

    // Duplicate with the key pressed in the frame (the frame forwards it to the editor).
    await selectInFrame(studio, brand(), 'p');
    await brand().press('Control+d');
    await succeeded(studio, /^Duplicate.*: Succeeded$/);
    expect((await nextFileText()).match(/>Plantation Studio Admin<\/p>/g)).toHaveLength(2);
    await expect(studio.frame.getByText('Plantation Studio Admin', { exact: true })).toHaveCount(2);

    // Wrap the copy in a div, with the key pressed in the editor.
    await selectInFrame(studio, studio.frame.getByText('Plantation Studio Admin', { exact: true }).nth(1), 'p');
    await studio.layers.getByRole('treeitem', { name: 'p', selected: true }).focus();
    await page.keyboard.press('Control+g');
    await succeeded(studio, /^Wrap element in div: Succeeded$/);
    expect(await nextFileText()).toMatch(/<div>\s*<p className="[^"]*">Plantation Studio Admin<\/p>\s*<\/div>/);

    // Delete the wrapper: Escape selects the parent of the selected copy, Delete removes it. The copy is clicked
    // inside its new wrapper, once the frame shows it there: a click while the hot update lands could reach the
    // brand line beside it, whose parent is the whole header.
    const wrappedCopy = studio.frame.locator('div:not([class]) > p').filter({ hasText: /^Plantation Studio Admin$/ });
    await expect(wrappedCopy).toHaveCount(1);
    await selectInFrame(studio, wrappedCopy, 'p');
    await studio.layers.getByRole('treeitem', { name: 'p', selected: true }).focus();
    await page.keyboard.press('Escape');
    await expect(studio.layers.getByRole('treeitem', { name: 'div', selected: true })).toBeVisible();
    await page.keyboard.press('Delete');
    await succeeded(studio, /^Delete element: Succeeded$/);
    const afterDelete = await nextFileText();
    expect(afterDelete.match(/>Plantation Studio Admin<\/p>/g)).toHaveLength(1);
    expect(afterDelete).not.toMatch(/<div>\s*<p/);
    // The selection moves on to the removed wrapper's next sibling, the heading, as the person sees before going on.
    await expect(page.getByLabel('Selected element')).toContainText(/^h2\s*Element/);

    // Move by drag: the brand line dragged below the heading.
    await selectInFrame(studio, brand(), 'p');
    const from = (await brand().boundingBox())!;
    const heading = (await studio.frame.getByRole('heading', { name: 'Đăng nhập' }).boundingBox())!;
    const [x, y] = [from.x + from.width / 2, from.y + from.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.down();
    // Sideways first, well past the drag threshold (20 px at 100 %, so 40 frame pixels at this zoom).
    await page.mouse.move(x + 60, y, { steps: 6 });
    await page.waitForTimeout(150);
    const landing = { x, y: heading.y + heading.height * 0.85 };
    await page.mouse.move(landing.x, landing.y, { steps: 10 });
    // The frame shows where it will land (the line itself, moved for the time of the drag): dropped only then. As a
    // person's hand does, the pointer stays over the heading's lower half with a pixel of movement until it shows
    // (once in CI the place did not follow the last of a fast run of moves).
    let nudge = 1;
    await expect(async () => {
      await page.mouse.move(landing.x, landing.y + nudge);
      nudge = -nudge;
      await expect(studio.frame.locator('h2 + p')).toHaveText('Plantation Studio Admin', { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await page.mouse.up();
    await succeeded(studio, /^Move element: Succeeded$/);
    // Between the heading and the form the source has the sign-in notice's condition, which renders nothing here:
    // the drop lands just before the form, the element the frame showed after the heading.
    expect(await nextFileText()).toMatch(/<\/h2>\s*\{notice \? \([\s\S]*?\) : null\}\s*<p className="[^"]*">Plantation Studio Admin<\/p>\s*<form/);
    const edited = await sourceTree(root);

    // Undo all, from the toolbar: every file byte for byte as it started.
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    const redo = page.getByRole('button', { name: 'Redo', exact: true });
    for (let n = 0; n < 7; n++) {
      await expect(undo).toBeEnabled();
      await undo.click();
      await expect(studio.changes.getByRole('listitem', { name: /^Undo.*: Succeeded$/ })).toHaveCount(n + 1, { timeout: 20_000 });
    }
    await expect(undo).toBeDisabled();
    expect(await sourceTree(root)).toEqual(original);

    // Redo all: the edited files again.
    for (let n = 0; n < 7; n++) {
      await expect(redo).toBeEnabled();
      await redo.click();
      await expect(studio.changes.getByRole('listitem', { name: /^Redo.*: Succeeded$/ })).toHaveCount(n + 1, { timeout: 20_000 });
    }
    expect(await sourceTree(root)).toEqual(edited);
    // Leave the project as it started for the next test.
    for (let n = 0; n < 7; n++) {
      await undo.click();
      await expect(studio.changes.getByRole('listitem', { name: /^Undo.*: Succeeded$/ })).toHaveCount(8 + n, { timeout: 20_000 });
    }
    expect(await sourceTree(root)).toEqual(original);
  });

  test('an undo after the file was edited on disk is refused with a clear message, and the file is left as it is', async ({ page }) => {
    const studio = await openStudio(page, server.url, 'conflict');
    const before = await readFile(formFile, 'utf8');
    await selectInFrame(studio, studio.frame.getByText('Plantation Admin', { exact: true }), 'p');
    const addClass = studio.inspector.getByLabel('Add class');
    await addClass.fill('italic');
    await addClass.press('Enter');
    await succeeded(studio, 'Add class italic');
    await expect.poll(() => readFile(formFile, 'utf8')).toContain('italic');

    // Someone edits the same file in their editor.
    const handEdited = (await readFile(formFile, 'utf8')).replace('Plantation Admin', 'Plantation Admin (hand edit)');
    await writeFile(formFile, handEdited);
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    const failure = studio.changes.getByRole('listitem', { name: /^Undo: Add class italic: Failed$/ });
    await expect(failure).toBeVisible({ timeout: 20_000 });
    await expect(failure.getByRole('alert')).toContainText('changed on disk');
    await expect(page.getByRole('alert').filter({ hasText: 'changed on disk' }).first()).toBeVisible();
    expect(await readFile(formFile, 'utf8')).toBe(handEdited);
    // Undo is still offered; with the hand edit taken back, it goes through and the file is as it started.
    await writeFile(formFile, handEdited.replace('Plantation Admin (hand edit)', 'Plantation Admin'));
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(studio.changes.getByRole('listitem', { name: /^Undo: Add class italic: Succeeded$/ })).toBeVisible({ timeout: 20_000 });
    expect(await readFile(formFile, 'utf8')).toBe(before);
  });

  test('a reload of the studio keeps the canvas, its frames and the history', async ({ page }) => {
    let studio = await openStudio(page, server.url, 'kept');
    // A second frame, a phone, at the registration page.
    await page.getByRole('button', { name: 'Add frame' }).click();
    const form = page.getByRole('form', { name: 'Add frame' });
    await form.getByLabel('Route').fill('/register');
    await form.getByLabel('Viewport').selectOption({ label: 'Mobile (375×812)' });
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('region', { name: /^Frame / })).toHaveCount(2);

    const before = await readFile(formFile, 'utf8');
    await selectInFrame(studio, studio.frame.getByText('Plantation Admin', { exact: true }), 'p');
    const addClass = studio.inspector.getByLabel('Add class');
    await addClass.fill('tracking-tight');
    await addClass.press('Enter');
    await succeeded(studio, 'Add class tracking-tight');
    await expect.poll(() => readFile(formFile, 'utf8')).toContain('tracking-tight');
    // The canvas is saved a moment after each change.
    await expect.poll(async () => JSON.parse(await readFile(join(root, '.plantation-studio', 'canvases', 'kept.json'), 'utf8').catch(() => '{}')).frames?.length ?? 0).toBe(2);

    await page.reload();
    studio = await openStudio(page, server.url, 'kept');
    await expect(page.getByRole('region', { name: /^Frame / })).toHaveCount(2);
    await expect(page.frameLocator('iframe[title^="Console: "]').nth(1).getByRole('heading', { name: 'Đăng ký' })).toBeVisible({ timeout: 30_000 });
    // The change is listed from the canvas's history, by its name, as written.
    await expect(studio.changes.getByRole('listitem', { name: /^Add class tracking-tight: Written$/ })).toBeVisible();
    // The file-level history is still there: undo takes the change back.
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    await expect(undo).toBeEnabled();
    await undo.click();
    await expect.poll(() => readFile(formFile, 'utf8')).toBe(before);
  });

  test('style controls, class edit and removal, and the palette (into the selection and by drop), each written, then undone to the byte', async ({ page }) => {
    const studio = await openStudio(page, server.url, 'styles-and-palette');
    const original = await sourceTree(root);
    const brand = studio.frame.getByText('Plantation Admin', { exact: true });
    const nextFileText = await fileSteps(formFile);

    // A style control, written as a Tailwind class (the canvas's framework), shown at once.
    await selectInFrame(studio, brand, 'p');
    const paddingTop = studio.inspector.getByRole('combobox', { name: 'Padding top', exact: true });
    await paddingTop.fill('12px');
    await paddingTop.press('Enter');
    await expect(brand).toHaveCSS('padding-top', '12px');
    await succeeded(studio, /^Set padding-top to 12px: Succeeded$/);
    expect(await nextFileText()).toMatch(/<p className="[^"]*\bpt-(3|\[12px\])[^"]*">Plantation Admin<\/p>/);

    // A class edited in place: the old one replaced by the new.
    await studio.inspector.getByRole('button', { name: 'Edit class uppercase', exact: true }).click();
    const editing = studio.inspector.getByRole('textbox', { name: 'Edit class uppercase', exact: true });
    await editing.fill('lowercase');
    await editing.press('Enter');
    await succeeded(studio, 'Replace class uppercase with lowercase');
    const edited = await nextFileText();
    expect(edited).toMatch(/<p className="[^"]*\blowercase\b[^"]*">Plantation Admin<\/p>/);
    expect(edited).not.toMatch(/<p className="[^"]*\buppercase\b[^"]*">Plantation Admin<\/p>/);
    await expect(brand).toHaveCSS('text-transform', 'lowercase');

    // A class removed.
    await studio.inspector.getByRole('button', { name: 'Remove class tracking-wide', exact: true }).click();
    await succeeded(studio, 'Remove class tracking-wide');
    expect(await nextFileText()).not.toMatch(/<p className="[^"]*\btracking-wide\b[^"]*">Plantation Admin<\/p>/);

    // The palette, into the selected card: a heading at its end, with its text, selected once written. (The brand
    // line is still selected: a click on it now would start editing its text.)
    await studio.layers.getByRole('treeitem', { name: 'p', selected: true }).focus();
    await page.keyboard.press('Escape');
    await expect(studio.layers.getByRole('treeitem', { name: 'div', selected: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add Heading', exact: true }).click();
    await succeeded(studio, 'Add <h2>');
    expect(await nextFileText()).toMatch(/<\/div>\s*<h2 className="text-2xl font-semibold">Heading<\/h2>\s*<\/div>\s*<\/main>/);
    await expect(studio.frame.getByRole('heading', { name: 'Heading', exact: true })).toHaveCount(1);
    await expect(page.getByLabel('Selected element')).toContainText('h2');

    // The palette, by drag and drop onto the frame: a paragraph dropped on the form's button goes right after it.
    const from = await paletteItemBox(page, 'Add Paragraph');
    const target = (await studio.frame.getByRole('button', { name: 'Đăng nhập' }).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 30, from.y + from.height / 2, { steps: 4 });
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 12 });
    await page.waitForTimeout(300);
    await page.mouse.up();
    await succeeded(studio, 'Add <p>');
    expect(await nextFileText()).toMatch(/<\/button>\s*<p[^>]*>Text<\/p>\s*<\/form>/);

    // Undo all five: every file as it started.
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    for (let n = 0; n < 5; n++) {
      await undo.click();
      await expect(studio.changes.getByRole('listitem', { name: /^Undo.*: Succeeded$/ })).toHaveCount(n + 1, { timeout: 20_000 });
    }
    expect(await sourceTree(root)).toEqual(original);
  });

  test('frame navigation, drive mode, zoom, viewport presets, AI context and capture', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const studio = await openStudio(page, server.url, 'toolbar');
    const address = page.getByRole('textbox', { name: 'Address of Desktop' });
    await expect(address).toHaveValue('/login');

    // Drive mode: the console is used, not edited — a click on its link navigates and selects nothing.
    await page.getByRole('button', { name: 'Drive mode' }).click();
    await studio.frame.getByRole('link', { name: 'Đăng ký ngay' }).click();
    await expect(studio.frame.getByRole('heading', { name: 'Đăng ký' })).toBeVisible();
    await expect(address).toHaveValue('/register');
    await expect(page.getByLabel('Selected element')).toHaveCount(0);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(address).toHaveValue('/login');
    await page.getByRole('button', { name: 'Forward', exact: true }).click();
    await expect(address).toHaveValue('/register');
    // The address field goes where it is told.
    await address.fill('/login');
    await address.press('Enter');
    await expect(studio.frame.getByRole('heading', { name: 'Đăng nhập' })).toBeVisible();
    await page.getByRole('button', { name: 'Drive mode' }).click();

    // Zoom: the percentage and the frame's scale follow each other.
    const zoom = page.getByRole('textbox', { name: 'Zoom percent' });
    const before = await zoom.inputValue();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(zoom).not.toHaveValue(before);
    const width = async () => (await page.locator('iframe[title="Console: Desktop"]').boundingBox())!.width;
    const zoomed = await width();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect(zoom).toHaveValue(before);
    expect(await width()).toBeLessThan(zoomed);

    // A viewport preset resizes the frame: the console inside lays out at phone width.
    await page.getByRole('combobox', { name: 'Viewport of Desktop' }).selectOption({ label: 'Mobile 375×812' });
    await expect.poll(() => page.frames().find((frame) => frame.url().includes('/login'))!.evaluate(() => window.innerWidth)).toBe(375);

    // AI context: the selection's source with its file and line, to copy.
    await page.getByRole('button', { name: 'AI context mode' }).click();
    await selectInFrame(studio, studio.frame.getByText('Plantation Admin', { exact: true }), 'p');
    await page.getByRole('button', { name: 'Show AI context' }).click();
    const dialog = page.getByRole('dialog', { name: 'AI context' });
    await expect(dialog.getByRole('textbox')).toHaveValue(/src\/features\/account\/credentials-form\.tsx:\d+/);
    await expect(dialog.getByRole('textbox')).toHaveValue(/<p className="[^"]*">Plantation Admin<\/p>/);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog).toContainText('Copied to the clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('credentials-form.tsx');
    await dialog.getByRole('button', { name: 'Close AI context' }).click();
    await page.getByRole('button', { name: 'AI context mode' }).click();

    // Capture of the selection: a JPEG thumbnail to download.
    await page.getByRole('button', { name: 'Capture' }).click();
    const capture = page.getByRole('dialog', { name: 'Capture' });
    await expect(capture.getByRole('img')).toHaveAttribute('src', /^data:image\/jpeg;base64,/, { timeout: 20_000 });
    await expect(capture.getByRole('link', { name: 'Download capture' })).toBeVisible();
  });

  test("a frame's menu sets a preset or a custom size (refusing one out of range), renames and deletes the frame, and opens on the frame as it is", async ({ page }) => {
    // The menu is the editor's own: it needs the canvas, not the console loaded in its frames.
    await page.goto(`${server.url}/_studio/canvas/frame-menu`);
    await expect(page.getByRole('region', { name: /^Frame / })).toHaveCount(1);
    await page.getByRole('button', { name: 'Add frame' }).click();
    const form = page.getByRole('form', { name: 'Add frame' });
    await form.getByLabel('Route').fill('/register');
    await form.getByLabel('Viewport').selectOption({ label: 'Mobile (375×812)' });
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('region', { name: /^Frame / })).toHaveCount(2);

    await page.getByRole('button', { name: 'Frame menu of Mobile /register' }).click();
    let settings = page.getByRole('dialog', { name: 'Frame Mobile /register settings' });
    await expect(settings.getByRole('button', { name: 'Mobile' })).toHaveAttribute('aria-pressed', 'true');
    await settings.getByRole('button', { name: 'Tablet' }).click();
    await expect(settings.getByRole('button', { name: 'Tablet' })).toHaveAttribute('aria-pressed', 'true');

    await settings.getByLabel('Width').fill('100');
    await settings.getByRole('button', { name: 'Apply size' }).click();
    await expect(settings.getByRole('alert')).toContainText('whole numbers of pixels');
    await settings.getByLabel('Width').fill('900');
    await settings.getByLabel('Height').fill('700');
    await settings.getByRole('button', { name: 'Apply size' }).click();
    await expect(settings.getByRole('alert')).toHaveCount(0);
    await expect(settings.getByRole('button', { name: 'Tablet' })).toHaveAttribute('aria-pressed', 'false');

    await settings.getByLabel('Frame name').fill('Phone form');
    await settings.getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByRole('region', { name: 'Frame Phone form' })).toBeVisible();
    // What was typed and not applied is gone once the menu closes: it opens again on the frame as it is.
    settings = page.getByRole('dialog', { name: 'Frame Phone form settings' });
    await settings.getByLabel('Width').fill('1234');
    await page.getByRole('button', { name: 'Frame menu of Phone form' }).click();
    await expect(settings).toHaveCount(0);
    await page.getByRole('button', { name: 'Frame menu of Phone form' }).click();
    await expect(settings.getByLabel('Width')).toHaveValue('900');
    await expect(settings.getByLabel('Frame name')).toHaveValue('Phone form');

    await settings.getByRole('button', { name: 'Delete frame…' }).click();
    await settings.getByRole('button', { name: 'Delete Phone form' }).click();
    await expect(page.getByRole('region', { name: /^Frame / })).toHaveCount(1);
  });

  test("classes the element's source does not write are shown apart, read-only, not offered for removal", async ({ page }) => {
    const studio = await openStudio(page, server.url, 'refused');
    const before = await sourceTree(root);
    // The username input: Ctrl-click selects the exact element. TextField passes its props (the id among them) on
    // to the input, so the element is the form's <TextField>, which the page shows with the input's classes.
    const input = studio.frame.getByRole('textbox', { name: 'Tên đăng nhập' });
    await input.click({ modifiers: ['Control'] });
    await expect(page.getByLabel('Selected element')).toContainText('TextField');
    await expect(input).toHaveClass(/\bborder-slate-300\b/);
    // The class is not written at that <TextField> (its border colour is chosen inside the component): it is shown
    // as coming from elsewhere, and nothing offers to remove or edit it there.
    const elsewhere = studio.inspector.getByRole('list', { name: 'Classes from elsewhere' });
    await expect(elsewhere.getByRole('listitem').filter({ hasText: /^border-slate-300$/ })).toBeVisible({ timeout: 20_000 });
    await expect(studio.inspector.getByText('No classes written in the source.')).toBeVisible();
    await expect(studio.inspector.getByRole('button', { name: 'Remove class border-slate-300', exact: true })).toHaveCount(0);
    await expect(studio.inspector.getByRole('button', { name: 'Edit class border-slate-300', exact: true })).toHaveCount(0);
    expect(await sourceTree(root)).toEqual(before);
  });

  test('the inspector edits bound text where it is written, shows state, computed styles and matched rules; the keys undo and redo', async ({ page }) => {
    const studio = await openStudio(page, server.url, 'inspector');
    const heading = studio.frame.getByRole('heading', { name: 'Đăng nhập' });

    // The heading's text is `{title}`, a literal at the login route's call site: the inspector edits it there and
    // says where it is written (the form's own file holds only the expression).
    await selectInFrame(studio, heading, 'h1');
    await expect(studio.inspector.getByLabel('Element text')).toHaveValue('Đăng nhập');
    await expect(studio.inspector.getByText(/Written in [^.]*login\.tsx:\d+/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Dynamic Text' })).toHaveCount(0);

    // Computed styles and the rules that match, with where they come from.
    await studio.inspector.getByRole('button', { name: 'Computed styles' }).click();
    await studio.inspector.getByLabel('Filter computed styles').fill('font-weight');
    await expect(studio.inspector.getByRole('table', { name: 'Computed styles' })).toContainText('700');
    await studio.inspector.getByRole('button', { name: 'Matched CSS rules' }).click();
    const rule = studio.inspector.getByRole('listitem', { name: 'Rule .font-bold' });
    await expect(rule).toContainText('font-weight');
    // From the console's own stylesheet, as Vite serves it.
    await expect(rule).toContainText('styles.css');

    // The form component's state, read-only.
    await studio.layers.getByRole('treeitem', { name: 'CredentialsForm' }).click();
    await expect(studio.inspector.getByLabel('Component state')).toContainText('username');

    // ⌘/Ctrl+Z and ⌘/Ctrl+Shift+Z, pressed in the frame, undo and redo like the toolbar.
    const before = await readFile(formFile, 'utf8');
    await selectInFrame(studio, heading, 'h1');
    const addClass = studio.inspector.getByLabel('Add class');
    await addClass.fill('underline');
    await addClass.press('Enter');
    await succeeded(studio, 'Add class underline');
    await expect.poll(() => readFile(formFile, 'utf8')).toContain('underline');
    const after = await readFile(formFile, 'utf8');
    // The keys go to the frame's page (the "Add class" field had the focus).
    await page.locator('iframe[title="Console: Desktop"]').focus();
    await page.keyboard.press('Control+z');
    await expect.poll(() => readFile(formFile, 'utf8')).toBe(before);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => readFile(formFile, 'utf8')).toBe(after);
    await page.keyboard.press('Control+z');
    await expect.poll(() => readFile(formFile, 'utf8')).toBe(before);
  });
});
