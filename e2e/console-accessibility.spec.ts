/**
 * axe-core (WCAG 2.2 A and AA) over every screen of the console and every dialog its buttons open, on a desktop
 * and on a phone: no serious or critical violation anywhere.
 */
import type { Page } from '@playwright/test';
import { seriousAxeViolations } from './axe.js';
import { CONSOLE_SCREENS, SCREEN_LOAD_MS } from './console-screens.js';
import { expect, test } from './fixtures.js';

async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  expect(await seriousAxeViolations(page), where).toEqual([]);
}

const WIDTHS = [1280, 375] as const;

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const screen of CONSOLE_SCREENS) {
      test(`${screen.name} (${screen.path})${screen.dialogs ? ' and its dialogs' : ''}`, async ({ page, signedIn }) => {
        expect(signedIn.token).toBeTruthy();
        await page.goto(screen.path);
        await expect(screen.loaded(page)).toBeVisible({ timeout: SCREEN_LOAD_MS });
        // One main landmark, not nested in another.
        await expect(page.getByRole('main')).toHaveCount(1);
        await expectNoSeriousViolations(page, screen.path);
        for (const dialog of screen.dialogs ?? []) {
          await dialog.open(page);
          await expectNoSeriousViolations(page, `${screen.path}: ${dialog.name}`);
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog').or(page.getByRole('alertdialog'))).toHaveCount(0);
        }
      });
    }

    test('the drone list view and its row menu', async ({ page, signedIn }) => {
      expect(signedIn.token).toBeTruthy();
      await page.goto('/drone');
      await page.getByRole('button', { name: 'Danh sách' }).click();
      await expect(page.getByRole('main').getByText('Chim Ưng 01').filter({ visible: true })).toBeVisible();
      await expectNoSeriousViolations(page, '/drone list view');
      if (width >= 1024) {
        await page.getByRole('button', { name: 'Thao tác với Chim Ưng 01' }).click();
        await expect(page.getByRole('menuitem', { name: 'Chi tiết' })).toBeFocused();
        await expectNoSeriousViolations(page, '/drone list view with a row menu open');
      }
    });

    test('error states, the drone form and its question before dropping what was typed', async ({ page, signedIn }) => {
      expect(signedIn.token).toBeTruthy();
      // Failures are made in this page only (its own routes), not on the shared mock other specs use.
      const fail = (pattern: string) => page.route(pattern, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Lỗi máy chủ"}' }));
      await fail('**/vam/drone/list/details/scs?*');
      await page.goto('/drone/sensor/1');
      await expect(page.getByText('Lỗi tải dữ liệu')).toBeVisible({ timeout: SCREEN_LOAD_MS });
      await expectNoSeriousViolations(page, '/drone/sensor/1 failed');

      await fail('**/vam/drone/list/details?*');
      await page.goto('/drone');
      await expect(page.getByText('Không tải được chi tiết drone').first()).toBeVisible({ timeout: SCREEN_LOAD_MS });
      await expectNoSeriousViolations(page, '/drone with failed details');
      await page.getByRole('button', { name: 'Add Drone' }).click();
      await page.getByRole('dialog', { name: 'Thêm Drone' }).getByLabel('Tên drone').fill('Nháp');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('alertdialog', { name: 'Xác nhận' })).toBeVisible();
      await expectNoSeriousViolations(page, '/drone: the question before dropping what was typed');
      await page.getByRole('button', { name: 'Bỏ thay đổi' }).click();

      await fail('**/vam/robot/getList?*');
      await page.goto('/robot');
      await expect(page.getByRole('alert').filter({ hasText: 'Network response was not ok' })).toBeVisible({ timeout: SCREEN_LOAD_MS });
      await expectNoSeriousViolations(page, '/robot failed');

      await fail('**/vam/plan/plan-field?*');
      await page.goto('/plan');
      await expect(page.getByRole('button', { name: 'Thử lại' })).toBeVisible({ timeout: SCREEN_LOAD_MS });
      await expectNoSeriousViolations(page, '/plan failed');
    });

    test('sign-in and sign-up', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Đăng nhập' })).toBeVisible();
      await expectNoSeriousViolations(page, '/login');
      // The messages of an empty submission.
      await page.getByRole('button', { name: 'Đăng nhập' }).click();
      await expect(page.getByLabel('Tên đăng nhập')).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousViolations(page, '/login with messages');
      await page.goto('/register');
      await expect(page.getByRole('heading', { name: 'Đăng ký tài khoản' })).toBeVisible();
      await expectNoSeriousViolations(page, '/register');
    });

    test('signing out', async ({ page, signedIn }) => {
      expect(signedIn.token).toBeTruthy();
      await page.goto('/logout');
      await expect(page.getByRole('heading', { name: 'Đang đăng xuất khỏi hệ thống...' })).toBeVisible();
      await expectNoSeriousViolations(page, '/logout');
    });
  });
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the menu drawer', async ({ page, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    await page.goto('/');
    await page.getByRole('button', { name: 'Mở menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectNoSeriousViolations(page, '/ with the menu open');
  });
});
