/**
 * The console's finish: icons instead of emoji that need a colour-emoji font, one language on close buttons,
 * notices that cover nothing important, and the drone view mode read from the plain stored word.
 */
import { emptyPage } from '../contracts/spring-page.js';
import { CONSOLE_SCREENS, SCREEN_LOAD_MS } from './console-screens.js';
import { expect, test } from './fixtures.js';

test('the empty countries state draws its globe as an icon, not an emoji', async ({ page, signedIn }) => {
  expect(signedIn.token).toBeTruthy();
  await page.route(/\/country\/all/, (route) => route.fulfill({ json: emptyPage(6) }));
  await page.goto('/');
  const empty = page.getByRole('region', { name: 'Danh sách quốc gia' });
  await expect(empty.getByRole('heading', { name: 'Không tìm thấy quốc gia nào' })).toBeVisible();
  await expect(empty.getByTestId('empty-countries-icon')).toBeVisible();
  expect(await empty.innerText()).not.toMatch(/\p{Extended_Pictographic}/u);
});

test('every dialog closes with Vietnamese buttons only', async ({ page, signedIn }) => {
  test.setTimeout(120_000);
  expect(signedIn.token).toBeTruthy();
  for (const screen of CONSOLE_SCREENS.filter((s) => s.dialogs)) {
    await page.goto(screen.path);
    await expect(screen.loaded(page)).toBeVisible({ timeout: SCREEN_LOAD_MS });
    for (const dialog of screen.dialogs!) {
      await dialog.open(page);
      const open = page.getByRole('dialog').or(page.getByRole('alertdialog'));
      await expect(open.getByRole('button', { name: 'Đóng', exact: true }).first(), `${screen.path}: ${dialog.name}`).toBeVisible();
      await expect(open.getByRole('button', { name: /close/i }), `${screen.path}: ${dialog.name}`).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(open).toHaveCount(0);
    }
  }
});

test('notices sit clear of the title and the actions, three at most, and go when the page changes', async ({ page, signedIn }) => {
  expect(signedIn.token).toBeTruthy();
  await page.goto('/rubber-tree/1');
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(6);
  const notices = page.getByTestId('notices').getByRole('alert');
  const treeIds: string[] = [];
  for (let i = 0; i < 5; i++) {
    await cards.nth(i).getByRole('button', { name: 'Thông tin' }).click();
    treeIds.push((await cards.nth(i).getByRole('heading').innerText()).replace('Cây ', ''));
    await expect(notices.last()).toContainText(`Thông tin cây cao su ${treeIds[i]}:`);
  }
  // The newest three.
  await expect(notices).toHaveCount(3);
  for (const [i, id] of treeIds.slice(2).entries()) await expect(notices.nth(i)).toContainText(`cây cao su ${id}:`);

  // Nothing important under them: the title, the header's buttons, the first row of cards.
  const covered = async (target: import('@playwright/test').Locator) => {
    const [a, b] = [await page.getByTestId('notices').boundingBox(), await target.boundingBox()];
    return Boolean(a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height);
  };
  expect(await covered(page.getByRole('heading', { level: 1 }))).toBe(false);
  expect(await covered(page.getByRole('button', { name: 'Làm mới' }))).toBe(false);
  expect(await covered(page.getByRole('button', { name: 'Thêm cây mới' }))).toBe(false);
  expect(await covered(cards.first())).toBe(false);

  await page.getByRole('navigation', { name: 'Điều hướng chính' }).getByRole('link', { name: 'Drone management' }).click();
  await expect(page.getByRole('heading', { name: 'Quản lý Drone' })).toBeVisible();
  await expect(notices).toHaveCount(0);
});

test("the drone view mode is read from the plain stored word and written as one", async ({ page, signedIn }) => {
  expect(signedIn.token).toBeTruthy();
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('view-mode-seeded')) {
      sessionStorage.setItem('view-mode-seeded', '1');
      localStorage.setItem('droneViewMode', 'list');
    }
  });
  await page.goto('/drone');
  await expect(page.getByRole('button', { name: 'Danh sách' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('table', { name: 'Danh sách drone' })).toBeVisible();
  await page.getByRole('button', { name: 'Lưới' }).click();
  await expect(page.getByRole('list', { name: 'Danh sách drone' }).getByRole('article').first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('droneViewMode'))).toBe('grid');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Lưới' })).toHaveAttribute('aria-pressed', 'true');
});
