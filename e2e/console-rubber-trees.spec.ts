import type { APIRequestContext, Page } from '@playwright/test';
import { expect, privateStudio, test } from './fixtures.js';
import { signIn } from './session.js';

interface Tree {
  treeId: number;
  fieldId: number;
  location: string;
  status?: string;
  productivity?: string;
}
interface Measurement {
  id: number;
  treeId: number;
  checkDate: string;
  topHeight: number;
  crownHeight: number;
  diamEter: number;
  cirumFerence: number;
}

// Deletes change the data, so these tests have a mock of their own.
const studio = privateStudio([]);
test.describe.configure({ mode: 'serial', timeout: 90_000 });

// A fresh server compiles the console on its first visit, which can take long on a busy machine.
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage();
  await signIn(page, studio.url());
  await page.goto(`${studio.url()}/rubber-tree/1`);
  await expect(page.getByRole('heading', { name: 'Quản lý cây cao su' })).toBeVisible({ timeout: 100_000 });
  // The detail page brings the chart library, compiled on its first visit too.
  await page.goto(`${studio.url()}/rubber-tree-detail/1`);
  await expect(page.getByRole('heading', { name: 'Cây cao su #1' })).toBeVisible({ timeout: 100_000 });
  await page.close();
});

async function state(request: APIRequestContext): Promise<{ trees: Tree[]; measurements: Measurement[] }> {
  return (await (await request.get(`${studio.url()}/_mock/state`)).json()) as { trees: Tree[]; measurements: Measurement[] };
}

const cards = (page: Page) => page.getByRole('list', { name: 'Danh sách cây cao su' }).getByRole('article');

test.beforeEach(async ({ page, request }) => {
  await studio.mock(request).reset();
  await signIn(page, studio.url());
});

test('field 1 by default, six trees a page, paging by buttons and by ?page=, colours by compass side', async ({ page, request }) => {
  const { trees } = await state(request);
  const field1 = trees.filter((t) => t.fieldId === 1);
  const pages = Math.ceil(field1.length / 6);
  expect(pages).toBeGreaterThanOrEqual(3);

  await page.goto(`${studio.url()}/rubber-tree`);
  await expect(page).toHaveURL(/\/rubber-tree\/1$/);
  await expect(page.getByRole('heading', { name: 'Quản lý cây cao su' })).toBeVisible();
  await expect(page.getByTestId('tree-list-summary')).toHaveText(`Cánh đồng 1 · Tổng số: ${field1.length} cây · Trang 1 / ${pages}`);
  await expect(cards(page)).toHaveCount(6);
  await expect(cards(page).first()).toContainText(`Cây #${field1[0]!.treeId}`);
  // Status and productivity are the API's values, not fixed texts.
  await expect(cards(page).first()).toContainText(`Trạng thái: ${field1[0]!.status}`);
  await expect(cards(page).first()).toContainText(`Năng suất: ${field1[0]!.productivity}`);
  await expect(page.getByText(`Hiển thị 1 đến 6 của ${field1.length} cây`)).toBeVisible();

  // Direction colours and arrows: one card per side on the first page, and the neutral pin of tree 5.
  const expectedSide = (location: string) => {
    const l = location.toLowerCase();
    for (const [side, en, vi] of [
      ['north', 'north', 'bắc'],
      ['south', 'south', 'nam'],
      ['east', 'east', 'đông'],
      ['west', 'west', 'tây'],
    ] as const) {
      if (l.includes(en) || new RegExp(`(^|[^\\p{L}])${vi}([^\\p{L}]|$)`, 'iu').test(location)) return side;
    }
    return 'none';
  };
  for (const [i, tree] of field1.slice(0, 6).entries()) {
    await expect(cards(page).nth(i)).toHaveAttribute('data-direction', expectedSide(tree.location));
  }
  await expect(cards(page).nth(4)).toHaveAttribute('data-direction', 'none');
  await expect(cards(page).nth(4).getByRole('img', { name: 'Không rõ hướng' })).toBeVisible();
  const colours = await cards(page).evaluateAll((els) => els.map((el) => [el.getAttribute('data-direction'), getComputedStyle(el).borderLeftColor]));
  const bySide = new Map<string, Set<string>>();
  for (const [side, colour] of colours) bySide.set(side!, (bySide.get(side!) ?? new Set()).add(colour!));
  // One colour per side, and different sides differ.
  expect([...bySide.values()].every((c) => c.size === 1)).toBe(true);
  expect(new Set([...bySide.values()].map((c) => [...c][0])).size).toBe(bySide.size);

  await page.getByRole('button', { name: 'Trang 2' }).click();
  await expect(page).toHaveURL(/\/rubber-tree\/1\?page=1$/);
  await expect(cards(page).first()).toContainText(`Cây #${field1[6]!.treeId}`);
  await expect(page.getByText(`Hiển thị 7 đến 12 của ${field1.length} cây`)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\?page=2$/);

  // The page is read from the URL on load.
  await page.goto(`${studio.url()}/rubber-tree/1?page=1`);
  await expect(cards(page).first()).toContainText(`Cây #${field1[6]!.treeId}`);
  await expect(page.getByTestId('tree-list-summary')).toContainText(`Trang 2 / ${pages}`);

  // A page past the last is refused.
  await page.goto(`${studio.url()}/rubber-tree/1?page=${pages + 3}`);
  await expect(page.getByRole('alert')).toContainText(`Trang ${pages + 4} không tồn tại`);
  await page.getByRole('button', { name: 'Về trang 1' }).click();
  await expect(cards(page)).toHaveCount(6);

  // 'Thông tin', 'Sửa' and 'add new tree' are notices.
  await cards(page).first().getByRole('button', { name: 'Thông tin' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Thông tin cây cao su #${field1[0]!.treeId}` })).toBeVisible();
  await page.getByRole('button', { name: 'Thêm cây mới' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'thêm cây cao su mới' })).toBeVisible();
});

test('deleting a tree asks first, says so, and reloads the current page', async ({ page, request }) => {
  const { trees } = await state(request);
  const field1 = trees.filter((t) => t.fieldId === 1);
  await page.goto(`${studio.url()}/rubber-tree/1?page=1`);
  const victim = field1[6]!;
  await expect(cards(page).first()).toContainText(`Cây #${victim.treeId}`);

  // Cancel keeps it.
  await cards(page).first().getByRole('button', { name: 'Xóa' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Bạn có chắc chắn muốn xóa cây cao su này?');
  await dialog.getByRole('button', { name: 'Hủy' }).click();
  await expect(dialog).toBeHidden();
  await expect(cards(page).first()).toContainText(`Cây #${victim.treeId}`);

  await cards(page).first().getByRole('button', { name: 'Xóa' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Xóa' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Xóa cây cao su thành công!' })).toBeVisible();
  // Same page, now starting with the next tree; the total went down by one.
  await expect(page).toHaveURL(/\?page=1$/);
  await expect(cards(page).first()).toContainText(`Cây #${field1[7]!.treeId}`);
  await expect(page.getByTestId('tree-list-summary')).toContainText(`Tổng số: ${field1.length - 1} cây`);
  expect((await state(request)).trees.some((t) => t.treeId === victim.treeId)).toBe(false);

  // A failed delete says so and keeps the tree.
  await studio.mock(request).fault({ path: '/vam/rubber-tree/delete/:id', status: 500 });
  await cards(page).first().getByRole('button', { name: 'Xóa' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Xóa' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Có lỗi xảy ra khi xóa cây cao su' })).toBeVisible();
  await expect(cards(page).first()).toContainText(`Cây #${field1[7]!.treeId}`);
});

test('a failed load shows the full-page error with Thử lại; an empty field says so', async ({ page, request }) => {
  await studio.mock(request).fault({ path: '/vam/rubber-tree/tree-field', status: 503, body: { message: 'Máy chủ bảo trì' }, count: 50 });
  await page.goto(`${studio.url()}/rubber-tree/1`);
  await expect(page.getByRole('alert')).toContainText('Máy chủ bảo trì');
  await expect(page.getByTestId('tree-skeleton')).toHaveCount(0);
  await studio.mock(request).clearFaults();
  await page.getByRole('button', { name: 'Thử lại' }).click();
  await expect(cards(page)).toHaveCount(6);

  await page.goto(`${studio.url()}/rubber-tree/9999`);
  await expect(page.getByText('Không tìm thấy cây cao su')).toBeVisible();
  await expect(page.getByText('Chưa có cây cao su nào trong khu vực này')).toBeVisible();
});

test("the detail page: growth block, newest card, history by date, chart, and the tree's real header", async ({ page, request }) => {
  const { trees, measurements } = await state(request);
  const tree1 = trees.find((t) => t.treeId === 1)!;
  const history = measurements.filter((m) => m.treeId === 1).sort((a, b) => Date.parse(b.checkDate) - Date.parse(a.checkDate));
  const [latest, previous] = history;

  await page.goto(`${studio.url()}/rubber-tree/1`);
  await cards(page).first().getByRole('link', { name: 'Xem đo đạc' }).click();
  await expect(page).toHaveURL(/\/rubber-tree-detail\/1$/);
  await expect(page.getByRole('heading', { name: 'Cây cao su #1' })).toBeVisible();
  await expect(page.getByTestId('tree-detail-summary')).toHaveText(`Vị trí: ${tree1.location} · Cánh đồng: 1 · Số lần đo: ${history.length}`);

  // Tree 1's newest month: the top grew by more than 0.1 m (up, green); the rest within 0.1 (steady, grey).
  const top = page.getByTestId('growth-topHeight');
  const diff = Math.round((latest!.topHeight - previous!.topHeight) * 100) / 100;
  await expect(top).toHaveAttribute('data-trend', 'up');
  // vi-VN decimals, as every screen writes numbers.
  const vi = (value: number, decimals: number) => value.toLocaleString('vi-VN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  await expect(top.getByTestId('growth-latest')).toHaveText(`${vi(latest!.topHeight, 2)} m`);
  const percent = vi((diff / previous!.topHeight) * 100, 1);
  await expect(top.getByTestId('growth-change')).toHaveText(`↑+${vi(diff, 2)} m(+${percent}%)`);
  // green-700: white-background text at 4.5:1 or more (WCAG AA).
  await expect(top.getByTestId('growth-change')).toHaveCSS('color', 'oklch(0.527 0.154 150.069)');
  const crown = page.getByTestId('growth-crownHeight');
  await expect(crown).toHaveAttribute('data-trend', 'steady');
  await expect(crown.getByTestId('growth-change')).toHaveCSS('color', 'oklch(0.554 0.046 257.417)');
  await expect(page.getByTestId('growth-cirumFerence').getByTestId('growth-latest')).toHaveText(`${vi(latest!.cirumFerence, 2)} cm`);

  // Newest first, then the history, all by checkDate descending.
  const newest = page.getByRole('article', { name: `Lần đo #${latest!.id}` });
  await expect(newest).toContainText('Mới nhất');
  const historyCards = page.getByRole('list', { name: 'Lịch sử đo đạc' }).getByRole('article');
  await expect(historyCards).toHaveCount(history.length - 1);
  expect(await historyCards.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))).toEqual(
    history.slice(1).map((m) => `Lần đo #${m.id}`),
  );

  // The chart draws one line per metric, with an accessible description.
  await expect(page.getByRole('group', { name: 'Biểu đồ tăng trưởng' })).toBeVisible();
  await expect(page.getByTestId('growth-chart').locator('.recharts-line')).toHaveCount(4);
  await expect(page.getByTestId('growth-chart-description')).toContainText(`${history.length} lần đo`);

  // Back to the tree's field.
  await page.getByRole('link', { name: '← Quay lại danh sách cây' }).click();
  await expect(page).toHaveURL(/\/rubber-tree\/1$/);
});

test("a tree whose trend goes down shows red; opened directly, the header still has the tree's field and location", async ({ page, request }) => {
  const { measurements, trees } = await state(request);
  // Tree 2's own history as the API answers it (newest first, with its field and location), its crown pruned in the
  // newest month: whichever month the seed prunes it in, this test always sees a fall.
  const tree = trees.find((t) => t.treeId === 2)!;
  const history = measurements
    .filter((m) => m.treeId === tree.treeId)
    .sort((a, b) => Date.parse(b.checkDate) - Date.parse(a.checkDate))
    .map((m) => ({ ...m, fieldId: tree.fieldId, location: tree.location }));
  expect(history.length).toBeGreaterThan(1);
  history[0] = { ...history[0]!, crownHeight: Math.round((history[1]!.crownHeight - 0.6) * 100) / 100 };
  await studio.mock(request).fault({ path: '/vam/rubber-tree/tree-details', status: 200, body: history, count: 20 });
  await page.goto(`${studio.url()}/rubber-tree-detail/${tree.treeId}`);
  const crown = page.getByTestId('growth-crownHeight');
  await expect(crown).toHaveAttribute('data-trend', 'down');
  // red-700, for the same contrast.
  await expect(crown.getByTestId('growth-change')).toHaveCSS('color', 'oklch(0.505 0.213 27.518)');
  await expect(crown.getByRole('img', { name: 'Giảm' })).toBeVisible();
  await expect(page.getByTestId('tree-detail-summary')).toContainText(`Vị trí: ${tree.location} · Cánh đồng: ${tree.fieldId}`);
  await studio.mock(request).clearFaults();
});

test('empty measurement history and a failed load', async ({ page, request }) => {
  await studio.mock(request).fault({ path: '/vam/rubber-tree/tree-details', status: 200, body: [] });
  await page.goto(`${studio.url()}/rubber-tree-detail`);
  await expect(page).toHaveURL(/\/rubber-tree-detail\/1$/);
  await expect(page.getByText('Chưa có dữ liệu đo đạc')).toBeVisible();
  await expect(page.getByTestId('growth-chart')).toHaveCount(0);

  await page.goto(`${studio.url()}/rubber-tree-detail/99999`);
  await expect(page.getByRole('alert')).toContainText('Rubber tree 99999');
  await expect(page.getByRole('button', { name: 'Thử lại' })).toBeVisible();
});

test('six skeleton cards while a page loads', async ({ page }) => {
  // Hold the answer back so the loading state can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/vam/rubber-tree/tree-field?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${studio.url()}/rubber-tree/1`);
  await expect(page.getByRole('status', { name: 'Đang tải danh sách cây cao su' })).toBeVisible();
  await expect(page.getByTestId('tree-skeleton')).toHaveCount(6);
  release();
  await expect(cards(page)).toHaveCount(6);
  await expect(page.getByTestId('tree-skeleton')).toHaveCount(0);
});
