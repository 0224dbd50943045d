import { expect, test } from './fixtures.js';

test('the console opens at / in Chromium, served by the real CLI on the mock', async ({ page, signedIn }) => {
  expect(signedIn.token).toBeTruthy();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Plantation Admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('World Countries');
  // Tailwind ran: the heading has its utility styles, not the browser's defaults.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('font-weight', '700');
  expect(errors).toEqual([]);
});

test('the studio page and its health endpoint answer on the same origin', async ({ page, request }) => {
  await page.goto('/_studio/');
  await expect(page).toHaveTitle('Plantation Studio');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plantation Studio');
  // The editor: the console in a frame of the canvas (signed out, so at its sign-in page).
  await expect(page.frameLocator('iframe[title^="Console: "]').getByRole('heading', { name: 'Đăng nhập' })).toBeVisible({ timeout: 30_000 });
  const health = await request.get('/_studio/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok', api: { mode: 'mock' } });
});
