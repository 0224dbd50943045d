/**
 * Edit through code with the real mouse and keyboard: the real CLI (`init`, then `dev --root`) on a copy of the
 * console, signed in, the editor in Chromium. The sidebar title is a template constant of a `.ts` module: the
 * inspector says where its words are written, Enter in its Text field writes them there, and undo puts every byte
 * back. Bound text is edited in place in the frame too (double click, or Enter on the selection), and the call site
 * the page rendered it through is the one written (docs/editing-through-code.md).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { defaultCanvasDocument } from '../contracts/studio-api.js';
import { signIn } from './session.js';
import { initConsoleCopy, openCanvas, succeeded, type StudioPage } from './studio-page.js';
import { startStudio, type StudioProcess } from './studio-process.js';

const NAV = ['src', 'components', 'shell', 'nav-entries.ts'];
const CARD = ['src', 'features', 'countries', 'country-card.tsx'];

test.describe('edit through code', () => {
  let dir: string;
  let root: string;
  let server: StudioProcess;

  test.beforeAll(async () => {
    ({ dir, root } = await initConsoleCopy('plantation-studio-through-code-'));
    // Canvases whose frame shows the plans dashboard (a counter's words) and the regions list (names from the API).
    await mkdir(join(root, '.plantation-studio', 'canvases'), { recursive: true });
    for (const [name, route] of [['plans', '/plan'], ['regions', '/region/']] as const) {
      const canvas = defaultCanvasDocument(name);
      canvas.frames[0]!.route = route;
      await writeFile(join(root, '.plantation-studio', 'canvases', `${name}.json`), JSON.stringify(canvas, null, 2));
    }
    server = await startStudio(['dev', '--root', root]);
  });
  test.afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('the sidebar title is written in its module, said first, and undone to the byte', async ({ page }) => {
    test.setTimeout(120_000);
    const navFile = join(root, ...NAV);
    const before = await readFile(navFile, 'utf8');
    await signIn(page, server.url);
    const studio = await openCanvas(page, server.url, 'through-code', async (opened) => {
      // The first screen waits for Vite's first build of the console.
      await expect(opened.frame.getByText('Plantation Admin', { exact: true })).toBeVisible({ timeout: 60_000 });
    });
    await studio.frame.getByText('Plantation Admin', { exact: true }).click();
    await expect(page.getByLabel('Selected element')).toContainText('p');
    const field = studio.inspector.getByRole('textbox', { name: 'Element text' });
    await expect(field).toHaveValue('Plantation Admin');
    await expect(studio.inspector).toContainText('src/components/shell/nav-entries.ts:8');
    // The layers name where the words are written, since it is not the element's own line.
    const row = studio.layers.getByRole('treeitem', { selected: true });
    // The words are two literals: PRODUCT_SHORT_NAME's 'Plantation' and the template's ' Admin'.
    await expect(row).toContainText('→ nav-entries.ts:7');
    await expect(row.getByTitle('Words written at src/components/shell/nav-entries.ts:7, src/components/shell/nav-entries.ts:8')).toBeVisible();
    await field.fill('Plantation Console');
    await field.press('Enter');
    await succeeded(studio, /^Edit text: Succeeded$/);
    await expect.poll(() => readFile(navFile, 'utf8')).toContain('export const SIDEBAR_TITLE = `${PRODUCT_SHORT_NAME} Console`;');
    await expect(studio.frame.getByText('Plantation Console', { exact: true })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => readFile(navFile, 'utf8')).toBe(before);
  });

  test('a prop from its call site is edited in place in the frame, written at that call site, and undone to the byte', async ({ page }) => {
    // The first screen waits for Vite's first build, and each write for its hot reload.
    test.setTimeout(180_000);
    const cardFile = join(root, ...CARD);
    const before = await readFile(cardFile, 'utf8');
    await signIn(page, server.url);
    const studio = await openCanvas(page, server.url, 'through-code-frame', async (opened) => {
      await expect(opened.frame.getByText('Capital', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
    });
    // `Capital` is `{label}` inside Fact: a double click edits it where it shows, as for static text.
    const capital = studio.frame.getByText('Capital', { exact: true }).first();
    await capital.click();
    await expect(page.getByLabel('Selected element')).toContainText('dt');
    await expect(studio.inspector).toContainText('src/features/countries/country-card.tsx:49');
    await capital.dblclick();
    await expect(capital).toHaveAttribute('contenteditable', 'plaintext-only');
    await page.keyboard.press('End');
    await page.keyboard.type(' city');
    await page.keyboard.press('Enter');
    await succeeded(studio, /^Edit text: Succeeded$/);
    await expect.poll(() => readFile(cardFile, 'utf8')).toContain('<Fact label="Capital city" value={reference.capital} />');
    await expect(studio.frame.getByText('Capital city', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
    await expect(studio.frame.getByText('Capital', { exact: true })).toHaveCount(0);

    // `ID` is passed by two call sites of the file: Enter on the selection edits it, and the page's owner chain
    // says which call site this card rendered it through, so only that one changes.
    const id = studio.frame.getByText('ID', { exact: true }).first();
    await id.click();
    await expect(page.getByLabel('Selected element')).toContainText('dt');
    await page.keyboard.press('Enter');
    await expect(id).toHaveAttribute('contenteditable', 'plaintext-only');
    await page.keyboard.press('End');
    await page.keyboard.type(' số');
    await page.keyboard.press('Enter');
    await expect(studio.changes.getByRole('listitem', { name: /^Edit text: Succeeded$/ })).toHaveCount(2, { timeout: 20_000 });
    const written = await readFile(cardFile, 'utf8');
    expect(written.match(/<Fact label="ID số" /g)).toHaveLength(1);
    expect(written.match(/<Fact label="ID" /g)).toHaveLength(1);
    // The card with a reference renders the first call site.
    expect(written.indexOf('<Fact label="ID số" ')).toBeLessThan(written.indexOf('<Fact label="ID" '));

    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => readFile(cardFile, 'utf8')).not.toContain('ID số');
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => readFile(cardFile, 'utf8')).toBe(before);
  });

  test('a region from the API is refused with its request; a counter and a sidebar entry are edited in place; undo and redo are byte-exact', async ({ page }) => {
    test.setTimeout(240_000);
    const navFile = join(root, ...NAV);
    const dashboardFile = join(root, 'src', 'features', 'plans', 'plan-dashboard.tsx');
    const before = { nav: await readFile(navFile, 'utf8'), dashboard: await readFile(dashboardFile, 'utf8') };
    await signIn(page, server.url);

    // A region's name is data the list asks the API for: the inspector says which request, and offers no write.
    const regionName = (opened: StudioPage) => opened.frame.locator('tbody tr td:nth-child(2)').first();
    const regions = await openCanvas(page, server.url, 'regions', async (opened) => {
      await expect(regionName(opened)).toBeVisible({ timeout: 60_000 });
    });
    await regionName(regions).click();
    await expect(page.getByLabel('Selected element')).toContainText('td');
    await regions.inspector.getByRole('button', { name: 'Edit Dynamic Text' }).click();
    const source = regions.inspector.getByRole('note', { name: 'Where the text comes from' });
    await expect(source).toContainText('Its words have no literal in the project: from the API (`GET /vam/region/country`) at run time', { timeout: 20_000 });

    const plans = await openCanvas(page, server.url, 'plans', async (opened) => {
      await expect(opened.frame.getByText(/^Tổng số kế hoạch: \d+\/\d+$/)).toBeVisible({ timeout: 60_000 });
    });
    // The counter is a template passed to the dashboard's layout: only its literal parts change, the numbers stay code.
    await plans.frame.getByText(/^Tổng số kế hoạch: \d+\/\d+$/).click();
    const field = plans.inspector.getByRole('textbox', { name: 'Element text' });
    await expect(field).toHaveValue(/^Tổng số kế hoạch: \d+\/\d+$/);
    await expect(plans.inspector).toContainText('src/features/plans/plan-dashboard.tsx:58');
    await field.fill((await field.inputValue()).replace('Tổng số kế hoạch', 'Số kế hoạch'));
    await field.press('Enter');
    await succeeded(plans, /^Edit text: Succeeded$/);
    await expect.poll(() => readFile(dashboardFile, 'utf8')).toContain('`Số kế hoạch: ${counts.shown}/${counts.total}`');
    await expect(plans.frame.getByText(/^Số kế hoạch: \d+\/\d+$/)).toBeVisible({ timeout: 20_000 });

    // A sidebar entry is `entry.label` of NAV_ENTRIES.map: a double click edits it where it shows.
    const entry = plans.frame.getByText('Field catalogue', { exact: true });
    await entry.click();
    await expect(plans.inspector).toContainText('src/components/shell/nav-entries.ts:12');
    await entry.dblclick();
    await expect(entry).toHaveAttribute('contenteditable', 'plaintext-only');
    await page.keyboard.press('End');
    await page.keyboard.type(' list');
    await page.keyboard.press('Enter');
    await expect(plans.changes.getByRole('listitem', { name: /^Edit text: Succeeded$/ })).toHaveCount(2, { timeout: 20_000 });
    await expect.poll(() => readFile(navFile, 'utf8')).toContain(`{ label: 'Field catalogue list', path: '/field' }`);
    await expect(plans.frame.getByText('Field catalogue list', { exact: true })).toBeVisible({ timeout: 20_000 });
    const after = { nav: await readFile(navFile, 'utf8'), dashboard: await readFile(dashboardFile, 'utf8') };

    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    await undo.click();
    await expect.poll(() => readFile(navFile, 'utf8')).toBe(before.nav);
    await undo.click();
    await expect.poll(() => readFile(dashboardFile, 'utf8')).toBe(before.dashboard);
    expect(await readFile(navFile, 'utf8')).toBe(before.nav);
    // Redo writes the literals again byte for byte, and undo takes them back once more.
    await page.getByRole('button', { name: 'Redo', exact: true }).click();
    await expect.poll(() => readFile(dashboardFile, 'utf8')).toBe(after.dashboard);
    await undo.click();
    await expect.poll(() => readFile(dashboardFile, 'utf8')).toBe(before.dashboard);
  });
});

test.describe('words shown in more than one place', () => {
  let dir: string;
  let root: string;
  let server: StudioProcess;
  const SIDEBAR = ['src', 'components', 'shell', 'sidebar.tsx'];

  test.beforeAll(async () => {
    ({ dir, root } = await initConsoleCopy('plantation-studio-also-shown-'));
    // The sidebar title's constant is read at a second place of the project.
    const sidebar = join(root, ...SIDEBAR);
    const source = await readFile(sidebar, 'utf8');
    const twice = source.replace(
      '<p className="text-lg font-bold tracking-tight">{SIDEBAR_TITLE}</p>\n',
      '<p className="text-lg font-bold tracking-tight">{SIDEBAR_TITLE}</p>\n        <p className="sr-only">{SIDEBAR_TITLE}</p>\n',
    );
    expect(twice).not.toBe(source);
    await writeFile(sidebar, twice);
    // A canvas whose frame shows the regions screen, where a select labelled "Quốc gia" is one of two in the project.
    const regions = defaultCanvasDocument('every-use');
    regions.frames[0]!.route = '/region/';
    await mkdir(join(root, '.plantation-studio', 'canvases'), { recursive: true });
    await writeFile(join(root, '.plantation-studio', 'canvases', 'every-use.json'), JSON.stringify(regions, null, 2));
    server = await startStudio(['dev', '--root', root]);
  });
  test.afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** The regions screen's canvas, with the two files whose call sites pass "Quốc gia" to SelectField, as they are. */
  async function openRegions(page: Page) {
    const regionFile = join(root, 'src', 'features', 'regions', 'region-page.tsx');
    const placesFile = join(root, 'src', 'features', 'fields', 'place-filters.tsx');
    const before = { region: await readFile(regionFile, 'utf8'), places: await readFile(placesFile, 'utf8') };
    await signIn(page, server.url);
    const studio = await openCanvas(page, server.url, 'every-use', async (opened) => {
      await expect(opened.frame.getByText('Quốc gia', { exact: true })).toBeVisible({ timeout: 60_000 });
    });
    return { studio, regionFile, placesFile, before };
  }

  test('the editor says where else the words show and writes only once the person confirms', async ({ page }) => {
    test.setTimeout(180_000);
    const navFile = join(root, ...NAV);
    const before = await readFile(navFile, 'utf8');
    await signIn(page, server.url);
    const studio = await openCanvas(page, server.url, 'also-shown', async (opened) => {
      await expect(opened.frame.getByText('Plantation Admin', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
    });
    const title = studio.frame.getByText('Plantation Admin', { exact: true }).first();
    await title.click();
    await expect(studio.inspector).toContainText('also shown at src/components/shell/sidebar.tsx:21');
    const typeAfterTitle = async (words: string) => {
      await studio.frame.locator('p', { hasText: /^Plantation Admin$/ }).first().dblclick();
      await expect(studio.frame.locator('[contenteditable="plaintext-only"]')).toHaveCount(1);
      await page.keyboard.press('End');
      await page.keyboard.type(words);
      await page.keyboard.press('Enter');
    };

    await typeAfterTitle(' Hub');
    const ask = studio.inspector.getByRole('alertdialog', { name: 'Also shown elsewhere' });
    await expect(ask).toContainText('also shown at 1 other place: src/components/shell/sidebar.tsx:21');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toHaveCount(0);
    await expect(title).toHaveText('Plantation Admin');
    expect(await readFile(navFile, 'utf8')).toBe(before);

    await typeAfterTitle(' Hub');
    await ask.getByRole('button', { name: 'Write' }).click();
    await succeeded(studio, /^Edit text: Succeeded$/);
    await expect.poll(() => readFile(navFile, 'utf8')).toContain('export const SIDEBAR_TITLE = `${PRODUCT_SHORT_NAME} Admin Hub`;');
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => readFile(navFile, 'utf8')).toBe(before);
  });

  test('a prop passed the same words on two pages is edited in place on one page: that call site alone is written, and undone to the byte', async ({ page }) => {
    test.setTimeout(180_000);
    const { studio, regionFile, placesFile, before } = await openRegions(page);
    const label = studio.frame.getByText('Quốc gia', { exact: true });
    await label.click();
    await expect(studio.inspector.getByRole('status', { name: 'What the edit writes' })).toContainText('Writes src/features/regions/region-page.tsx:81');
    // In place, as a designer does it: a double-click on the words in the frame, typed, Enter.
    await label.dblclick();
    await expect(studio.frame.locator('[contenteditable="plaintext-only"]')).toHaveCount(1);
    await page.keyboard.press('End');
    await page.keyboard.type(' sở tại');
    await page.keyboard.press('Enter');
    await succeeded(studio, /^Edit text: Succeeded$/);
    await expect.poll(() => readFile(regionFile, 'utf8')).toBe(before.region.replace('label="Quốc gia"', 'label="Quốc gia sở tại"'));
    // The fields page passes the same words to the same component: untouched.
    expect(await readFile(placesFile, 'utf8')).toBe(before.places);
    await expect(studio.frame.getByText('Quốc gia sở tại', { exact: true })).toBeVisible({ timeout: 20_000 });

    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => readFile(regionFile, 'utf8')).toBe(before.region);
    expect(await readFile(placesFile, 'utf8')).toBe(before.places);
    await expect(studio.frame.getByText('Quốc gia', { exact: true })).toBeVisible({ timeout: 20_000 });
  });

  test('a prop written at call sites in two files is written at every use once chosen, said first, and undone to the byte', async ({ page }) => {
    test.setTimeout(180_000);
    const { studio, regionFile, placesFile, before } = await openRegions(page);
    // The <label> shows `{label}` of SelectField: this page's call site passes "Quốc gia", and so does the fields page's.
    await studio.frame.getByText('Quốc gia', { exact: true }).click();
    await expect(page.getByLabel('Selected element')).toContainText('label');
    const choice = studio.inspector.getByRole('radiogroup', { name: 'Write the words at' });
    await expect(choice.getByRole('radio', { name: 'This instance' })).toBeChecked({ timeout: 20_000 });
    const says = studio.inspector.getByRole('status', { name: 'What the edit writes' });
    await expect(says).toContainText('Writes src/features/regions/region-page.tsx:81');
    await choice.getByRole('radio', { name: 'Every use' }).click();
    // Before anything is written, the inspector names both call sites it writes.
    await expect(says).toContainText(/Writes [^;]*src\/features\/fields\/place-filters\.tsx:116/);
    await expect(says).toContainText(/Writes [^;]*src\/features\/regions\/region-page\.tsx:81/);
    expect(await readFile(regionFile, 'utf8')).toBe(before.region);

    const field = studio.inspector.getByRole('textbox', { name: 'Element text' });
    await field.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' gốc');
    await page.keyboard.press('Enter');
    await succeeded(studio, /^Edit text: Succeeded$/);
    await expect.poll(() => readFile(regionFile, 'utf8')).toBe(before.region.replace('label="Quốc gia"', 'label="Quốc gia gốc"'));
    expect(await readFile(placesFile, 'utf8')).toBe(before.places.replace('label="Quốc gia"', 'label="Quốc gia gốc"'));
    await expect(studio.frame.getByText('Quốc gia gốc', { exact: true })).toBeVisible({ timeout: 20_000 });

    // One change wrote both files: one undo puts both back, byte for byte.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => readFile(regionFile, 'utf8')).toBe(before.region);
    expect(await readFile(placesFile, 'utf8')).toBe(before.places);
  });
});
