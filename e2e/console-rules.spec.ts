/**
 * The console's rules in real Chromium (docs/console.md#rules): growth percentages, the drone rules shared by form
 * and API, counters that never lie, and a task filter that says why Search is disabled.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, privateStudio, test } from './fixtures.js';
import { signIn } from './session.js';
import { emptyPage } from '../contracts/spring-page.js';

// The tests change drones and arm faults: a mock of their own.
const studio = privateStudio([]);

interface Drone {
  droneId: number;
  name: string;
  batteryLevel: number;
}

async function drones(request: APIRequestContext): Promise<Drone[]> {
  return ((await (await request.get(`${studio.url()}/_mock/state`)).json()) as { drones: Drone[] }).drones;
}

async function open(page: Page, path: string): Promise<void> {
  await signIn(page, studio.url());
  await page.goto(`${studio.url()}${path}`);
}

// A fresh server compiles the console on its first visit, which can take long on a busy machine.
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage();
  await signIn(page, studio.url());
  await page.goto(`${studio.url()}/rubber-tree-detail/1`);
  await expect(page.getByTestId('tree-detail-summary')).toBeVisible({ timeout: 100_000 });
  await page.close();
});

test.beforeEach(async ({ request }) => {
  await studio.mock(request).reset();
});

test('a growth of +0.11 % shows its percentage (tested before rounding), in vi-VN digits', async ({ page, request }) => {
  const measurement = (id: number, checkDate: string, topHeight: number) => ({
    id,
    treeId: 5,
    checkDate,
    topHeight,
    crownHeight: 4,
    diamEter: 20,
    cirumFerence: 60,
  });
  await studio.mock(request).fault({
    path: '/vam/rubber-tree/tree-details',
    status: 200,
    body: [measurement(2, '2026-02-01T00:00:00Z', 100.11), measurement(1, '2026-01-01T00:00:00Z', 100)],
    count: 3,
  });
  await open(page, '/rubber-tree-detail/5');
  const top = page.getByTestId('growth-topHeight');
  // The chart's code may still be compiling on a busy machine: the first look waits longer.
  await expect(top.getByTestId('growth-latest')).toHaveText('100,11 m', { timeout: 30_000 });
  await expect(top.getByTestId('growth-change')).toContainText('+0,11 m(+0,1%)');
  await expect(page.getByTestId('growth-crownHeight').getByTestId('growth-change')).toHaveText('→0,00 m');
});

test.describe('drone rules, in the form and in the API', () => {
  test('speed and height keep to the 0.1 step: 0.15 is refused by the form and by the API, with the reason', async ({ page, request }) => {
    const before = await drones(request);
    await open(page, '/drone');
    await page.getByRole('button', { name: 'Add Drone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thêm Drone' });
    await dialog.getByLabel('Tên drone').fill('Bước 0,1');
    await dialog.getByLabel('Tốc độ (km/h)').fill('0.15');
    await dialog.getByLabel('Độ cao (m)').fill('1000');
    await dialog.getByRole('button', { name: 'Tạo drone' }).click();
    await expect(dialog.getByText('Tốc độ chỉ có một chữ số thập phân (bước 0,1)')).toBeVisible();
    await expect(dialog.getByText('Độ cao tối đa 500 m')).toBeVisible();
    await expect(dialog.getByLabel('Tốc độ (km/h)')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Tên drone').fill('x'.repeat(101));
    await expect(dialog.getByText('Tên drone tối đa 100 ký tự')).toBeVisible();
    expect(await drones(request)).toHaveLength(before.length);

    // The API says the same to a caller that skips the form.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const answer = await request.post(`${studio.url()}/vam/drone/create`, {
      headers: { authorization: `Bearer ${token}` },
      data: { name: 'API', direction: '', speed: 0.15, height: 2, currentLocation: '', status: 'inactive', batteryLevel: 50, robotId: 1, sensorControlSystemId: 1 },
    });
    expect(answer.status()).toBe(400);
    expect((await answer.json()).errors).toEqual([{ field: 'speed', message: 'Tốc độ chỉ có một chữ số thập phân (bước 0,1)' }]);
  });

  test('editing a drone does not need the battery level; left empty, the stored one is kept', async ({ page, request }) => {
    const [first] = await drones(request);
    await open(page, '/drone');
    await page.getByRole('list', { name: 'Danh sách drone' }).getByRole('article', { name: first!.name }).getByRole('button', { name: 'Sửa' }).click();
    const edit = page.getByRole('dialog', { name: 'Sửa Drone' });
    await edit.getByLabel('Mức pin (%)').fill('');
    await edit.getByLabel('Tên drone').fill('Không cần pin');
    await expect(edit.getByText('Mức pin là bắt buộc')).toHaveCount(0);
    await edit.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: 'Cập nhật drone thành công' })).toBeVisible();
    const stored = (await drones(request)).find((d) => d.droneId === first!.droneId)!;
    expect(stored).toMatchObject({ name: 'Không cần pin', batteryLevel: first!.batteryLevel });

    // On create it stays required.
    await page.getByRole('button', { name: 'Add Drone' }).click();
    const create = page.getByRole('dialog', { name: 'Thêm Drone' });
    await create.getByLabel('Mức pin (%)').fill('');
    await create.getByRole('button', { name: 'Tạo drone' }).click();
    await expect(create.getByText('Mức pin là bắt buộc')).toBeVisible();
  });
});

test.describe('counters never lie', () => {
  test("the tree list never reads 'Trang 0 / 0', a page past the last, or '…' after a failure", async ({ page, request }) => {
    const mock = studio.mock(request);
    await mock.fault({ path: '/vam/rubber-tree/tree-field', status: 200, body: emptyPage(6), count: 3 });
    await open(page, '/rubber-tree/7');
    const summary = page.getByTestId('tree-list-summary');
    await expect(summary).toHaveText('Cánh đồng 7 · Tổng số: 0 cây');

    await page.goto(`${studio.url()}/rubber-tree/1?page=9`);
    await expect(page.getByRole('alert')).toContainText('Trang 10 không tồn tại');
    await expect(summary).toHaveText(/^Cánh đồng 1 · Tổng số: \d+ cây$/);

    await mock.clearFaults();
    await mock.fault({ path: '/vam/rubber-tree/tree-field', status: 500, count: 50 });
    await page.goto(`${studio.url()}/rubber-tree/2`);
    await expect(page.getByRole('alert')).toContainText('Không tải được dữ liệu', { timeout: 15_000 });
    await expect(summary).toHaveText('Cánh đồng 2 · Tổng số: Chưa xác định');
  });

  test("the drone total and the sensor tiles are not '…' for ever after a failure", async ({ page, request }) => {
    await studio.mock(request).fault({ path: '/vam/drone/list', status: 500, count: 50 });
    await open(page, '/drone');
    await expect(page.getByTestId('drone-total')).toHaveText('Tổng số: Chưa xác định', { timeout: 15_000 });
    await page.goto(`${studio.url()}/drone/sensor`);
    await expect(page.getByTestId('total-drones')).toContainText('Chưa xác định', { timeout: 15_000 });
  });
});

test('the task Search button says why it is disabled for -5, 0, 1.5 and 1e3', async ({ page }) => {
  await open(page, '/task');
  await page.getByLabel('Sort by').selectOption('robot');
  const input = page.getByLabel('Robot ID', { exact: true });
  const search = page.getByRole('button', { name: 'Search' });
  for (const value of ['-5', '0', '1.5', '1e3']) {
    await input.fill(value);
    await expect(search).toBeDisabled();
    await expect(page.getByText('Giá trị phải là số nguyên dương')).toBeVisible();
    await expect(search).toHaveAccessibleDescription('Giá trị phải là số nguyên dương');
  }
  await input.fill('3');
  await expect(search).toBeEnabled();
  await expect(page.getByText('Giá trị phải là số nguyên dương')).toHaveCount(0);
});
