import type { APIRequestContext } from '@playwright/test';
import { expect, privateStudio, test } from './fixtures.js';
import { signIn } from './session.js';

interface State {
  drones: Array<{ droneId: number; name: string; status: string; sensorControlSystemId: number }>;
  sensorSystems: Array<{
    scsId: number;
    lidarId: number;
    lidarModel: string;
    cameraId: number;
    cameraModel: string;
    radarId: number;
    radarModel: string;
    lidarStatus?: string;
  }>;
}

// Faults are armed on the mock, so these tests have one of their own.
const studio = privateStudio([]);
test.describe.configure({ mode: 'serial', timeout: 90_000 });

// A fresh server compiles the console on its first visit, which can take long on a busy machine.
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage();
  await signIn(page, studio.url());
  await page.goto(`${studio.url()}/drone/sensor`);
  await expect(page.getByRole('heading', { name: 'Hệ thống cảm biến' })).toBeVisible({ timeout: 100_000 });
  await page.goto(`${studio.url()}/drone/sensor/1`);
  await expect(page.getByRole('heading', { name: 'Cảm biến của drone #1' })).toBeVisible({ timeout: 100_000 });
  await page.close();
});

async function state(request: APIRequestContext): Promise<State> {
  return (await (await request.get(`${studio.url()}/_mock/state`)).json()) as State;
}

test.beforeEach(async ({ page, request }) => {
  await studio.mock(request).reset();
  await signIn(page, studio.url());
});

test('the overview counts every drone, its active ones and three sensors each, 9 cards a page', async ({ page, request }) => {
  const { drones } = await state(request);
  const active = drones.filter((d) => d.status === 'active' || d.status === 'flying').length;
  await page.goto(`${studio.url()}/drone/sensor`);
  await expect(page.getByRole('heading', { name: 'Hệ thống cảm biến' })).toBeVisible();
  await expect(page.getByTestId('total-drones')).toContainText(String(drones.length));
  await expect(page.getByTestId('active-drones')).toContainText(String(active));
  await expect(page.getByTestId('total-sensors')).toContainText(String(drones.length * 3));
  const cards = page.getByRole('list', { name: 'Hệ thống cảm biến theo drone' }).getByRole('link');
  await expect(cards).toHaveCount(9);
  await page.getByRole('button', { name: 'Trang 2' }).click();
  await expect(page).toHaveURL(/\/drone\/sensor\?page=1$/);
  await expect(cards).toHaveCount(Math.min(9, drones.length - 9));
  await cards.first().click();
  await expect(page).toHaveURL(new RegExp(`/drone/sensor/${drones[9]!.droneId}$`));
});

test('the detail page: SCS panel, sensors with their buttons, the details table, back to /drone', async ({ page, request }) => {
  const { drones, sensorSystems } = await state(request);
  const drone = drones[0]!;
  const scs = sensorSystems.find((s) => s.scsId === drone.sensorControlSystemId)!;
  await page.goto(`${studio.url()}/drone/sensor/${drone.droneId}`);
  const panel = page.getByRole('region', { name: 'Sensor Control System' });
  await expect(panel).toContainText(`SCS ID${scs.scsId}`);
  await expect(panel).toContainText(`#${scs.lidarId} · ${scs.lidarModel}`);
  await expect(panel).toContainText(`#${scs.cameraId} · ${scs.cameraModel}`);
  await expect(panel).toContainText(`#${scs.radarId} · ${scs.radarModel}`);

  const lidar = page.getByRole('article', { name: `LiDAR ${scs.lidarModel}` });
  await lidar.getByRole('button', { name: 'Configure' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Cấu hình cảm biến: LiDAR ${scs.lidarModel} (ID: ${scs.lidarId})` })).toBeVisible();
  await page.getByRole('article', { name: `Radar ${scs.radarModel}` }).getByRole('button', { name: 'Test' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Kiểm tra cảm biến: Radar ${scs.radarModel} (ID: ${scs.radarId})` })).toBeVisible();
  await page.getByRole('article', { name: `Camera ${scs.cameraModel}` }).getByRole('button', { name: 'Maintenance' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Bảo trì cảm biến: Camera ${scs.cameraModel} (ID: ${scs.cameraId})` })).toBeVisible();

  const table = page.getByRole('table', { name: 'Chi tiết cảm biến' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row').nth(1)).toContainText(`LiDAR${scs.lidarId}${scs.lidarModel}`);

  await page.getByRole('link', { name: '← Quay lại quản lý drone' }).click();
  await expect(page).toHaveURL(/\/drone$/);
});

test("a failed load shows 'Lỗi tải dữ liệu' with retry and back, and no sensors", async ({ page, request }) => {
  const { drones } = await state(request);
  await studio.mock(request).fault({ path: '/vam/drone/list/details/scs', status: 500, count: 50 });
  await page.goto(`${studio.url()}/drone/sensor/${drones[0]!.droneId}`);
  const alert = page.getByRole('alert').filter({ hasText: 'Lỗi tải dữ liệu' });
  await expect(alert).toContainText('Không thể tải dữ liệu hệ thống cảm biến');
  await expect(page.getByRole('table', { name: 'Chi tiết cảm biến' })).toHaveCount(0);
  await studio.mock(request).clearFaults();
  await alert.getByRole('button', { name: 'Thử lại' }).click();
  await expect(page.getByRole('table', { name: 'Chi tiết cảm biến' }).getByRole('row')).toHaveCount(4);

  await studio.mock(request).fault({ path: '/vam/drone/list/details/scs', status: 500, count: 50 });
  await page.goto(`${studio.url()}/drone/sensor/${drones[1]!.droneId}`);
  await page.getByRole('alert').filter({ hasText: 'Lỗi tải dữ liệu' }).getByRole('link', { name: 'Quay lại' }).click();
  await expect(page).toHaveURL(/\/drone$/);

  // An unknown drone is a 404 from the API: the same error state.
  await studio.mock(request).clearFaults();
  await page.goto(`${studio.url()}/drone/sensor/99999`);
  await expect(page.getByRole('alert').filter({ hasText: 'Lỗi tải dữ liệu' })).toContainText('Drone 99999');
});
