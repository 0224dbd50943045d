/**
 * Layouts that hold at any width: every list and detail screen at 375, 768, 1280 and 1920 px, with every name,
 * title, location and model the API sends 90 characters long without a space, never makes the page scroll
 * sideways; and the drone table on a desktop keeps each drone on one line.
 *
 * The mock's seeded values have everyday lengths, so the answers are lengthened on their way to the page (the
 * server still answers every call; only the text values change).
 */
import type { Page } from '@playwright/test';
import { CONSOLE_SCREENS, SCREEN_LOAD_MS } from './console-screens.js';
import { expect, test } from './fixtures.js';

const LONG = `${'Rừng'.repeat(2)}${'X'.repeat(82)}`;

/** The free-text values of the API's answers (not ids, dates, statuses, directions or media paths). */
const TEXT_KEYS = new Set([
  'countryName',
  'regionName',
  'fieldName',
  'planTitle',
  'planDescription',
  'actionDetail',
  'tappingStatus',
  'bladeStatus',
  'name',
  'currentLocation',
  'location',
  'typeRobot',
  'model',
  'lidarModel',
  'cameraModel',
  'radarModel',
]);

function lengthen(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(lengthen);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, TEXT_KEYS.has(key) && typeof v === 'string' ? LONG : lengthen(v)]),
  );
}

async function withLongValues(page: Page): Promise<void> {
  await page.route(/\/(vam|country)\//, async (route) => {
    const answer = await route.fetch();
    const type = answer.headers()['content-type'] ?? '';
    if (!type.includes('json')) return route.fulfill({ response: answer });
    await route.fulfill({ response: answer, json: lengthen(await answer.json()) });
  });
}

async function pageWidths(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

/** Screens (beyond the route table's) where a long value shows: the details dialogs opened from the URL. */
const DETAIL_DIALOGS = [
  { path: '/plan?plan=1', dialog: 'Plan Details' },
  { path: '/tapping?tapping=1', dialog: /^Chi tiết Tapping #/ },
  { path: '/robot?robot=1', dialog: /^Robot Details/ },
];

/** Screens whose own content shows none of the lengthened values (their cards show ids only). */
const NO_LONG_TEXT = new Set(['/plan', '/tapping', '/rubber-tree-detail/1']);

for (const width of [375, 768, 1280, 1920]) {
  test(`at ${width} px no screen scrolls sideways with 90-character values`, async ({ page, signedIn }) => {
    test.setTimeout(180_000);
    expect(signedIn.token).toBeTruthy();
    await page.setViewportSize({ width, height: 900 });
    await withLongValues(page);
    const long = page.getByText(LONG).filter({ visible: true }).first();

    for (const screen of CONSOLE_SCREENS) {
      await page.goto(screen.path);
      await expect(screen.loaded(page)).toBeVisible({ timeout: SCREEN_LOAD_MS });
      if (!NO_LONG_TEXT.has(screen.path)) await expect(long, `a long value on ${screen.path}`).toBeVisible();
      const { scrollWidth, innerWidth } = await pageWidths(page);
      expect(scrollWidth, `page width of ${screen.path} at ${width} px`).toBeLessThanOrEqual(innerWidth);
    }

    for (const { path, dialog } of DETAIL_DIALOGS) {
      await page.goto(path);
      await expect(page.getByRole('dialog', { name: dialog }).getByText(LONG).first()).toBeVisible();
      const { scrollWidth, innerWidth } = await pageWidths(page);
      expect(scrollWidth, `page width of ${path} at ${width} px`).toBeLessThanOrEqual(innerWidth);
    }

    // The drone details dialog and the list view.
    await page.goto('/drone');
    await page.getByRole('button', { name: 'Chi tiết' }).first().click();
    await expect(page.getByRole('dialog', { name: `Chi tiết ${LONG}` })).toBeVisible();
    expect((await pageWidths(page)).scrollWidth).toBeLessThanOrEqual(width);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Danh sách' }).click();
    await expect(long).toBeVisible();
    const { scrollWidth, innerWidth } = await pageWidths(page);
    expect(scrollWidth, `page width of the drone list at ${width} px`).toBeLessThanOrEqual(innerWidth);
  });
}

/** The texts of the element that run over more than one line: text nodes whose boxes sit at different heights. */
async function wrappedTexts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluate((root) => {
    const wrapped: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      range.selectNodeContents(node);
      // Why tops and not a count of boxes: a line cut by an ellipsis is drawn as two boxes on the same line.
      if (new Set(Array.from(range.getClientRects(), (box) => Math.round(box.top))).size > 1) wrapped.push(node.textContent);
    }
    return wrapped;
  });
}

for (const width of [1280, 1920]) {
  test(`at ${width} px the drone table keeps each drone on one line, long values cut with the whole value in a tooltip`, async ({ page, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/drone');
    await page.getByRole('button', { name: 'Danh sách' }).click();
    const table = page.getByRole('table', { name: 'Danh sách drone' });
    await expect(table.getByRole('row')).toHaveCount(7);
    // Units stay with their values and nothing wraps, with the seeded values…
    expect(await wrappedTexts(page, 'table')).toEqual([]);

    // …and with 90-character names and locations, which end in an ellipsis and show whole on hover.
    await withLongValues(page);
    await page.reload();
    await expect(table.getByRole('row')).toHaveCount(7);
    await expect(table.getByRole('cell', { name: LONG }).first()).toBeVisible();
    expect(await wrappedTexts(page, 'table')).toEqual([]);
    await expect(table.getByRole('cell', { name: LONG }).first()).toHaveAttribute('title', LONG);
    const { scrollWidth, innerWidth } = await pageWidths(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    // Each row as tall as the others: one line of text beside the actions button.
    const heights = await table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
    expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(1);

    // The row's actions are in its menu, used with the keyboard.
    const menuButton = table.getByRole('button', { name: `Thao tác với ${LONG}` }).first();
    await menuButton.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Chi tiết', 'Cảm biến', 'Hệ thống cảm biến', 'Sửa', 'Xóa']);
    await expect(menu.getByRole('menuitem', { name: 'Chi tiết' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Cảm biến', exact: true })).toBeFocused();
    await page.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: 'Xóa' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(menuButton).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name: 'Xóa' })).toBeFocused();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: `Chi tiết ${LONG}` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menuButton).toBeFocused();
  });
}
