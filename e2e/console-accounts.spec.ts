import { expect, privateStudio, test } from './fixtures.js';
import { DEMO_CREDENTIALS, login, signIn, setStoredSession } from './session.js';

async function fillCredentials(page: import('@playwright/test').Page, username: string, password: string) {
  await page.getByPlaceholder('Nhập tên đăng nhập').fill(username);
  await page.getByPlaceholder('Nhập mật khẩu').fill(password);
}

test.describe('sign-in', () => {
  test('both fields are required, with inline messages and no call', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => request.url().includes('/api/account/') && calls.push(request.url()));
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Đăng nhập', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(page.getByText('Tên đăng nhập là bắt buộc')).toBeVisible();
    await expect(page.getByText('Mật khẩu là bắt buộc')).toBeVisible();
    await expect(page.getByPlaceholder('Nhập tên đăng nhập')).toBeFocused();
    await expect(page.getByPlaceholder('Nhập tên đăng nhập')).toHaveAttribute('aria-invalid', 'true');
    // The messages follow the typing once shown.
    await page.getByPlaceholder('Nhập tên đăng nhập').fill('demo');
    await expect(page.getByText('Tên đăng nhập là bắt buộc')).toHaveCount(0);
    await expect(page.getByText('Mật khẩu là bắt buộc')).toBeVisible();
    expect(calls).toEqual([]);
  });

  test('a wrong password says so in a notice and keeps what was typed', async ({ page }) => {
    await page.goto('/login');
    await fillCredentials(page, 'demo', 'wrong-password');
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Đăng nhập thất bại!' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByPlaceholder('Nhập tên đăng nhập')).toHaveValue('demo');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // Notices can be dismissed.
    await page.getByRole('button', { name: 'Đóng thông báo' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Đăng nhập thất bại!' })).toHaveCount(0);
  });

  test('success stores the session, goes to / and replaces the sign-in page in history', async ({ page }) => {
    await page.goto('/login');
    await fillCredentials(page, DEMO_CREDENTIALS.username, DEMO_CREDENTIALS.password);
    await page.keyboard.press('Enter');
    const notice = page.getByRole('alert').filter({ hasText: 'Đăng nhập thành công!' });
    await expect(notice).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'World Countries' })).toBeVisible();
    // Notices hide by themselves.
    await expect(notice).toHaveCount(0, { timeout: 8000 });
    const stored = await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('role')]);
    expect(stored[0]).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored[1]).toBe('ADMIN');
    await page.goBack();
    await expect(page).not.toHaveURL(/\/login$/);
  });

  test('the form is usable with the keyboard alone', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Đăng nhập' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByPlaceholder('Nhập tên đăng nhập')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByPlaceholder('Nhập mật khẩu')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Đăng nhập' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Đăng ký ngay' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/register$/);
  });
});

test.describe('sign-up', () => {
  test('registers a new account, goes to /login, and the account signs in', async ({ page }) => {
    const username = `nguoi-dung-${Date.now().toString(36)}`;
    await page.goto('/login');
    await page.getByRole('link', { name: 'Đăng ký ngay' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { name: 'Đăng ký tài khoản' })).toBeVisible();
    await page.getByRole('button', { name: 'Đăng ký' }).click();
    await expect(page.getByText('Tên đăng nhập là bắt buộc')).toBeVisible();

    await fillCredentials(page, username, 'mat-khau-1');
    await page.getByRole('button', { name: 'Đăng ký' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Đăng ký thành công!' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await fillCredentials(page, username, 'mat-khau-1');
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'World Countries' })).toBeVisible();
  });

  test('a taken name fails with a notice, and the link leads back to sign-in', async ({ page }) => {
    await page.goto('/register');
    await fillCredentials(page, 'demo', 'whatever');
    await page.getByRole('button', { name: 'Đăng ký' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Đăng ký thất bại!' })).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    await page.getByRole('link', { name: 'Đăng nhập' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('sign-out', () => {
  test('the logout screen removes the session at once and goes to /login after 2 seconds', async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'World Countries' })).toBeVisible();
    const started = Date.now();
    await page.goto('/logout');
    await expect(page.getByText('Đang đăng xuất khỏi hệ thống...')).toBeVisible();
    await expect(page.getByRole('status')).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('role')])).toEqual([null, null]);
    await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    // /logout was replaced: back does not sign out again, it leaves the console.
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a forged token is refused by the API and the console goes back to /login', async ({ page }) => {
    await page.goto('/login');
    await setStoredSession(page, { token: 'not.a.jwt', role: 'ADMIN' });
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

test.describe('an expired token', () => {
  // Long enough for a loaded machine to show the first page before the token expires (at 8 s it once did not).
  const studio = privateStudio(['--token-ttl', '20s']);

  test('ends the session on the next call and lands on /login', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, studio.url());
    // A first visit lets the fresh server compile the screen, so the token below is not spent waiting for that.
    await page.goto(`${studio.url()}/`);
    await expect(page.getByRole('heading', { name: 'World Countries' })).toBeVisible({ timeout: 60_000 });
    const fresh = await login(page.request, studio.url());
    const { token } = fresh;
    await setStoredSession(page, fresh);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'World Countries' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Page 1 of 8 • Total: 43 countries')).toBeVisible({ timeout: 15_000 });
    // Wait until the token's own expiry has passed.
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    await page.waitForTimeout(Math.max(0, exp * 1000 - Date.now()) + 1200);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('role')])).toEqual([null, null]);
    await expect(page.getByRole('heading', { name: 'Đăng nhập' })).toBeVisible();
  });
});
