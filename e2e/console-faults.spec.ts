/**
 * Faults that must not strand a screen (docs/console.md#faults-and-retries): with the mock's fault controls, every
 * list screen keeps pager, URL and rows in agreement, and recovers once the fault clears, by its own retry or by the
 * next choice.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, privateStudio, test } from './fixtures.js';
import { signIn } from './session.js';

interface MockState {
  countries: Array<{ countryId: number; countryName: string }>;
  regions: Array<{ regionId: number; regionName: string; countryId: number }>;
  fields: Array<{ fieldId: number; fieldName: string; regionId: number }>;
  robots: Array<{ id: number; model: string }>;
  trees: Array<{ treeId: number; fieldId: number; location: string }>;
}

const studio = privateStudio([]);

async function mockState(request: APIRequestContext): Promise<MockState> {
  return (await (await request.get(`${studio.url()}/_mock/state`)).json()) as MockState;
}

/** Every fault is armed for far more calls than a screen makes, so that a retry of the query fails too. */
const MANY = 50;

async function open(page: Page, path: string): Promise<void> {
  await signIn(page, studio.url());
  await page.goto(`${studio.url()}${path}`);
}

// A fresh server compiles the console on its first visit, which can take long on a busy machine.
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage();
  await signIn(page, studio.url());
  await page.goto(`${studio.url()}/drone`);
  await expect(page.getByRole('heading', { name: 'Quản lý Drone' })).toBeVisible({ timeout: 100_000 });
  await page.close();
});

test.beforeEach(async ({ request }) => {
  await studio.mock(request).reset();
});

test('/field: a failed region list is only logged, the fields still show, and the dropdown reloads by its own button', async ({ page, request }) => {
  const mock = studio.mock(request);
  await mock.fault({ path: '/vam/region/country', status: 500, count: MANY });
  await open(page, '/field');
  await expect(page.getByRole('article')).toHaveCount(6);
  await expect(page.getByText('Không có dữ liệu cho khu vực này.')).toHaveCount(0);
  const regions = page.getByLabel('Khu vực');
  await expect(regions.locator('option')).toHaveText(['Không tải được danh sách']);
  await mock.clearFaults();
  await page.getByRole('button', { name: 'Tải lại danh sách khu vực' }).click();
  await expect(regions.locator('option').first()).toHaveText('Tất cả khu vực');
  await expect(page.getByRole('button', { name: 'Tải lại danh sách khu vực' })).toHaveCount(0);
});

test('/field: Thử lại asks again for every call that failed, the fields and the region list', async ({ page, request }) => {
  const mock = studio.mock(request);
  await mock.fault({ path: '/vam/region/country', status: 500, count: MANY });
  await mock.fault({ path: '/vam/field/country', status: 500, count: MANY });
  await open(page, '/field');
  await expect(page.getByText('Không có dữ liệu cho khu vực này.')).toBeVisible({ timeout: 15_000 });
  await mock.clearFaults();
  await page.getByRole('button', { name: 'Thử lại' }).click();
  await expect(page.getByRole('article')).toHaveCount(6);
  await expect(page.getByLabel('Khu vực').locator('option').first()).toHaveText('Tất cả khu vực');
});

test('/field: with the region list down, a region from the URL is still the one shown', async ({ page, request }) => {
  const state = await mockState(request);
  const region = state.regions.find((r) => state.fields.filter((f) => f.regionId === r.regionId).length >= 1)!;
  const fields = state.fields.filter((f) => f.regionId === region.regionId);
  await studio.mock(request).fault({ path: '/vam/region/country', status: 500, count: MANY });
  await open(page, `/field?countryId=${region.countryId}&regionId=${region.regionId}`);
  await expect(page.getByRole('article')).toHaveCount(Math.min(6, fields.length));
  await expect(page.getByRole('article').first()).toContainText(fields[0]!.fieldName);
  await expect(page).toHaveURL(new RegExp(`regionId=${region.regionId}`));
});

test('/plan: a failed region list blocks the plans with a Thử lại that asks for it again', async ({ page, request }) => {
  const mock = studio.mock(request);
  await mock.fault({ path: '/vam/region/country', status: 500, count: MANY });
  await open(page, '/plan');
  await expect(page.getByText('Không có dữ liệu.')).toBeVisible({ timeout: 15_000 });
  await mock.clearFaults();
  await page.getByRole('button', { name: 'Thử lại' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByLabel('Cánh đồng')).not.toHaveValue('');
});

test('/plan: a failed field list, then Thử lại', async ({ page, request }) => {
  const mock = studio.mock(request);
  await mock.fault({ path: '/vam/field/region', status: 500, count: MANY });
  await open(page, '/plan');
  await expect(page.getByText('Không có dữ liệu.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Cánh đồng').locator('option')).toHaveText(['Không tải được danh sách']);
  await mock.clearFaults();
  await page.getByRole('button', { name: 'Thử lại' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
});

for (const screen of [
  { path: '/robot', route: '/vam/robot/getList', pager: 'Phân trang robot' },
  { path: '/region', route: '/vam/region/country', pager: 'Phân trang khu vực' },
] as const) {
  test(`${screen.path}: a failed Next leaves URL, pager and rows on the page shown, with no banner; the next Next works`, async ({ page, request }) => {
    const mock = studio.mock(request);
    await open(page, screen.path);
    const rows = page.getByRole('table').locator('tbody tr');
    const pager = page.getByRole('navigation', { name: screen.pager });
    await expect(pager).toContainText(/^.*1 \| \d+.*$/);
    const firstRow = (await rows.first().textContent()) ?? '';
    const url = page.url();
    const failures: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(message.text());
    });

    await mock.fault({ path: screen.route, status: 500, count: MANY });
    await pager.getByRole('button', { name: 'Next' }).click();
    // Logged once the call and its one retry failed.
    await expect.poll(() => failures.some((text) => text.includes('Network response was not ok')), { timeout: 15_000 }).toBe(true);
    await expect(page.getByRole('table')).not.toHaveAttribute('aria-busy', 'true');
    expect(page.url()).toBe(url);
    await expect(pager).toContainText('1 |');
    await expect(rows.first()).toHaveText(firstRow);
    await expect(page.getByRole('alert')).toHaveCount(0);

    await mock.clearFaults();
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=1(&|$)/);
    await expect(pager).toContainText('2 |');
    await expect(rows.first()).not.toHaveText(firstRow);
  });
}

test('/: a failed Next on the countries leaves URL, pager and cards on the page shown; the next Next works', async ({ page, request }) => {
  const mock = studio.mock(request);
  await open(page, '/');
  const summary = page.getByText(/^Page \d+ of \d+ • Total: \d+ countries$/);
  await expect(summary).toHaveText(/^Page 1 of/);
  const firstCard = (await page.locator('article').first().textContent()) ?? '';
  const failures: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(message.text());
  });
  await mock.fault({ path: '/country/all', status: 500, count: MANY });
  await page.getByRole('navigation', { name: 'Phân trang quốc gia' }).getByRole('button', { name: 'Trang 2' }).click();
  await expect.poll(() => failures.some((text) => text.includes('Không tải được danh sách quốc gia')), { timeout: 15_000 }).toBe(true);
  await expect(page).toHaveURL(/\/$/);
  await expect(summary).toHaveText(/^Page 1 of/);
  await expect(page.locator('article').first()).toHaveText(firstCard);
  await expect(page.getByRole('alert')).toHaveCount(0);

  await mock.clearFaults();
  await page.getByRole('navigation', { name: 'Phân trang quốc gia' }).getByRole('button', { name: 'Trang 2' }).click();
  await expect(page).toHaveURL(/\?page=1$/);
  await expect(summary).toHaveText(/^Page 2 of/);
});

test('/region: a failed country choice keeps the country, its rows and the URL; nothing loaded says so, with a retry', async ({ page, request }) => {
  const mock = studio.mock(request);
  const state = await mockState(request);
  await open(page, '/region');
  const select = page.getByLabel('Quốc gia');
  await expect(select).toHaveValue('1');
  const rows = page.getByRole('table').locator('tbody tr');
  const firstRow = (await rows.first().textContent()) ?? '';
  await mock.fault({ path: '/vam/region/country', status: 500, count: MANY });
  await select.selectOption(String(state.countries[1]!.countryId));
  await expect(select).toHaveValue('1', { timeout: 15_000 });
  await expect(page.getByRole('table')).not.toHaveAttribute('aria-busy', 'true', { timeout: 15_000 });
  await expect(page).toHaveURL(/\/region$/);
  await expect(rows.first()).toHaveText(firstRow);

  // Nothing shown yet: the failure is said, with a retry that recovers once the fault is gone.
  await page.goto(`${studio.url()}/region/2`);
  await expect(page.getByRole('alert')).toContainText('Network response was not ok', { timeout: 15_000 });
  await mock.clearFaults();
  await page.getByRole('button', { name: 'Thử lại' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByLabel('Quốc gia')).toHaveValue('2');
});

test('/region/99999: an unknown country is not shown as another one, and there is a way back', async ({ page }) => {
  await open(page, '/region/99999');
  const select = page.getByLabel('Quốc gia');
  await expect(select).toHaveValue('');
  await expect(select.locator('option:checked')).toHaveText('Quốc gia #99999 không tồn tại');
  await expect(page.getByRole('alert')).toContainText('Không tìm thấy quốc gia #99999');
  await expect(page.getByRole('navigation', { name: 'Phân trang khu vực' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Về danh sách khu vực' }).click();
  await expect(page).toHaveURL(/\/region$/);
  await expect(select).toHaveValue('1');
  await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
});

test.describe('context on a fresh load', () => {
  test('a tree detail opened directly shows its real field and location, and Back goes to that field', async ({ page, request }) => {
    const state = await mockState(request);
    const tree = state.trees.find((t) => t.fieldId !== 1 && t.location.trim() !== '')!;
    await open(page, `/rubber-tree-detail/${tree.treeId}`);
    const summary = page.getByTestId('tree-detail-summary');
    // The chart's code may still be compiling on a busy machine: the first look waits longer.
    await expect(summary).toContainText(`Vị trí: ${tree.location} · Cánh đồng: ${tree.fieldId} · Số lần đo:`, { timeout: 30_000 });
    await expect(summary).not.toContainText('—');
    // vi-VN decimals, like every other screen.
    await expect(page.getByTestId('growth-topHeight').getByTestId('growth-latest')).toHaveText(/^\d+,\d{2} m$/);
    await page.getByRole('link', { name: '← Quay lại danh sách cây' }).click();
    await expect(page).toHaveURL(new RegExp(`/rubber-tree/${tree.fieldId}$`));
  });

  test('without anything known of the tree, the header says Chưa xác định, never —, and a failed count is not … forever', async ({ page, request }) => {
    const mock = studio.mock(request);
    await mock.fault({ path: '/vam/rubber-tree/tree-details', status: 500, count: MANY });
    await open(page, '/rubber-tree-detail/3');
    await expect(page.getByRole('alert')).toContainText('Không tải được dữ liệu', { timeout: 15_000 });
    await expect(page.getByTestId('tree-detail-summary')).toHaveText('Vị trí: Chưa xác định · Cánh đồng: Chưa xác định · Số lần đo: Chưa xác định');
    await mock.clearFaults();
    await page.getByRole('button', { name: 'Thử lại' }).click();
    await expect(page.getByTestId('tree-detail-summary')).not.toContainText('Chưa xác định');
  });

  for (const [path, reason, back, landing] of [
    ['/region/abc', 'Mã quốc gia không hợp lệ: “abc”', 'Về danh sách khu vực', /\/region$/],
    ['/rubber-tree-detail/1.5', 'Mã cây cao su không hợp lệ: “1.5”', 'Về danh sách cây cao su', /\/rubber-tree\/1$/],
    ['/rubber-tree/0', 'Mã cánh đồng không hợp lệ: “0”', 'Về danh sách cây cao su', /\/rubber-tree\/1$/],
    ['/drone/sensor/x1', 'Mã drone không hợp lệ: “x1”', 'Về hệ thống cảm biến', /\/drone\/sensor$/],
  ] as const) {
    test(`${path}: the bad id is said inside the shell, with a way back`, async ({ page }) => {
      await open(page, path);
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('Unexpected Application Error!');
      await expect(alert).toContainText(reason);
      // The shell is there: the sidebar's entries and sign-out.
      await expect(page.getByRole('button', { name: 'Đăng xuất' })).toBeAttached();
      await alert.getByRole('link', { name: back }).click();
      await expect(page).toHaveURL(landing);
      await expect(page.getByRole('alert').filter({ hasText: 'Unexpected Application Error!' })).toHaveCount(0);
    });
  }
});

test.describe('session expiry is not silent', () => {
  test('an expired token on saving a drone says why on the sign-in page, and the half-filled form comes back after signing in', async ({ page, request }) => {
    const mock = studio.mock(request);
    await open(page, '/drone');
    await page.getByRole('button', { name: 'Add Drone' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Thêm Drone' });
    await dialog.getByLabel('Tên drone').fill('Bản nháp dở dang');
    await dialog.getByLabel('Vị trí hiện tại').fill('Lô B2');
    await dialog.getByLabel('Tốc độ (km/h)').fill('12.5');
    await mock.fault({ path: '/vam/drone/create', status: 401, body: 'Token has expired' });
    await dialog.getByRole('button', { name: 'Tạo drone' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.' })).toBeVisible();
    await page.getByLabel('Tên đăng nhập').fill('demo');
    await page.getByLabel('Mật khẩu').fill('demo123');
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.getByRole('link', { name: 'Drone management' }).click();
    const restored = page.getByRole('dialog', { name: 'Thêm Drone' });
    await expect(restored.getByLabel('Tên drone')).toHaveValue('Bản nháp dở dang');
    await expect(restored.getByLabel('Vị trí hiện tại')).toHaveValue('Lô B2');
    await expect(restored.getByLabel('Tốc độ (km/h)')).toHaveValue('12.5');
    await expect(page.getByText('Đã khôi phục bản nháp drone chưa lưu')).toBeVisible();
    await restored.getByRole('button', { name: 'Tạo drone' }).click();
    await expect(restored).toBeHidden();
    const state = (await (await request.get(`${studio.url()}/_mock/state`)).json()) as { drones: Array<{ name: string; speed: number }> };
    expect(state.drones.at(-1)).toMatchObject({ name: 'Bản nháp dở dang', speed: 12.5 });

    // Saved: no draft is left to come back.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Quản lý Drone' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a draft belongs to the account that typed it: another account signing in to the same tab never sees it', async ({ page, request }) => {
    const other = { username: `khac-${Date.now()}`, password: 'mat-khau-khac' };
    expect((await request.post(`${studio.url()}/api/account/regis`, { data: other })).status()).toBeLessThan(300);
    await open(page, '/drone');
    await page.getByRole('button', { name: 'Add Drone' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Thêm Drone' });
    await dialog.getByLabel('Tên drone').fill('Bản nháp riêng tư');
    await dialog.getByLabel('Vị trí hiện tại').fill('Lô bí mật');
    await studio.mock(request).fault({ path: '/vam/drone/create', status: 401, body: 'Token has expired' });
    await dialog.getByRole('button', { name: 'Tạo drone' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Tên đăng nhập').fill(other.username);
    await page.getByLabel('Mật khẩu').fill(other.password);
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('link', { name: 'Drone management' }).click();
    await expect(page.getByRole('heading', { name: 'Quản lý Drone' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText('Đã khôi phục bản nháp drone chưa lưu')).toHaveCount(0);
    // Not in the tab's storage either, for whoever uses it next.
    expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain('Bản nháp riêng tư');
    await page.getByRole('button', { name: 'Add Drone' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Thêm Drone' }).getByLabel('Tên drone')).toHaveValue('');
  });

  test('a closed form leaves no draft; an invalid token says so too', async ({ page, request }) => {
    await open(page, '/drone');
    await page.getByRole('button', { name: 'Add Drone' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Thêm Drone' });
    await dialog.getByLabel('Tên drone').fill('Bỏ đi');
    await dialog.getByRole('button', { name: 'Hủy' }).click();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Quản lý Drone' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await studio.mock(request).fault({ path: '/vam/robot/getList', status: 401, body: 'Invalid JWT token' });
    await page.getByRole('link', { name: 'Robot catalogue' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: 'Phiên đăng nhập không còn hợp lệ. Vui lòng đăng nhập lại.' })).toBeVisible();
  });
});
