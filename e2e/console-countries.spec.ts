import { expect, holdAnswers, privateStudio, test } from './fixtures.js';
import { signIn } from './session.js';
import { emptyPage } from '../contracts/spring-page.js';

const EMPTY_PAGE = emptyPage(6);

test.describe('the country list, loaded', () => {
  test('draws flags with the bundled flags-only font, so they are flags on every platform', async ({ page, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    await page.goto('/');
    const flag = page.getByRole('article').first().getByRole('img', { name: 'Cờ Vietnam' });
    await expect(flag).toHaveText('🇻🇳');
    // The font is fetched only because a flag is on screen, from the console's own origin (no CDN).
    await expect
      .poll(() => page.evaluate(async () => {
        await document.fonts.ready;
        let loaded = false;
        document.fonts.forEach((face) => {
          if (face.family.replace(/"/g, '') === 'Twemoji Country Flags' && face.status === 'loaded') loaded = true;
        });
        return loaded;
      }))
      .toBe(true);
    expect(await flag.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/^"?Twemoji Country Flags/);
  });

  test('shows the header, tiles, cards with reference data, footer and pager text', async ({ page, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    await page.goto('/');
    await expect(page.getByText('Country Dashboard')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'World Countries', level: 1 })).toBeVisible();
    await expect(page.getByText('Total Countries').locator('..')).toContainText('43');
    await expect(page.getByText('Showing', { exact: true }).locator('..')).toContainText('6');
    await expect(page.getByRole('button', { name: 'Refresh Data' })).toBeEnabled();

    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(6);
    const vietnam = cards.first();
    await expect(vietnam.getByRole('heading')).toHaveText('Việt Nam');
    await expect(vietnam).toContainText('Vietnam');
    await expect(vietnam).toContainText('🌏 Asia');
    await expect(vietnam).toContainText('VN / VNM');
    await expect(vietnam).toContainText('Hanoi');
    await expect(vietnam).toContainText('+84');
    await expect(vietnam.getByRole('img', { name: 'Cờ Vietnam' })).toBeVisible();
    await expect(page.getByText('Showing 6 countries on this page')).toBeVisible();
    await expect(page.getByText('Page 1 of 8 • Total: 43 countries')).toBeVisible();

    // Three columns at 1280 px.
    const tops = await cards.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(2);
  });

  test('pages forward and back by button, by number and by URL; the last page has the unmatched country', async ({ page, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    await page.goto('/');
    const pager = page.getByRole('navigation', { name: 'Phân trang quốc gia' });
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(pager.getByRole('button', { name: /^Trang \d+$/ })).toHaveText(['1', '2', '3', '4', '5', '8']);
    await expect(pager.getByRole('button', { name: 'Trang 1' })).toHaveAttribute('aria-current', 'page');
    await expect(pager.getByText('…')).toHaveCount(1);

    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\?page=1$/);
    await expect(page.getByText('Page 2 of 8 • Total: 43 countries')).toBeVisible();
    await expect(page.getByRole('article').first()).toContainText('ID7');

    await pager.getByRole('button', { name: 'Trang 8' }).click();
    await expect(page).toHaveURL(/\?page=7$/);
    const last = page.getByRole('article');
    await expect(last).toHaveCount(1);
    await expect(last).toContainText('Atlantis Plantation Zone');
    await expect(last).toContainText('Country information not available');
    await expect(page.getByText('Showing 1 country on this page')).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(pager.getByRole('button', { name: /^Trang \d+$/ })).toHaveText(['1', '4', '5', '6', '7', '8']);

    await page.goBack();
    await expect(page.getByText('Page 2 of 8 • Total: 43 countries')).toBeVisible();
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/?page=3');
    await expect(page.getByText('Page 4 of 8 • Total: 43 countries')).toBeVisible();
    await expect(pager.getByRole('button', { name: /^Trang \d+$/ })).toHaveText(['1', '2', '3', '4', '5', '6', '8']);
    await page.reload();
    await expect(page.getByText('Page 4 of 8 • Total: 43 countries')).toBeVisible();
  });

  test('refuses a page past the last one', async ({ page, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    await page.goto('/?page=99');
    await expect(page.getByRole('alert')).toContainText('Trang 100 không tồn tại');
    await expect(page.getByRole('alert')).toContainText('Chỉ có 8 trang.');
    await page.getByRole('button', { name: 'Về trang 1' }).click();
    await expect(page.getByText('Page 1 of 8 • Total: 43 countries')).toBeVisible();
  });

  test("'Xem khu vực' opens the country's regions", async ({ page, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    await page.goto('/?page=1');
    await page.getByRole('link', { name: /Xem khu vực/ }).first().click();
    await expect(page).toHaveURL(/\/region\/7$/);
    await expect(page.getByRole('heading', { name: 'Region Management' })).toBeVisible();
  });
});

test.describe('the country pager at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('is compact: a window of 3 and n / total', async ({ page, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    await page.goto('/?page=3');
    const pager = page.getByRole('navigation', { name: 'Phân trang quốc gia' });
    await expect(pager.getByTestId('pager-compact')).toHaveText('4 / 8');
    await expect(page.getByText('Page 4 of 8 • Total: 43 countries')).toHaveCount(0);
    await expect(pager.getByRole('button', { name: /^Trang \d+$/ })).toHaveText(['1', '3', '4', '5', '8']);
    // One column.
    const lefts = await page.getByRole('article').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(1);
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe('the country list, states', () => {
  const studio = privateStudio(['--latency', '1200']);
  // Every call waits on purpose here, and the dropdowns walk every page of countries one call after another.
  test.describe.configure({ timeout: 120_000 });

  test('loading: spinner and six skeleton cards, then Refreshing... on refresh', async ({ page }) => {
    await signIn(page, studio.url());
    // A first visit lets the fresh server compile the screen, so the reload below shows the load itself.
    await page.goto(`${studio.url()}/`);
    await expect(page.getByRole('article')).toHaveCount(6, { timeout: 30_000 });
    const countries = await holdAnswers(page, '**/country/all*');
    await page.reload({ waitUntil: 'commit' });
    await expect(page.getByText('Đang tải danh sách quốc gia')).toBeVisible();
    await expect(page.getByTestId('country-skeleton')).toHaveCount(6);
    await countries.release();
    await expect(page.getByRole('article')).toHaveCount(6);
    await expect(page.getByTestId('country-skeleton')).toHaveCount(0);

    await page.getByRole('button', { name: 'Refresh Data' }).click();
    await expect(page.getByRole('button', { name: 'Refreshing...' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Refresh Data' })).toBeEnabled();
    // The previous page stays while the next one loads.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('article').first()).toContainText('Việt Nam');
    await expect(page.getByRole('article').first()).toContainText('ID7');
  });

  test('error with nothing loaded: the full-screen error, and Try Again recovers', async ({ page, request }) => {
    const mock = studio.mock(request);
    await signIn(page, studio.url());
    // More than the first try and its retry: in development React mounts twice, which can cancel and repeat a call.
    await mock.fault({ path: '/country/all', status: 500, count: 5 });
    await page.goto(`${studio.url()}/`);
    const error = page.getByRole('alert');
    await expect(error.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible({ timeout: 15_000 });
    await expect(error).toContainText('HTTP error! status: 500');
    await expect(error).toContainText('contact support');
    await mock.clearFaults();
    await error.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('article')).toHaveCount(6);
  });

  test('error with a list loaded: the list stays', async ({ page, request }) => {
    const mock = studio.mock(request);
    await signIn(page, studio.url());
    await page.goto(`${studio.url()}/`);
    await expect(page.getByRole('article')).toHaveCount(6, { timeout: 15_000 });
    await mock.fault({ path: '/country/all', status: 503, count: 5 });
    await page.getByRole('button', { name: 'Refresh Data' }).click();
    await expect(page.getByRole('button', { name: 'Refresh Data' })).toBeEnabled({ timeout: 15_000 });
    await expect(page.getByRole('article')).toHaveCount(6);
    await expect(page.getByText('Oops! Something went wrong')).toHaveCount(0);
    await mock.clearFaults();
  });

  test('empty: no country found, with the hint', async ({ page, request }) => {
    const mock = studio.mock(request);
    await signIn(page, studio.url());
    await mock.fault({ path: '/country/all', status: 200, body: EMPTY_PAGE, count: 3 });
    await page.goto(`${studio.url()}/`);
    await expect(page.getByRole('heading', { name: 'Không tìm thấy quốc gia nào' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Hãy thử làm mới dữ liệu hoặc kiểm tra kết nối mạng.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Phân trang quốc gia' })).toHaveCount(0);
    await mock.clearFaults();
  });
});
