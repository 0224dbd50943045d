import type { APIRequestContext } from '@playwright/test';
import { expect, holdAnswers, privateStudio, test } from './fixtures.js';
import { signIn } from './session.js';
import { emptyPage } from '../contracts/spring-page.js';

interface MockState {
  countries: Array<{ countryId: number; countryName: string }>;
  regions: Array<{ regionId: number; regionName: string; countryId: number }>;
  fields: Array<{ fieldId: number; fieldName: string; area: number; regionId: number }>;
  plans: Array<{ planId: number; fieldId: number; planTitle: string | null; planDescription: string | null; startDate: string }>;
  tasks: Array<{ taskId: number; robotId: number; planId: number; actionDetail: string }>;
  tappings: Array<Record<string, string | number | null> & { id: number }>;
}

async function mockState(request: APIRequestContext, baseURL: string): Promise<MockState> {
  return (await (await request.get(`${baseURL}/_mock/state`)).json()) as MockState;
}

const area = (hectares: number) => `${hectares.toLocaleString('vi-VN', { maximumFractionDigits: 2 })} ha`;

test.describe('field statistics', () => {
  test('fields of the first country, paged; a region narrows them; a new country resets the region', async ({ page, request, baseURL, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    const state = await mockState(request, baseURL!);
    const vnRegions = state.regions.filter((r) => r.countryId === 1);
    const vnFields = state.fields.filter((f) => vnRegions.some((r) => r.regionId === f.regionId));

    await page.goto('/field');
    await expect(page.getByRole('heading', { name: 'Dashboard - Field Statistics' })).toBeVisible();
    await expect(page.getByLabel('Quốc gia')).toHaveValue('1');
    await expect(page.getByLabel('Khu vực')).toHaveValue('');
    await expect(page.getByLabel('Khu vực').locator('option')).toHaveText(['Tất cả khu vực', ...vnRegions.map((r) => r.regionName)]);
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(6);
    const first = vnFields[0]!;
    await expect(cards.first()).toContainText(first.fieldName);
    await expect(cards.first()).toContainText(area(first.area));
    await expect(cards.first()).toContainText(`Field ID${first.fieldId}`);
    await expect(page.getByText(`Tổng số cánh đồng: 6/${vnFields.length}`)).toBeVisible();

    const pager = page.getByRole('navigation', { name: 'Phân trang cánh đồng' });
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=1/);
    await expect(page.getByText(`Tổng số cánh đồng: 12/${vnFields.length}`)).toBeVisible();
    await expect(cards.first()).toContainText(vnFields[6]!.fieldName);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText(`Tổng số cánh đồng: 6/${vnFields.length}`)).toBeVisible();

    const region = vnRegions[0]!;
    const regionFields = state.fields.filter((f) => f.regionId === region.regionId);
    await pager.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Khu vực').selectOption(String(region.regionId));
    // Choosing a region starts again from the first page.
    await expect(page).toHaveURL(new RegExp(`regionId=${region.regionId}`));
    await expect(page).not.toHaveURL(/page=/);
    await expect(page.getByText(`Tổng số cánh đồng: ${Math.min(6, regionFields.length)}/${regionFields.length}`)).toBeVisible();

    await page.goto(`/field?countryId=1&regionId=${region.regionId}&page=1`);
    await expect(page.getByText(`Tổng số cánh đồng: ${regionFields.length}/${regionFields.length}`)).toBeVisible();

    const other = state.countries[1]!;
    await page.getByLabel('Quốc gia').selectOption(String(other.countryId));
    await expect(page).toHaveURL(new RegExp(`countryId=${other.countryId}$`));
    await expect(page.getByLabel('Khu vực')).toHaveValue('');
    await expect(page.getByLabel('Khu vực').locator('option')).toHaveText([
      'Tất cả khu vực',
      ...state.regions.filter((r) => r.countryId === other.countryId).map((r) => r.regionName),
    ]);
  });

  test('a region without fields shows the empty text', async ({ page, request, baseURL, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    const state = await mockState(request, baseURL!);
    const empty = state.regions.find((r) => !state.fields.some((f) => f.regionId === r.regionId))!;
    await page.goto(`/field?countryId=${empty.countryId}&regionId=${empty.regionId}`);
    await expect(page.getByLabel('Khu vực')).toHaveValue(String(empty.regionId));
    await expect(page.getByText('Không có dữ liệu cho khu vực này.')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
  });
});

test.describe('plan statistics', () => {
  test('cascades country, region and field; opens Plan Details with fallbacks; pages', async ({ page, request, baseURL, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    const state = await mockState(request, baseURL!);
    const region = state.regions.find((r) => r.countryId === 1)!;
    const field = state.fields.find((f) => f.regionId === region.regionId)!;
    const plans = state.plans.filter((p) => p.fieldId === field.fieldId);

    await page.goto('/plan');
    await expect(page.getByRole('heading', { name: 'Dashboard - Plan Statistics' })).toBeVisible();
    await expect(page.getByLabel('Khu vực')).toHaveValue(String(region.regionId));
    await expect(page.getByLabel('Cánh đồng')).toHaveValue(String(field.fieldId));
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(Math.min(6, plans.length));
    await expect(cards.first()).toContainText(`Plan #${plans[0]!.planId}`);
    await expect(cards.first()).toContainText(`Field ID${field.fieldId}`);
    await expect(page.getByText(`Tổng số kế hoạch: ${Math.min(6, plans.length)}/${plans.length}`)).toBeVisible();

    const plan = plans[0]!;
    await cards.first().click();
    const dialog = page.getByRole('dialog', { name: 'Plan Details' });
    await expect(dialog).toContainText(`Plan ID${plan.planId}`);
    // The seed may leave the first plan without a title or a description: then the fallbacks show.
    await expect(dialog).toContainText(`Plan Title${plan.planTitle ?? 'No title provided'}`);
    await expect(dialog).toContainText(`Plan Description${plan.planDescription ?? 'No description available'}`);
    await expect(dialog).toContainText(`Start Date${new Date(plan.startDate).toLocaleString('vi-VN')}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Plan #${plan.planId}`, exact: true })).toBeFocused();

    const untitled = plans.find((p) => !p.planTitle);
    if (untitled) {
      await page.goto(`/plan?plan=${untitled.planId}`);
      await expect(dialog).toContainText('No title provided');
      if (!untitled.planDescription) await expect(dialog).toContainText('No description available');
      await dialog.getByRole('button', { name: 'Đóng' }).last().click();
      await expect(dialog).toHaveCount(0);
    }

    if (plans.length > 6) {
      const pager = page.getByRole('navigation', { name: 'Phân trang kế hoạch' });
      await pager.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText(`Tổng số kế hoạch: ${plans.length}/${plans.length}`)).toBeVisible();
      await pager.getByRole('button', { name: 'Previous' }).click();
      await expect(page.getByText(`Tổng số kế hoạch: 6/${plans.length}`)).toBeVisible();
      await page.goto('/plan?page=1');
      await expect(page.getByText(`Tổng số kế hoạch: ${plans.length}/${plans.length}`)).toBeVisible();
    }

    // Choosing a region resets the field to that region's first.
    const region2 = state.regions.filter((r) => r.countryId === 1)[1]!;
    await page.getByLabel('Khu vực').selectOption(String(region2.regionId));
    await expect(page).not.toHaveURL(/fieldId=/);
    const firstOf2 = state.fields.find((f) => f.regionId === region2.regionId)!;
    await expect(page.getByLabel('Cánh đồng')).toHaveValue(String(firstOf2.fieldId));
  });

  test('a field without plans shows the empty text', async ({ page, request, baseURL, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    const state = await mockState(request, baseURL!);
    const field = state.fields.find((f) => !state.plans.some((p) => p.fieldId === f.fieldId))!;
    const region = state.regions.find((r) => r.regionId === field.regionId)!;
    await page.goto(`/plan?countryId=${region.countryId}&regionId=${region.regionId}&fieldId=${field.fieldId}`);
    await expect(page.getByLabel('Cánh đồng')).toHaveValue(String(field.fieldId));
    await expect(page.getByText('Không có dữ liệu.')).toBeVisible();
  });
});

test.describe('task statistics', () => {
  test('all tasks paged; filter by robot and plan; Search disabled rules; Delete Filter', async ({ page, request, baseURL, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    const { tasks } = await mockState(request, baseURL!);
    const pages = Math.ceil(tasks.length / 6);
    await page.goto('/task');
    await expect(page.getByRole('heading', { name: 'Dashboard - Task Statistics' })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(6);
    const t = tasks[0]!;
    await expect(cards.first()).toContainText(`Task #${t.taskId}`);
    await expect(cards.first()).toContainText(`Robot ID${t.robotId}`);
    await expect(cards.first()).toContainText(`Plan ID${t.planId}`);
    await expect(cards.first()).toContainText(t.actionDetail);
    const pager = page.getByRole('navigation', { name: 'Phân trang nhiệm vụ' });
    await expect(pager).toContainText(`Trang: 1 / ${pages}`);
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager).toContainText(`Trang: 2 / ${pages}`);
    await page.goto(`/task?page=${pages - 1}`);
    await expect(pager).toContainText(`Trang: ${pages} / ${pages}`);
    await expect(cards).toHaveCount(tasks.length - (pages - 1) * 6);

    const search = page.getByRole('button', { name: 'Search' });
    await expect(search).toBeEnabled();
    await page.getByLabel('Sort by').selectOption('robot');
    const input = page.getByRole('spinbutton', { name: 'Robot ID' });
    await expect(input).toBeVisible();
    await expect(search).toBeDisabled();
    await input.fill('1');
    await expect(search).toBeEnabled();
    await search.click();
    const ofRobot = tasks.filter((x) => x.robotId === 1);
    await expect(page).toHaveURL(/by=robot&id=1$/);
    await expect(pager).toContainText(`Trang: 1 / ${Math.ceil(ofRobot.length / 6)}`);
    for (const text of await cards.allTextContents()) expect(text).toContain('Robot ID1');

    await page.getByLabel('Sort by').selectOption('plan');
    await page.getByRole('spinbutton', { name: 'Plan ID' }).fill('1');
    await search.click();
    const ofPlan = tasks.filter((x) => x.planId === 1);
    await expect(cards).toHaveCount(Math.min(6, ofPlan.length));
    await expect(page.getByText(`Tổng số nhiệm vụ: ${Math.min(6, ofPlan.length)}/${ofPlan.length}`)).toBeVisible();

    await page.getByRole('button', { name: 'Delete Filter' }).click();
    await expect(page.getByLabel('Sort by')).toHaveValue('all');
    await expect(page).toHaveURL(/\/task$/);
    await expect(pager).toContainText(`Trang: 1 / ${pages}`);

    await page.getByLabel('Sort by').selectOption('robot');
    await page.getByRole('spinbutton', { name: 'Robot ID' }).fill('99999');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Không có dữ liệu.')).toBeVisible();
    // Back restores the previous filter and the form with it.
    await page.goBack();
    await expect(page.getByLabel('Sort by')).toHaveValue('all');
    await expect(cards).toHaveCount(6);
  });
});

test.describe('tapping statistics', () => {
  test('cards, paging, and the details dialog with every field and unit', async ({ page, request, baseURL, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    const { tappings } = await mockState(request, baseURL!);
    await page.goto('/tapping');
    await expect(page.getByRole('heading', { name: 'Dashboard - Tapping Statistics' })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(6);
    const t = tappings[0]!;
    await expect(cards.first()).toContainText(`Tapping #${t.id}`);
    await expect(cards.first()).toContainText(`Robot ID${t.robotId}`);
    await expect(cards.first()).toContainText(`Tree ID${t.treeId}`);
    await expect(cards.first()).toContainText(`Hướng${t.direction}`);
    await expect(page.getByText(`Tổng số lần cạo: 6/${tappings.length}`)).toBeVisible();

    await page.getByRole('button', { name: `Tapping #${t.id}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Chi tiết Tapping #${t.id}` });
    const vi = (n: unknown) => (n as number).toLocaleString('vi-VN');
    for (const [label, value] of [
      ['Robot ID', String(t.robotId)],
      ['Tree ID', String(t.treeId)],
      ['Tốc độ', `${vi(t.speed)} km/h`],
      ['Sản lượng', `${vi(t.quantity)} lít`],
      ['Trạng thái', String(t.tappingStatus)],
      ['Góc cắt', `${vi(t.angle)} độ`],
      ['Độ sâu', `${vi(t.depth)} cm`],
      ['Tình trạng lưỡi dao', String(t.bladeStatus)],
      ['Hướng gió', String(t.windDirection)],
      ['Tốc độ gió', `${vi(t.windSpeed)} km/h`],
      ['Nhiệt độ', `${vi(t.temperature)} °C`],
      ['Lượng mưa', `${vi(t.rainfall)} mm`],
      ['Thời gian cạo', new Date(String(t.time)).toLocaleString('vi-VN')],
    ]) {
      await expect(dialog).toContainText(`${label}${value}`);
    }
    await page.keyboard.press('Shift+Tab');
    // The last control: the footer's close button (the title bar's × is the first).
    await expect(dialog.getByRole('button', { name: 'Đóng' }).last()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    const sparse = tappings.find((x) => x.temperature === null);
    if (sparse) {
      await page.goto(`/tapping?tapping=${sparse.id}`);
      await expect(page.getByRole('dialog', { name: `Chi tiết Tapping #${sparse.id}` })).toContainText('Nhiệt độChưa xác định');
      await page.keyboard.press('Escape');
    }

    const pager = page.getByRole('navigation', { name: 'Phân trang tapping' });
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`Tổng số lần cạo: 12/${tappings.length}`)).toBeVisible();
    await expect(cards.first()).toContainText(`Tapping #${tappings[6]!.id}`);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText(`Tổng số lần cạo: 6/${tappings.length}`)).toBeVisible();
    const pages = Math.ceil(tappings.length / 6);
    await page.goto(`/tapping?page=${pages - 1}`);
    await expect(page.getByText(`Tổng số lần cạo: ${tappings.length}/${tappings.length}`)).toBeVisible();
    await expect(pager.getByRole('button', { name: `Trang ${pages}` })).toHaveAttribute('aria-current', 'page');
    await page.goto(`/tapping?page=${pages + 5}`);
    await expect(page.getByRole('alert')).toContainText(`Trang ${pages + 6} không tồn tại`);
  });
});

test.describe('dashboards, states', () => {
  const studio = privateStudio(['--latency', '600']);
  // Every call waits on purpose here, and the dropdowns walk every page of countries one call after another.
  test.describe.configure({ timeout: 120_000 });
  const emptyWrapped = { data: emptyPage(6) };

  test('loading shows the spinner of each dashboard', async ({ page }) => {
    await signIn(page, studio.url());
    // A first visit of each lets the fresh server compile it, so the second shows the load itself.
    for (const path of ['/tapping', '/task', '/field', '/plan']) {
      await page.goto(`${studio.url()}${path}`);
      await expect(page.getByRole('article').first()).toBeVisible({ timeout: 30_000 });
    }
    for (const [path, list, label] of [
      ['/tapping', '**/vam/tapping/getlist*', 'Đang tải danh sách tapping'],
      ['/task', '**/vam/task/all*', 'Đang tải danh sách nhiệm vụ'],
      ['/field', '**/vam/field/**', 'Đang tải danh sách cánh đồng'],
      ['/plan', '**/vam/plan/plan-field*', 'Đang tải danh sách kế hoạch'],
    ] as const) {
      const answers = await holdAnswers(page, list);
      await page.goto(`${studio.url()}${path}`, { waitUntil: 'commit' });
      await expect(page.getByText(label)).toBeVisible({ timeout: 15_000 });
      await answers.release();
      await expect(page.getByRole('article').first()).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText(label)).toHaveCount(0);
    }
  });

  test('a failed load shows the empty-data message, and retry recovers', async ({ page, request }) => {
    const mock = studio.mock(request);
    await signIn(page, studio.url());
    for (const [path, route, text] of [
      ['/tapping', '/vam/tapping/getlist', 'Không có dữ liệu.'],
      ['/task', '/vam/task/all', 'Không có dữ liệu.'],
      ['/field', '/vam/field/country', 'Không có dữ liệu cho khu vực này.'],
      ['/plan', '/vam/plan/plan-field', 'Không có dữ liệu.'],
    ] as const) {
      await mock.fault({ path: route, status: 500, count: 6 });
      await page.goto(`${studio.url()}${path}`);
      // The plan screen first walks countries, regions and fields, each call slowed down.
      await expect(page.getByText(text)).toBeVisible({ timeout: 30_000 });
      await mock.clearFaults();
      await page.getByRole('button', { name: 'Thử lại' }).click();
      await expect(page.getByRole('article').first()).toBeVisible({ timeout: 15_000 });
    }
  });

  test('an empty tapping list shows its empty text', async ({ page, request }) => {
    const mock = studio.mock(request);
    await signIn(page, studio.url());
    await mock.fault({ path: '/vam/tapping/getlist', status: 200, body: emptyWrapped, count: 3 });
    await page.goto(`${studio.url()}/tapping`);
    await expect(page.getByText('Không có dữ liệu.')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Thử lại' })).toHaveCount(0);
    await mock.clearFaults();
  });
});
