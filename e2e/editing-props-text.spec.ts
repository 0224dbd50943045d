/**
 * Editing props and text as a designer does, with the real mouse and keyboard: the real CLI (`init`, then
 * `dev --root`) on a copy of the console, signed in, the editor in Chromium. Each test checks what the frame shows
 * and the bytes on disk: a prop bound to an expression is never overwritten, a union prop is chosen from its
 * declared values, text typed in place commits on Enter or a click anywhere else and is put back by Escape.
 */
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './session.js';
import { initConsoleCopy, openCanvas, succeeded, type StudioPage } from './studio-page.js';
import { startStudio, type StudioProcess } from './studio-process.js';

const LIST_PAGE = ['src', 'features', 'countries', 'country-list-page.tsx'];
const TEXTS = ['src', 'features', 'countries', 'country-texts.ts'];
const TEXTS_MODULE = "export const DASHBOARD_TAG = 'Bảng quốc gia';\nexport const DASHBOARD_TAGS = [DASHBOARD_TAG];\n";

test.describe.configure({ mode: 'serial' });

type Studio = StudioPage;

/** Opens a canvas, signed in, and waits until its frame shows the country list and the layers have it. */
async function openStudio(page: Page, url: string, canvasId: string): Promise<Studio> {
  await signIn(page, url);
  return openCanvas(page, url, canvasId, async (studio) => {
    await expect(studio.frame.getByRole('heading', { name: 'World Countries' })).toBeVisible({ timeout: 30_000 });
    await expect(studio.frame.getByText('Showing', { exact: true })).toBeVisible({ timeout: 30_000 });
  });
}

/** Selects the n-th StatTile instance: a click on its label in the frame, then its row in the layers. */
async function selectStatTile(studio: Studio, label: string, index: number): Promise<void> {
  await studio.frame.getByText(label, { exact: true }).click();
  await expect(studio.page.getByLabel('Selected element')).toContainText('p');
  await studio.layers.getByRole('treeitem', { name: 'StatTile' }).nth(index).click();
  await expect(studio.page.getByLabel('Selected element')).toContainText('StatTile');
}

test.describe('editing props and text', () => {
  let dir: string;
  let root: string;
  let listFile: string;
  let editorLog: string;
  let server: StudioProcess;
  let original: string;
  const launchEditor = process.env.LAUNCH_EDITOR;

  test.beforeAll(async () => {
    ({ dir, root } = await initConsoleCopy('plantation-studio-props-'));
    listFile = join(root, ...LIST_PAGE);
    // The tiles get a prop whose type, declared in a file of its own, is a union of literals.
    await writeFile(join(root, 'src', 'features', 'countries', 'tile-tone.ts'), `export type TileTone = 'plain' | 'bright' | 'muted';\n`);
    const source = await readFile(listFile, 'utf8');
    const withTone = source
      .replace(
        'function StatTile({ label, value }: { label: string; value: number | string }) {\n  return (\n    <div className="',
        "function StatTile({ label, value, tone = 'plain' }: { label: string; value: number | string; tone?: TileTone }) {\n  return (\n    <div data-tone={tone} className=\"",
      )
      .replace(/^import /m, "import type { TileTone } from './tile-tone';\nimport ")
      .replace('<StatTile label="Total Countries" value=', '<StatTile label="Total Countries" tone="plain" value=');
    // The dashboard's tag gets a title bound to a constant of a module of its own, used once more in that module.
    await writeFile(join(root, 'src', 'features', 'countries', 'country-texts.ts'), TEXTS_MODULE);
    const withTitle = withTone
      .replace(/^import /m, "import { DASHBOARD_TAG } from './country-texts';\nimport ")
      .replace('<span className="inline-block rounded-full', '<span title={DASHBOARD_TAG} className="inline-block rounded-full');
    expect(withTitle).toContain('title={DASHBOARD_TAG}');
    expect(withTone).toContain('tone?: TileTone');
    expect(withTone).toContain('tone="plain"');
    expect(withTone).toContain("import type { TileTone } from './tile-tone';");
    await writeFile(listFile, withTitle);
    original = withTitle;
    // The code editor the studio opens files in: a script that notes what it was asked to open.
    editorLog = join(dir, 'editor-opened.log');
    const editor = join(dir, 'editor.sh');
    await writeFile(editor, `#!/bin/sh\necho "$@" >> '${editorLog}'\n`);
    await chmod(editor, 0o755);
    process.env.LAUNCH_EDITOR = editor;
    server = await startStudio(['dev', '--root', root]);
  });
  test.afterAll(async () => {
    if (launchEditor === undefined) delete process.env.LAUNCH_EDITOR;
    else process.env.LAUNCH_EDITOR = launchEditor;
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('a prop bound to an expression is shown read-only with its line and opens in the editor; literal and union props are written', async ({ page }) => {
    const studio = await openStudio(page, server.url, 'props');
    await selectStatTile(studio, 'Showing', 1);
    const props = studio.inspector.getByRole('list', { name: 'Props' });

    // `value={data ? countries.length : '—'}`: the frame shows 6, but the source holds an expression.
    const bound = props.getByRole('group', { name: 'Prop value expression' });
    await expect(bound).toContainText("{data ? countries.length : '—'}");
    const line = original.split('\n').findIndex((text) => text.includes('<StatTile label="Showing"')) + 1;
    await expect(bound).toContainText(`src/features/countries/country-list-page.tsx:${line}`);
    await expect(studio.inspector.getByRole('textbox', { name: 'Prop value' })).toHaveCount(0);
    await bound.getByRole('button', { name: 'Open in editor' }).click();
    await expect.poll(async () => (await readFile(editorLog, 'utf8').catch(() => '')).trim()).toContain(`${listFile}`);
    expect(await readFile(listFile, 'utf8')).toBe(original);

    // A literal prop: typed and written; the expression next to it is kept to the byte.
    const label = studio.inspector.getByRole('textbox', { name: 'Prop label' });
    await expect(label).toHaveValue('Showing');
    await label.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Shown');
    await page.keyboard.press('Enter');
    await succeeded(studio, /^Change prop label: Succeeded$/);
    await expect.poll(() => readFile(listFile, 'utf8')).toBe(original.replace('<StatTile label="Showing"', '<StatTile label="Shown"'));
    await expect(studio.frame.getByText('Shown', { exact: true })).toBeVisible();

    // A union prop: chosen from the values its type declares, in the order written.
    await selectStatTile(studio, 'Total Countries', 0);
    const tone = studio.inspector.getByRole('combobox', { name: 'Prop tone' });
    await expect(tone.locator('option')).toHaveText(['plain', 'bright', 'muted']);
    await expect(tone).toHaveValue('string:plain');
    await tone.focus();
    await page.keyboard.press('ArrowDown');
    await succeeded(studio, /^Change prop tone: Succeeded$/);
    const afterTone = original.replace('<StatTile label="Showing"', '<StatTile label="Shown"').replace('tone="plain" value=', 'tone="bright" value=');
    await expect.poll(() => readFile(listFile, 'utf8')).toBe(afterTone);
    await expect(studio.frame.locator('[data-tone="bright"]')).toHaveCount(1);
    await expect(studio.frame.locator('[data-tone="bright"]')).toContainText('Total Countries');

    // Both taken back: the file as it started.
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    for (let n = 0; n < 2; n++) {
      await undo.click();
      await expect(studio.changes.getByRole('listitem', { name: /^Undo.*: Succeeded$/ })).toHaveCount(n + 1, { timeout: 20_000 });
    }
    await expect.poll(() => readFile(listFile, 'utf8')).toBe(original);
  });

  test('a bound prop is replaced by a value only on purpose: the consequence said first, Escape leaves it, Enter writes the value, undone to the byte', async ({ page }) => {
    const studio = await openStudio(page, server.url, 'replace-binding');
    await selectStatTile(studio, 'Showing', 1);
    const bound = studio.inspector.getByRole('list', { name: 'Props' }).getByRole('group', { name: 'Prop value expression' });
    await bound.getByRole('button', { name: 'Replace with a value…' }).click();
    await expect(bound).toContainText("Writes a value in place of {data ? countries.length : '—'}");
    await expect(bound).toContainText('value will no longer follow that code');
    const value = bound.getByRole('textbox', { name: 'Value to replace the binding of value' });
    // Typed as the page has it: a number, so a word is refused, nothing written.
    await expect(value).toHaveValue('6');
    await value.fill('many');
    await value.press('Enter');
    await expect(bound).toContainText('value is a number');
    // Escape leaves the binding as it is.
    await value.press('Escape');
    await expect(value).toHaveCount(0);
    expect(await readFile(listFile, 'utf8')).toBe(original);

    await bound.getByRole('button', { name: 'Replace with a value…' }).click();
    await bound.getByRole('textbox', { name: 'Value to replace the binding of value' }).fill('42');
    await page.keyboard.press('Enter');
    await succeeded(studio, /^Change prop value: Succeeded$/);
    await expect.poll(() => readFile(listFile, 'utf8')).toBe(original.replace(/(<StatTile label="Showing"\s+value=)\{data \? countries\.length : '—'\}/, '$1{42}'));
    await expect(studio.frame.getByText('42', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(studio.changes.getByRole('listitem', { name: /^Undo.*: Succeeded$/ })).toHaveCount(1, { timeout: 20_000 });
    await expect.poll(() => readFile(listFile, 'utf8')).toBe(original);
  });

  test('a prop bound to a constant is edited where the constant is declared, its other uses said first, and undone to the byte', async ({ page }) => {
    const studio = await openStudio(page, server.url, 'bound-constant');
    const textsFile = join(root, ...TEXTS);
    await studio.frame.getByText('Country Dashboard', { exact: true }).click();
    await expect(page.getByLabel('Selected element')).toContainText('span');
    const bound = studio.inspector.getByRole('list', { name: 'Attributes' }).getByRole('group', { name: 'Prop title expression' });
    // Before anything is written: the constant's line, and the other place that shows its value.
    await expect(bound.getByRole('status', { name: 'What the edit of title writes' })).toHaveText(
      'Writes DASHBOARD_TAG at src/features/countries/country-texts.ts:1; also used by 1 other place: src/features/countries/country-texts.ts:2.',
      { timeout: 20_000 },
    );
    const value = bound.getByRole('textbox', { name: 'Prop title' });
    await expect(value).toHaveValue('Bảng quốc gia');
    await value.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' toàn cầu');
    await page.keyboard.press('Enter');
    await succeeded(studio, /^Change prop title: Succeeded$/);
    await expect.poll(() => readFile(textsFile, 'utf8')).toBe(TEXTS_MODULE.replace("'Bảng quốc gia'", "'Bảng quốc gia toàn cầu'"));
    // The binding is kept: the page's file is as it was.
    expect(await readFile(listFile, 'utf8')).toBe(original);
    await expect(studio.frame.getByText('Country Dashboard', { exact: true })).toHaveAttribute('title', 'Bảng quốc gia toàn cầu', { timeout: 20_000 });

    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => readFile(textsFile, 'utf8')).toBe(TEXTS_MODULE);
    expect(await readFile(listFile, 'utf8')).toBe(original);
    await expect(studio.frame.getByText('Country Dashboard', { exact: true })).toHaveAttribute('title', 'Bảng quốc gia', { timeout: 20_000 });
  });

  test('text in place: Enter writes with no flicker at the hot reload, Escape puts it back, Shift+Enter is refused, a click on the canvas or a panel writes', async ({ page }) => {
    const studio = await openStudio(page, server.url, 'text');
    const hmr: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('hot updated')) hmr.push(message.text());
    });
    const heading = studio.frame.getByRole('heading', { level: 1 });
    const badge = studio.frame.locator('header span').first();
    await expect(heading).toHaveText('World Countries');
    await expect(badge).toHaveText('Country Dashboard');

    /** Clicks the element, then again: the second click on the selected element starts editing it. */
    const startEditing = async (target: Locator, name: string) => {
      await target.click();
      await expect(page.getByLabel('Selected element')).toContainText(name);
      // Static text, as the source says: the text field shows once the element's facts are known.
      await expect(studio.inspector.getByRole('textbox', { name: 'Element text' })).toHaveValue((await target.textContent())!.trim());
      await target.click();
      await expect(target).toHaveAttribute('contenteditable', /^(true|plaintext-only)$/);
    };

    // Enter writes; what the frame shows never goes back to the old text, before or after the hot reload.
    await startEditing(heading, 'h1');
    await heading.evaluate((element) => {
      const seen: string[] = [];
      (window as unknown as { seenHeadings: string[] }).seenHeadings = seen;
      new MutationObserver(() => seen.push(document.querySelector('h1')?.textContent ?? '')).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
      void element;
    });
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Countries of the World');
    const reloads = hmr.length;
    // From here on, every state of the page's heading is recorded.
    await heading.evaluate(() => ((window as unknown as { seenHeadings: string[] }).seenHeadings.length = 0));
    await page.keyboard.press('Enter');
    await expect(heading).not.toHaveAttribute('contenteditable');
    await expect(heading).toHaveText('Countries of the World');
    // Enter keeps the element selected.
    await expect(studio.layers.getByRole('treeitem', { name: 'h1', selected: true })).toBeVisible();
    await succeeded(studio, /^Edit text: Succeeded$/);
    let expected = original.replace('>World Countries</h1>', '>Countries of the World</h1>');
    await expect.poll(() => readFile(listFile, 'utf8')).toBe(expected);
    await expect.poll(() => hmr.length).toBeGreaterThan(reloads);
    await expect(heading).toHaveText('Countries of the World');
    const seen = await heading.evaluate(() => (window as unknown as { seenHeadings: string[] }).seenHeadings);
    expect(seen.length, 'the hot reload touched the page').toBeGreaterThan(0);
    expect(seen.filter((text) => text !== 'Countries of the World')).toEqual([]);

    // Escape puts the text back; Shift+Enter shows why no line break is written and adds none.
    await startEditing(badge, 'span');
    await page.keyboard.press('End');
    await page.keyboard.type(' mới');
    await page.keyboard.press('Shift+Enter');
    await expect(studio.frame.locator('.text-edit-hint')).toHaveText(/Line breaks are not written/);
    await expect(badge).toHaveText('Country Dashboard mới');
    await page.keyboard.press('Escape');
    await expect(badge).not.toHaveAttribute('contenteditable');
    await expect(badge).toHaveText('Country Dashboard');
    await expect(studio.frame.locator('.text-edit-hint')).toHaveCount(0);

    // A click on the empty canvas, which the frame never sees, writes the text typed.
    await startEditing(badge, 'span');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Tổng quan');
    const canvas = (await page.getByRole('region', { name: 'Canvas' }).boundingBox())!;
    const frameBox = (await page.getByRole('region', { name: /^Frame / }).first().boundingBox())!;
    // A point of the canvas beside the frame (the canvas starts with the frame 40 px from its top-left corner).
    const empty =
      frameBox.y + frameBox.height + 20 < canvas.y + canvas.height
        ? { x: frameBox.x + 20, y: frameBox.y + frameBox.height + 10 }
        : { x: (canvas.x + Math.max(canvas.x, frameBox.x)) / 2, y: frameBox.y + frameBox.height / 2 };
    expect(empty.x < frameBox.x || empty.y > frameBox.y + frameBox.height).toBe(true);
    expect(empty.x > canvas.x && empty.y < canvas.y + canvas.height).toBe(true);
    await page.mouse.click(empty.x, empty.y);
    await expect(badge).not.toHaveAttribute('contenteditable');
    await expect(badge).toHaveText('Tổng quan');
    // Only this edit: the cancelled one wrote nothing.
    expected = expected.replace('>\n              Country Dashboard\n            </span>', '>\n              Tổng quan\n            </span>');
    expect(expected).toContain('Tổng quan');
    await expect.poll(() => readFile(listFile, 'utf8')).toBe(expected);

    // A click on a panel writes too.
    await startEditing(heading, 'h1');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Quốc gia');
    await studio.changes.click({ position: { x: 5, y: 5 } });
    await expect(heading).not.toHaveAttribute('contenteditable');
    expected = expected.replace('>Countries of the World</h1>', '>Quốc gia</h1>');
    await expect.poll(() => readFile(listFile, 'utf8')).toBe(expected);
    await expect(heading).toHaveText('Quốc gia');

    // All three undone: the file as it started.
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    for (let n = 0; n < 3; n++) {
      await undo.click();
      await expect(studio.changes.getByRole('listitem', { name: /^Undo.*: Succeeded$/ })).toHaveCount(n + 1, { timeout: 20_000 });
    }
    await expect.poll(() => readFile(listFile, 'utf8')).toBe(original);
    await expect(heading).toHaveText('World Countries');
  });

  test('the inspector tells a condition from a map, warns inside a mapped component, and previews mixed text with its spaces', async ({ page }) => {
    const studio = await openStudio(page, server.url, 'notes');
    const header = page.getByLabel('Selected element');

    // `Showing {countries.length} {…}`: text nodes joined with the spaces the page shows; the paragraph is rendered by
    // a condition (the list's states), which makes no copies.
    const summary = studio.frame.getByText(/^Showing \d+ countries on this page$/);
    const shown = (await summary.textContent())!;
    await summary.click();
    await expect(header).toContainText('p');
    // As text, or, once the lookup has found where its words are written (docs/editing-through-code.md), as the field
    // that edits them there: either way the words with the spaces the page shows.
    const asField = studio.inspector.getByLabel('Element text');
    await expect(studio.inspector.getByText(shown, { exact: true }).or(asField).first()).toBeVisible();
    if (await asField.isVisible()) await expect(asField).toHaveValue(shown);
    await expect(header).toContainText('Rendered by a condition: it shows only while the condition holds');
    await expect(header).not.toContainText('every copy');

    // A country's name, written once in the card, whose parent maps the cards.
    const line = original.split('\n').findIndex((text) => text.includes('<CountryCard key=')) + 1;
    await studio.frame.getByRole('heading', { level: 3 }).first().click();
    await expect(header).toContainText('h3');
    await expect(header).toContainText(
      `This component, CountryCard, is rendered once per item by its parent's map in src/features/countries/country-list-page.tsx:${line}: an edit changes every item.`,
    );
    expect(await readFile(listFile, 'utf8')).toBe(original);
  });

  test('a capture of white text is drawn on the background it shows on', async ({ page }) => {
    const studio = await openStudio(page, server.url, 'capture');
    const heading = studio.frame.getByRole('heading', { level: 1 });
    await expect(heading).toHaveCSS('color', 'rgb(255, 255, 255)');
    await heading.click();
    await expect(page.getByLabel('Selected element')).toContainText('h1');
    await page.getByRole('button', { name: 'Capture', exact: true }).click();
    const image = page.getByRole('dialog', { name: 'Capture' }).getByRole('img');
    await expect(image).toBeVisible({ timeout: 20_000 });
    // Most of the thumbnail is the header's green, and the white letters are still on it.
    const pixels = await image.evaluate(async (element: HTMLImageElement) => {
      const bitmap = await createImageBitmap(await (await fetch(element.src)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const data = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      let white = 0;
      let green = 0;
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        if (r > 235 && g > 235 && b > 235) white++;
        else if (g > r + 40 && g > 80) green++;
      }
      return { white: white / (data.length / 4), green: green / (data.length / 4) };
    });
    expect(pixels.green).toBeGreaterThan(0.5);
    expect(pixels.white).toBeGreaterThan(0.01);
    expect(await readFile(listFile, 'utf8')).toBe(original);
  });

  test('a frame that moved to another screen of the console keeps its page-error badge after a reload', async ({ page }) => {
    const studio = await openStudio(page, server.url, 'page-error');
    const regionFile = join(root, 'src', 'features', 'regions', 'region-page.tsx');
    const regionSource = await readFile(regionFile, 'utf8');
    // The console used as itself: its sidebar link moves the frame to the regions.
    await page.getByRole('button', { name: 'Drive mode' }).click();
    await studio.frame.getByRole('link', { name: 'Region catalogue' }).click();
    await expect(studio.frame.getByRole('heading', { level: 1 })).not.toHaveText('World Countries');
    await page.getByRole('button', { name: 'Drive mode' }).click();
    const consoleFrame = () => page.frames().find((frame) => frame.url().includes('/region'));
    await expect.poll(() => consoleFrame()?.url() ?? '').toContain('storyboardId=frame-1');
    // Reloaded from its title bar: still the studio's frame, at the same screen.
    await page.getByRole('region', { name: /^Frame / }).first().getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => consoleFrame()?.url() ?? '').toMatch(/\/region\?.*framework=VITE/);
    await expect(page.getByRole('region', { name: /^Frame / }).first().getByText('Loading…')).toHaveCount(0);
    try {
      await writeFile(regionFile, `${regionSource}\nexport const broken = ;\n`);
      await expect(page.getByRole('region', { name: /^Frame / }).first().getByRole('status').filter({ hasText: 'Page error' })).toBeVisible({ timeout: 20_000 });
    } finally {
      await writeFile(regionFile, regionSource);
    }
    await expect(page.getByRole('region', { name: /^Frame / }).first().getByRole('status').filter({ hasText: 'Page error' })).toHaveCount(0, { timeout: 20_000 });
    expect(await readFile(regionFile, 'utf8')).toBe(regionSource);
  });
});
