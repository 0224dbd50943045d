import type { APIRequestContext, Page } from '@playwright/test';
import { expect, privateStudio, test } from './fixtures.js';
import { signIn } from './session.js';
import { emptyPage } from '../contracts/spring-page.js';

interface Drone {
  droneId: number;
  name: string;
  status: string;
  robotId: number;
  sensorControlSystemId: number;
  currentLocation: string;
  direction: string;
  image: string;
}

// Creating and deleting drones changes the data, so these tests have a mock of their own.
const studio = privateStudio([]);
test.describe.configure({ mode: 'serial', timeout: 90_000 });

// A fresh server compiles the console on its first visit, which can take long on a busy machine.
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage();
  await signIn(page, studio.url());
  await page.goto(`${studio.url()}/drone`);
  await expect(page.getByRole('heading', { name: 'Quản lý Drone' })).toBeVisible({ timeout: 100_000 });
  await page.close();
});

async function drones(request: APIRequestContext): Promise<Drone[]> {
  return ((await (await request.get(`${studio.url()}/_mock/state`)).json()) as { drones: Drone[] }).drones;
}

const grid = (page: Page) => page.getByRole('list', { name: 'Danh sách drone' });
const card = (page: Page, name: string) => grid(page).getByRole('article', { name });

test.beforeEach(async ({ page, request }) => {
  await studio.mock(request).reset();
  await signIn(page, studio.url());
});

test('grid and list views with real names and statuses; the choice survives a reload; the pager', async ({ page, request }) => {
  const all = await drones(request);
  const pages = Math.ceil(all.length / 6);
  await page.goto(`${studio.url()}/drone`);
  await expect(page.getByRole('heading', { name: 'Quản lý Drone' })).toBeVisible();
  await expect(page.getByTestId('drone-total')).toHaveText(`Tổng số: ${all.length} drone`);
  await expect(grid(page).getByRole('article')).toHaveCount(6);
  const first = card(page, all[0]!.name);
  await expect(first).toContainText(`ID: ${all[0]!.droneId}`);
  await expect(first).toContainText(all[0]!.currentLocation);
  await expect(first.getByRole('link', { name: 'Cảm biến' })).toHaveAttribute('href', `/drone/sensor/${all[0]!.droneId}`);

  await page.getByRole('button', { name: 'Danh sách' }).click();
  const table = page.getByRole('table', { name: 'Danh sách drone' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(7);
  // The first four drones of the seed have the four statuses.
  const labels = { inactive: 'Không hoạt động', active: 'Hoạt động', flying: 'Đang bay', maintenance: 'Bảo trì' } as Record<string, string>;
  for (const d of all.slice(0, 4)) {
    await expect(table.getByRole('row').filter({ hasText: d.name })).toContainText(labels[d.status]!);
  }
  await page.reload();
  await expect(page.getByRole('button', { name: 'Danh sách' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('table', { name: 'Danh sách drone' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('droneViewMode'))).toContain('list');

  // A phone shows cards in the list view instead of the table.
  await page.setViewportSize({ width: 400, height: 800 });
  await expect(page.getByRole('table', { name: 'Danh sách drone' })).toBeHidden();
  await expect(grid(page).getByRole('listitem')).toHaveCount(6);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Lưới' }).click();
  await page.getByRole('button', { name: 'Trang 2' }).click();
  await expect(page).toHaveURL(/\/drone\?page=1$/);
  await expect(card(page, all[6]!.name)).toBeVisible();
  await expect(page.getByText(`Trang 2 / ${pages} • Tổng: ${all.length} drone`)).toBeVisible();
});

test('create (with rejected attempts), edit and delete a drone', async ({ page, request }) => {
  const before = await drones(request);
  await page.goto(`${studio.url()}/drone`);
  await page.getByRole('button', { name: 'Add Drone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Thêm Drone' });
  // The create defaults (docs/console.md#drone-rules).
  await expect(dialog.getByLabel('Tốc độ (km/h)')).toHaveValue('0');
  await expect(dialog.getByLabel('Mức pin (%)')).toHaveValue('100');
  await expect(dialog.getByLabel('Robot ID')).toHaveValue('1');
  await expect(dialog.getByLabel('Trạng thái')).toHaveValue('inactive');

  // Checked as the user types.
  await dialog.getByLabel('Mức pin (%)').fill('150');
  await expect(dialog.getByText('Mức pin phải từ 0 đến 100')).toBeVisible();
  await dialog.getByLabel('Mức pin (%)').fill('80');
  await expect(dialog.getByText('Mức pin phải từ 0 đến 100')).toBeHidden();
  // Submitting with an empty name names it, and sends nothing.
  await dialog.getByRole('button', { name: 'Tạo drone' }).click();
  await expect(dialog.getByText('Tên drone là bắt buộc')).toBeVisible();
  expect(await drones(request)).toHaveLength(before.length);

  // The server refuses an unknown robot: its error appears beside the field, and nothing typed is lost.
  await dialog.getByLabel('Tên drone').fill('Thử Nghiệm 99');
  await dialog.getByLabel('Vị trí hiện tại').fill('Lô A1 – Lộc Ninh');
  await dialog.getByLabel('Hướng').selectOption('Northeast');
  await dialog.getByLabel('Trạng thái').selectOption('flying');
  await dialog.getByLabel('Tốc độ (km/h)').fill('12.5');
  await dialog.getByLabel('Robot ID').fill('9999');
  await dialog.getByRole('button', { name: 'Tạo drone' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Có lỗi xảy ra khi tạo drone');
  await expect(dialog.getByText('Robot 9999 không tồn tại')).toBeVisible();
  await expect(dialog.getByLabel('Robot ID')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Tên drone')).toHaveValue('Thử Nghiệm 99');
  expect(await drones(request)).toHaveLength(before.length);

  await dialog.getByLabel('Robot ID').fill(String(before[0]!.robotId));
  await dialog.getByRole('button', { name: 'Tạo drone' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'Tạo drone thành công' })).toBeVisible();
  await expect(page.getByTestId('drone-total')).toHaveText(`Tổng số: ${before.length + 1} drone`);
  const created = (await drones(request)).at(-1)!;
  expect(created).toMatchObject({ name: 'Thử Nghiệm 99', direction: 'Northeast', status: 'flying', currentLocation: 'Lô A1 – Lộc Ninh' });

  // The new drone is on the last page, in the grid and in the list.
  const lastPage = Math.ceil((before.length + 1) / 6) - 1;
  await page.goto(`${studio.url()}/drone?page=${lastPage}`);
  await expect(card(page, 'Thử Nghiệm 99')).toContainText('Đang bay');
  await page.getByRole('button', { name: 'Danh sách' }).click();
  await expect(page.getByRole('table', { name: 'Danh sách drone' }).getByRole('row').filter({ hasText: 'Thử Nghiệm 99' })).toContainText('12,5 km/h');
  await page.getByRole('button', { name: 'Lưới' }).click();

  // Edit: the form starts from the drone; a failed save says so; a good one shows.
  await card(page, 'Thử Nghiệm 99').getByRole('button', { name: 'Sửa' }).click();
  const edit = page.getByRole('dialog', { name: 'Sửa Drone' });
  await expect(edit.getByLabel('Tên drone')).toHaveValue('Thử Nghiệm 99');
  await expect(edit.getByLabel('Mức pin (%)')).toHaveValue('80');
  await edit.getByLabel('Tên drone').fill('Thử Nghiệm 99B');
  await edit.getByLabel('Trạng thái').selectOption('maintenance');
  await studio.mock(request).fault({ path: '/vam/drone/update/:id', status: 500, body: { message: 'boom' } });
  await edit.getByRole('button', { name: 'Lưu thay đổi' }).click();
  await expect(edit.getByRole('alert')).toContainText('Có lỗi xảy ra khi cập nhật drone');
  await edit.getByRole('button', { name: 'Lưu thay đổi' }).click();
  await expect(edit).toBeHidden();
  await expect(card(page, 'Thử Nghiệm 99B')).toContainText('Bảo trì');

  // Delete asks first, in an accessible dialog; a failure says so; then it is gone.
  await card(page, 'Thử Nghiệm 99B').getByRole('button', { name: 'Xóa' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Bạn có chắc chắn muốn xóa drone này?');
  await expect(confirm.getByRole('button', { name: 'Hủy' })).toBeFocused();
  await studio.mock(request).fault({ path: '/vam/drone/delete/:id', status: 500 });
  await confirm.getByRole('button', { name: 'Xóa' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Có lỗi xảy ra khi xóa drone' })).toBeVisible();
  await card(page, 'Thử Nghiệm 99B').getByRole('button', { name: 'Xóa' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Xóa' }).click();
  await expect(card(page, 'Thử Nghiệm 99B')).toBeHidden();
  await expect(page.getByTestId('drone-total')).toHaveText(`Tổng số: ${before.length} drone`);
  expect((await drones(request)).some((d) => d.droneId === created.droneId)).toBe(false);
});

test('the add and edit dialogs ask before a stray click outside or Escape drops what was typed', async ({ page, request }) => {
  const all = await drones(request);
  await page.goto(`${studio.url()}/drone`);
  await page.getByRole('button', { name: 'Add Drone' }).click();
  const form = page.getByRole('dialog', { name: 'Thêm Drone' });
  // Nothing typed yet: Escape closes without a question.
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();

  await page.getByRole('button', { name: 'Add Drone' }).click();
  await form.getByLabel('Tên drone').fill('Đang nhập dở');
  const question = page.getByRole('alertdialog', { name: 'Xác nhận' });
  // A click beside the dialog asks, with the focus on keeping what was typed.
  await page.mouse.click(5, 5);
  await expect(question).toContainText('Bỏ những gì đã nhập? Các thay đổi chưa lưu sẽ bị mất.');
  await expect(question.getByRole('button', { name: 'Tiếp tục nhập' })).toBeFocused();
  await question.getByRole('button', { name: 'Tiếp tục nhập' }).click();
  await expect(question).toBeHidden();
  await expect(form.getByLabel('Tên drone')).toHaveValue('Đang nhập dở');
  // Escape asks too; Escape again answers "keep typing", and only the question closes.
  await form.getByLabel('Vị trí hiện tại').fill('Lô C3');
  await page.keyboard.press('Escape');
  await expect(question).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(form.getByLabel('Vị trí hiện tại')).toHaveValue('Lô C3');
  // Confirmed, the form closes and leaves no draft behind.
  await page.keyboard.press('Escape');
  await question.getByRole('button', { name: 'Bỏ thay đổi' }).click();
  await expect(form).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Quản lý Drone' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The edit dialog: its own values are no typing; a change is.
  await card(page, all[0]!.name).getByRole('button', { name: 'Sửa' }).click();
  const edit = page.getByRole('dialog', { name: 'Sửa Drone' });
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await card(page, all[0]!.name).getByRole('button', { name: 'Sửa' }).click();
  await edit.getByLabel('Tốc độ (km/h)').fill('42');
  await edit.getByRole('button', { name: 'Đóng' }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Tiếp tục nhập' }).click();
  await expect(edit.getByLabel('Tốc độ (km/h)')).toHaveValue('42');
  // 'Hủy' is the person's own choice: it closes at once.
  await edit.getByRole('button', { name: 'Hủy' }).click();
  await expect(edit).toBeHidden();
  await expect(question).toBeHidden();
});

test('a failed create names the failure; the empty state offers the first drone', async ({ page, request }) => {
  await page.goto(`${studio.url()}/drone`);
  await page.getByRole('button', { name: 'Add Drone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Thêm Drone' });
  await dialog.getByLabel('Tên drone').fill('Lỗi Mạng');
  await studio.mock(request).fault({ path: '/vam/drone/create', status: 503, body: { message: 'Bảo trì' } });
  await dialog.getByRole('button', { name: 'Tạo drone' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Có lỗi xảy ra khi tạo drone');
  await dialog.getByRole('button', { name: 'Hủy' }).click();

  await studio.mock(request).fault({ path: '/vam/drone/list', status: 200, body: emptyPage(6), count: 5 });
  await page.reload();
  await expect(page.getByText('Chưa có drone nào')).toBeVisible();
  await page.getByRole('button', { name: 'Thêm Drone Đầu Tiên' }).click();
  await expect(page.getByRole('dialog', { name: 'Thêm Drone' })).toBeVisible();
});

test('a failed list is an empty list with the reason; a failed details call says so with a retry, in the card and the details dialog', async ({ page, request }) => {
  const all = await drones(request);
  await studio.mock(request).fault({ path: '/vam/drone/list', status: 500, body: { message: 'Lỗi máy chủ' }, count: 50 });
  await page.goto(`${studio.url()}/drone`);
  await expect(page.getByText('Chưa có drone nào')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Không tải được danh sách drone: Lỗi máy chủ' })).toBeVisible();
  await studio.mock(request).clearFaults();

  // One details call of the page fails: that drone is still listed, with its real name and status from the list,
  // and where its position would be it says the details could not be loaded, with a retry, instead of showing them
  // as unknown; the other five have theirs.
  await studio.mock(request).fault({ path: '/vam/drone/list/details', status: 500, body: { message: 'Lỗi chi tiết' }, count: 1 });
  await page.getByRole('button', { name: 'Thử lại' }).click();
  await expect(grid(page).getByRole('article')).toHaveCount(6);
  const withoutDetails = grid(page).getByRole('article').filter({ hasText: 'Không tải được chi tiết drone: Lỗi chi tiết' });
  await expect(withoutDetails).toHaveCount(1);
  await expect(grid(page).locator('dd', { hasText: /^Chưa xác định$/ })).toHaveCount(0);
  const name = await withoutDetails.getByRole('heading').textContent();
  const drone = all.find((d) => d.name === name)!;
  expect(drone).toBeDefined();
  await expect(withoutDetails).not.toContainText(drone.currentLocation);
  for (const other of all.slice(0, 6).filter((d) => d !== drone)) await expect(card(page, other.name)).toContainText(other.currentLocation);

  // The details dialog says the same, with its own retry, which brings the details into the dialog and the card.
  await card(page, drone.name).getByRole('button', { name: 'Chi tiết', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Chi tiết ${drone.name}` });
  await expect(dialog.getByRole('alert').filter({ hasText: 'Không tải được chi tiết drone: Lỗi chi tiết' })).toBeVisible();
  await expect(dialog).not.toContainText('Chưa xác định');
  await studio.mock(request).fault({ path: '/vam/drone/list/details', status: 503, body: { message: 'Vẫn lỗi' }, count: 1 });
  await dialog.getByRole('button', { name: `Thử lại tải chi tiết ${drone.name}` }).click();
  await expect(dialog.getByRole('alert')).toContainText('Không tải được chi tiết drone: Vẫn lỗi');
  await dialog.getByRole('button', { name: `Thử lại tải chi tiết ${drone.name}` }).click();
  await expect(dialog).toContainText(drone.currentLocation);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(card(page, drone.name)).toContainText(drone.currentLocation);
  await expect(card(page, drone.name)).not.toContainText('Không tải được chi tiết drone');
});

test('details: image and video tabs by drone id, fullscreen, Escape closes, media failure', async ({ page, request }) => {
  const all = await drones(request);
  const second = all[1]!;
  await page.goto(`${studio.url()}/drone`);
  await card(page, second.name).getByRole('button', { name: 'Chi tiết' }).click();
  const dialog = page.getByRole('dialog', { name: `Chi tiết ${second.name}` });
  await expect(dialog.getByRole('img', { name: `Ảnh mẫu của ${second.name}` })).toHaveAttribute('src', '/media/drone-2.svg');
  // The image really loaded.
  await expect.poll(() => dialog.getByRole('img', { name: `Ảnh mẫu của ${second.name}` }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(dialog).toContainText(second.currentLocation);
  await expect(dialog).toContainText(`Sensor control system ID${second.sensorControlSystemId}`);

  await dialog.getByRole('tab', { name: 'Video demo' }).click();
  const video = dialog.locator('video');
  await expect(video).toHaveAttribute('src', '/media/drone-demo-2.webm');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(1);

  await dialog.getByRole('button', { name: 'Toàn màn hình' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid'))).toBe('drone-media');
  // An Escape in fullscreen is the browser's, to leave it (which headless Chromium does not do by itself): the
  // dialog stays open.
  await page.keyboard.press('Escape');
  await page.waitForTimeout(300);
  await expect(dialog).toBeVisible();
  await page.evaluate(() => document.exitFullscreen());
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  // Once out of fullscreen (a moment after it, for the browser's own Escape may reach the page late), Escape is the
  // dialog's again.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden({ timeout: 500 });
  }).toPass();

  // Media that cannot be shown says so.
  await page.route('**/media/**', (route) => route.abort());
  await card(page, all[2]!.name).getByRole('button', { name: 'Chi tiết' }).click();
  await expect(page.getByRole('dialog').getByText('Không thể hiển thị media')).toBeVisible();
  await page.getByRole('dialog').getByRole('tab', { name: 'Video demo' }).click();
  await expect(page.getByRole('dialog').getByText('Không thể hiển thị media')).toBeVisible();
});

test('the sensor-system modal from the grid: its failure text, Retry and Close', async ({ page, request }) => {
  const first = (await drones(request))[0]!;
  await page.goto(`${studio.url()}/drone`);
  await studio.mock(request).fault({ path: '/vam/drone/list/details/scs', status: 500, count: 50 });
  await card(page, first.name).getByRole('button', { name: 'Hệ thống cảm biến' }).click();
  const dialog = page.getByRole('dialog', { name: `Hệ thống cảm biến – ${first.name}` });
  await expect(dialog.getByRole('alert')).toContainText('Không thể tải dữ liệu hệ thống cảm biến');
  await studio.mock(request).clearFaults();
  await dialog.getByRole('button', { name: 'Thử lại' }).click();
  await expect(dialog.getByText(`SCS ID: ${first.sensorControlSystemId}`)).toBeVisible();
  await expect(dialog.getByRole('table').getByRole('row')).toHaveCount(4);
  await dialog.getByRole('button', { name: 'Đóng' }).last().click();
  await expect(dialog).toBeHidden();
});
