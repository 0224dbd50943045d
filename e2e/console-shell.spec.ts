import { controlsNotReachedByTab, expect, test } from './fixtures.js';

const ENTRIES: Array<[string, string]> = [
  ['Country catalogue', '/'],
  ['Field catalogue', '/field'],
  ['Plan catalogue', '/plan'],
  ['Robot catalogue', '/robot'],
  ['Region catalogue', '/region'],
  ['Tapping', '/tapping'],
  ['Task', '/task'],
  ['Drone management', '/drone'],
  ['Sensor system', '/drone/sensor'],
  ['Rubber tree management', '/rubber-tree/1'],
  ['Rubber tree detail', '/rubber-tree-detail/1'],
];

test.describe('the guard', () => {
  test('a signed-out visit to a guarded page lands on /login without showing the page first', async ({ page }) => {
    // Records whether the shell ever reached the DOM, however briefly.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('nav[aria-label="Điều hướng chính"]')) (window as unknown as { flashed: boolean }).flashed = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/region?page=1');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Đăng nhập' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { flashed?: boolean }).flashed ?? false)).toBe(false);
  });
});

test.describe('the shell at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows the permanent sidebar with every entry and the active rules', async ({ page, signedIn }) => {
    expect(signedIn.role).toBe('ADMIN');
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Điều hướng chính' });
    await expect(page.getByText('Plantation Admin', { exact: true })).toBeVisible();
    await expect(page.getByText('Quản trị', { exact: true })).toHaveCount(0);
    const links = nav.getByRole('link');
    await expect(links).toHaveText(ENTRIES.map(([label]) => label));
    for (const [label, path] of ENTRIES) await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', path);
    // The sidebar is 64 units (16 rem) wide and stays in place.
    const box = await page.locator('aside').boundingBox();
    expect(box?.width).toBe(256);

    const active = nav.locator('[aria-current="page"]');
    await expect(active).toHaveText('Country catalogue');
    await nav.getByRole('link', { name: 'Plan catalogue' }).click();
    await expect(page).toHaveURL(/\/plan$/);
    await expect(active).toHaveText('Plan catalogue');

    await page.goto('/region/3');
    await expect(active).toHaveText('Region catalogue');
    await page.goto('/rubber-tree/4');
    await expect(active).toHaveText('Rubber tree management');
    await page.goto('/rubber-tree-detail/2');
    await expect(active).toHaveText('Rubber tree detail');
    await page.goto('/drone/sensor/2');
    await expect(active).toHaveText('Sensor system');
  });

  test('scrolls to the top on a path change', async ({ page, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto('/');
    await expect(page.getByRole('article')).toHaveCount(6);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.getByRole('link', { name: 'Xem khu vực của Viet Nam' }).click();
    await expect(page.getByRole('heading', { name: 'Region Management' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('every sidebar control is reachable with Tab, and Enter follows a link', async ({ page, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'World Countries' })).toBeVisible();
    const reached = new Set<string>();
    for (let i = 0; i < 16; i++) {
      await page.keyboard.press('Tab');
      reached.add(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
    }
    for (const [label] of ENTRIES) expect(reached).toContain(label);
    expect(reached).toContain('Đăng xuất');
    await page.getByRole('link', { name: 'Task', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/task$/);
  });

  test('the router error screen and the sidebar logout', async ({ page, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    await page.goto('/region/not-a-number');
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(page.getByText('Mã quốc gia không hợp lệ: “not-a-number”')).toBeVisible();

    await page.goto('/');
    await page.getByRole('button', { name: 'Đăng xuất' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('role')])).toEqual([null, null]);
    // Signed out for good: a guarded page needs a new sign-in.
    await page.goto('/field');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('keyboard', () => {
  for (const [path, ready] of [
    ['/', 'World Countries'],
    ['/region', 'Region Management'],
    ['/field', 'Dashboard - Field Statistics'],
    ['/plan', 'Dashboard - Plan Statistics'],
    ['/task', 'Dashboard - Task Statistics'],
    ['/tapping', 'Dashboard - Tapping Statistics'],
    ['/robot', 'Robot Management'],
  ] as const) {
    test(`every control of ${path} is reachable by Tab`, async ({ page, signedIn }) => {
      expect(signedIn.token).toBeTruthy();
      await page.goto(path);
      await expect(page.getByRole('heading', { name: ready, level: 1 })).toBeVisible();
      // Wait for the list itself, not only the heading.
      await expect(page.locator('article, tbody tr').first()).toBeVisible();
      expect(await controlsNotReachedByTab(page)).toEqual([]);
    });
  }
});

test.describe('the shell just below 1200 px', () => {
  test.use({ viewport: { width: 1199, height: 800 } });

  test('uses the drawer, not the permanent sidebar', async ({ page, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Mở menu' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Điều hướng chính' })).toHaveCount(0);
    await page.setViewportSize({ width: 1200, height: 800 });
    await expect(page.getByRole('navigation', { name: 'Điều hướng chính' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mở menu' })).toHaveCount(0);
  });
});

test.describe('the shell at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('has a drawer opened from the top bar, closed by its overlay, Escape or an entry', async ({ page, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    await page.goto('/');
    await expect(page.getByText('Quản trị', { exact: true })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Điều hướng chính' });
    await expect(nav).toHaveCount(0);

    const menu = page.getByRole('button', { name: 'Mở menu' });
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('Plantation Admin')).toBeVisible();
    await expect(drawer.getByRole('link')).toHaveCount(ENTRIES.length);
    // Focus moves into the drawer and stays there.
    await expect(drawer.getByRole('link', { name: 'Country catalogue' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(drawer.getByRole('button', { name: 'Đăng xuất' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(drawer.getByRole('link', { name: 'Country catalogue' })).toBeFocused();

    await page.getByTestId('drawer-overlay').click({ position: { x: 340, y: 400 } });
    await expect(drawer).toHaveCount(0);
    await expect(menu).toBeFocused();

    await menu.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);

    await menu.click();
    await drawer.getByRole('link', { name: 'Robot catalogue' }).click();
    await expect(page).toHaveURL(/\/robot$/);
    await expect(drawer).toHaveCount(0);
    await menu.click();
    await expect(drawer.locator('[aria-current="page"]')).toHaveText('Robot catalogue');
  });
});
