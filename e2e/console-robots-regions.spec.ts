import type { APIRequestContext } from '@playwright/test';
import { expect, holdAnswers, privateStudio, test } from './fixtures.js';
import { signIn } from './session.js';
import { emptyPage } from '../contracts/spring-page.js';

interface MockState {
  countries: Array<{ countryId: number; countryName: string }>;
  regions: Array<{ regionId: number; regionName: string; countryId: number }>;
  robots: Array<{ id: number; typeRobot: string; model: string; status: boolean; time: string; energy: number }>;
}

async function mockState(request: APIRequestContext, baseURL: string): Promise<MockState> {
  return (await (await request.get(`${baseURL}/_mock/state`)).json()) as MockState;
}

test.describe('region management', () => {
  test('shows the first country, pages by button and URL, searches the page and resets', async ({ page, request, baseURL, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    const state = await mockState(request, baseURL!);
    const vietnam = state.regions.filter((r) => r.countryId === 1);
    const pages = Math.ceil(vietnam.length / 6);

    await page.goto('/region');
    await expect(page.getByRole('heading', { name: 'Region Management' })).toBeVisible();
    await expect(page.getByLabel('Quốc gia')).toHaveValue('1');
    // The dropdown walked every page of countries.
    await expect(page.getByLabel('Quốc gia').locator('option')).toHaveCount(state.countries.length);
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Region ID', 'Region Name']);
    await expect(table.locator('tbody tr')).toHaveCount(6);
    await expect(table.locator('tbody tr').first()).toContainText(vietnam[0]!.regionName);
    const pager = page.getByRole('navigation', { name: 'Phân trang khu vực' });
    await expect(pager).toContainText(`1 | ${pages}`);

    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/region\?page=1$/);
    await expect(pager).toContainText(`2 | ${pages}`);
    await expect(table.locator('tbody tr')).toHaveCount(vietnam.length - 6);
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.goBack();
    await expect(pager).toContainText(`1 | ${pages}`);

    // The search filters the current page as one types, and hides the pager.
    await page.getByLabel('Tìm kiếm khu vực').fill('BÌNH');
    const matching = vietnam.slice(0, 6).filter((r) => r.regionName.toLowerCase().includes('bình'));
    await expect(table.locator('tbody tr')).toHaveCount(matching.length);
    await expect(pager).toHaveCount(0);
    await page.getByLabel('Tìm kiếm khu vực').fill('không có tỉnh này');
    await expect(page.getByText('Không có khu vực nào khớp với “không có tỉnh này”')).toBeVisible();
    await page.getByRole('button', { name: 'Đặt lại' }).click();
    await expect(page.getByLabel('Tìm kiếm khu vực')).toHaveValue('');
    await expect(table.locator('tbody tr')).toHaveCount(6);
    await expect(pager).toBeVisible();

    await page.goto('/region/1?page=1');
    await expect(pager).toContainText(`2 | ${pages}`);
    await page.goto('/region/1?page=9');
    await expect(page.getByRole('alert')).toContainText('Trang 10 không tồn tại');
  });

  test('the country dropdown shows that country, and a country with no region shows the placeholder', async ({ page, request, baseURL, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    const state = await mockState(request, baseURL!);
    const thailand = state.countries[1]!;
    await page.goto('/region');
    await page.getByLabel('Quốc gia').selectOption(String(thailand.countryId));
    await expect(page).toHaveURL(new RegExp(`/region/${thailand.countryId}$`));
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(
      Math.min(6, state.regions.filter((r) => r.countryId === thailand.countryId).length),
    );

    const none = state.countries.find((c) => !state.regions.some((r) => r.countryId === c.countryId))!;
    await page.goto(`/region/${none.countryId}`);
    await expect(page.getByLabel('Quốc gia')).toHaveValue(String(none.countryId));
    await expect(page.getByRole('img', { name: 'Không có dữ liệu' })).toBeVisible();
    await expect(page.getByText('Không có khu vực nào')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });

  test('every control is reachable by Tab', async ({ page, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    await page.goto('/region');
    await expect(page.getByRole('table')).toBeVisible();
    await page.getByLabel('Tìm kiếm khu vực').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Quốc gia')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Đặt lại' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Next' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/page=1/);
  });
});

test.describe('robot management', () => {
  test('lists the page, pages by button and URL', async ({ page, request, baseURL, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    const { robots } = await mockState(request, baseURL!);
    const pages = Math.ceil(robots.length / 10);
    await page.goto('/robot');
    await expect(page.getByRole('heading', { name: 'Robot Management' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['ID', 'Type', 'Model', 'Status']);
    await expect(table.locator('tbody tr')).toHaveCount(10);
    const first = robots[0]!;
    await expect(table.locator('tbody tr').first()).toHaveText(
      new RegExp(`${first.id}\\s*${first.typeRobot}\\s*${first.model}\\s*${first.status ? 'Active' : 'Inactive'}`),
    );
    const pager = page.getByRole('navigation', { name: 'Phân trang robot' });
    await expect(pager).toContainText(`1 | ${pages}`);
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\?page=1$/);
    await expect(table.locator('tbody tr').first()).toContainText(robots[10]!.model);
    await page.goto(`/robot?page=${pages - 1}`);
    await expect(pager).toContainText(`${pages} | ${pages}`);
    await expect(table.locator('tbody tr')).toHaveCount(robots.length - (pages - 1) * 10);
  });

  test('search applies from the icon; Type and Status from Lọc; the pager hides while filtering; reset', async ({ page, request, baseURL, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    const onPage = (await mockState(request, baseURL!)).robots.slice(0, 10);
    await page.goto('/robot');
    const rows = page.getByRole('table').locator('tbody tr');
    const pager = page.getByRole('navigation', { name: 'Phân trang robot' });
    await expect(rows).toHaveCount(10);

    const types = [...new Set(onPage.map((r) => r.typeRobot))].sort((a, b) => a.localeCompare(b, 'vi'));
    await expect(page.getByLabel('Type').locator('option')).toHaveText(['Tất cả', ...types]);
    await expect(page.getByLabel('Status').locator('option')).toHaveText(['Tất cả', 'Active', 'Inactive']);

    const needle = onPage[0]!.model.slice(0, 3).toLowerCase();
    await page.getByLabel('Tìm theo model').fill(needle);
    await expect(rows).toHaveCount(10);
    await page.getByRole('button', { name: 'Tìm kiếm' }).click();
    const byModel = onPage.filter((r) => r.model.toLowerCase().includes(needle));
    await expect(rows).toHaveCount(byModel.length);
    await expect(pager).toHaveCount(0);

    await page.getByRole('button', { name: 'Đặt lại' }).click();
    await expect(rows).toHaveCount(10);
    await expect(pager).toBeVisible();

    const type = types[0]!;
    await page.getByLabel('Type').selectOption(type);
    await page.getByLabel('Status').selectOption('inactive');
    await expect(rows).toHaveCount(10);
    await page.getByRole('button', { name: 'Lọc' }).click();
    const filtered = onPage.filter((r) => r.typeRobot === type && !r.status);
    if (filtered.length) await expect(rows).toHaveCount(filtered.length);
    else await expect(page.getByText('Không có robot nào khớp với bộ lọc')).toBeVisible();
    await expect(page).toHaveURL(/status=inactive/);
    await expect(pager).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('Status')).toHaveValue('inactive');
    await page.getByRole('button', { name: 'Đặt lại' }).click();
    await expect(rows).toHaveCount(10);
  });

  test('a row opens Robot Details with Energy in %, traps focus, closes with Escape and Close', async ({ page, request, baseURL, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    const robot = (await mockState(request, baseURL!)).robots[2]!;
    await page.goto('/robot');
    await page.getByRole('table').locator('tbody tr').nth(2).click();
    const dialog = page.getByRole('dialog', { name: `Robot Details ${robot.model}` });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`robot=${robot.id}`));
    await expect(dialog).toContainText(`ID${robot.id}`);
    await expect(dialog).toContainText(`Type${robot.typeRobot}`);
    await expect(dialog).toContainText(`Model${robot.model}`);
    await expect(dialog).toContainText(`Status${robot.status ? 'Active' : 'Inactive'}`);
    await expect(dialog).toContainText(`Energy${robot.energy}%`);
    await expect(dialog).toContainText(new Date(robot.time).toLocaleString('vi-VN'));
    // The dialog itself has the focus first, so its title is read before any control; focus stays inside: from the
    // last control, Tab goes back to the first.
    await expect(dialog).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Đóng' }).first()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Đóng' }).last()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Đóng' }).first()).toBeFocused();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

    // By keyboard: the model button opens it, the footer's 'Đóng' closes it and focus comes back.
    // In the robot's own row: several robots may share a model.
    const opener = page.getByRole('table').locator('tbody tr').nth(2).getByRole('button', { name: robot.model, exact: true });
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Đóng' }).last().click();
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();

    // A shared link opens the details.
    await page.goto(`/robot?robot=${robot.id}`);
    await expect(dialog).toBeVisible();
  });
});

test.describe('robots and regions, states', () => {
  const studio = privateStudio(['--latency', '700']);
  // Every call waits on purpose here, and the dropdowns walk every page of countries one call after another.
  test.describe.configure({ timeout: 120_000 });

  test('loading shows a spinner on both screens', async ({ page }) => {
    await signIn(page, studio.url());
    // A first visit lets the fresh server compile the screens, so the visits below show the loads themselves.
    await page.goto(`${studio.url()}/region`);
    await expect(page.getByRole('table')).toBeVisible({ timeout: 30_000 });
    await page.goto(`${studio.url()}/robot`);
    await expect(page.getByRole('table')).toBeVisible({ timeout: 30_000 });
    const robots = await holdAnswers(page, '**/vam/robot/getList*');
    await page.reload({ waitUntil: 'commit' });
    await expect(page.getByText('Đang tải danh sách robot')).toBeVisible();
    await robots.release();
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(10);
    const regions = await holdAnswers(page, '**/vam/region/**');
    await page.goto(`${studio.url()}/region`, { waitUntil: 'commit' });
    await expect(page.getByText('Đang tải danh sách khu vực')).toBeVisible();
    await regions.release();
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(6);
  });

  test('a failed list keeps the page as it is and says so, with a retry', async ({ page, request }) => {
    const mock = studio.mock(request);
    await signIn(page, studio.url());
    await page.goto(`${studio.url()}/robot`);
    const rows = page.getByRole('table').locator('tbody tr');
    await expect(rows).toHaveCount(10, { timeout: 15_000 });
    const firstRow = (await rows.first().textContent()) ?? '';
    await mock.fault({ path: '/vam/robot/getList', status: 500, count: 5 });
    await page.getByRole('button', { name: 'Next' }).click();
    // Only logged: the page stays as it is (e2e/console-faults.spec.ts checks the URL and pager too).
    await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(rows.first()).toHaveText(firstRow);
    await mock.clearFaults();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(rows.first()).not.toHaveText(firstRow);

    await mock.fault({ path: '/vam/region/country', status: 500, count: 5 });
    await page.goto(`${studio.url()}/region`);
    await expect(page.getByRole('alert')).toContainText('Network response was not ok', { timeout: 15_000 });
    // A list that never loaded is not said to be empty as well.
    await expect(page.getByRole('img', { name: 'Không có dữ liệu' })).toHaveCount(0);
    await expect(page.getByText('Không có khu vực nào')).toHaveCount(0);
    await mock.clearFaults();
  });

  test('an empty robot list shows the placeholder image', async ({ page, request }) => {
    const mock = studio.mock(request);
    await signIn(page, studio.url());
    await mock.fault({ path: '/vam/robot/getList', status: 200, body: emptyPage(10), count: 3 });
    await page.goto(`${studio.url()}/robot`);
    await expect(page.getByText('Không có robot nào')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('img', { name: 'Không có dữ liệu' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Phân trang robot' })).toHaveCount(0);
    await mock.clearFaults();
  });
});
