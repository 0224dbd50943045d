/**
 * Every screen of the console's route table (signed in), with what shows that it has loaded, and the dialogs its
 * buttons open: what the accessibility and layout specs walk through.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export interface ConsoleDialog {
  name: string;
  /** Opens the dialog from its button on the loaded screen. */
  open(page: Page): Promise<void>;
}

export interface ConsoleScreen {
  name: string;
  path: string;
  /** Visible once the screen shows its data (not a spinner). */
  loaded(page: Page): Locator;
  dialogs?: ConsoleDialog[];
}

/**
 * How long a screen may take to show its data: the first visit of a route makes the dev server compile its code
 * (the tree detail's chart library, say), which on a busy two-core machine can take well over the default 10 s.
 */
export const SCREEN_LOAD_MS = 45_000;

const firstArticle = (page: Page) => page.getByRole('main').getByRole('article').first();
const firstRow = (page: Page) => page.getByRole('main').getByRole('row').nth(1);

/** Opens a dialog with `button` and waits for it, by its title. */
function dialog(name: string, button: (page: Page) => Locator, title: string | RegExp, then?: (page: Page) => Promise<void>): ConsoleDialog {
  return {
    name,
    async open(page) {
      await button(page).click();
      await expect(page.getByRole('dialog', { name: title }).or(page.getByRole('alertdialog', { name: title }))).toBeVisible();
      await then?.(page);
    },
  };
}

/** The actions of the first drone of the grid. */
const firstDrone = (page: Page) => page.getByRole('list', { name: 'Danh sách drone' }).getByRole('article').first();

export const CONSOLE_SCREENS: ConsoleScreen[] = [
  { name: 'countries', path: '/', loaded: firstArticle },
  { name: 'regions', path: '/region', loaded: firstRow },
  { name: 'regions of a country', path: '/region/2', loaded: firstRow },
  { name: 'fields', path: '/field', loaded: firstArticle },
  {
    name: 'plans',
    path: '/plan',
    loaded: firstArticle,
    dialogs: [dialog('plan details', (page) => firstArticle(page).getByRole('button'), 'Plan Details', (page) => expect(page.getByText('Plan Title')).toBeVisible())],
  },
  { name: 'tasks', path: '/task', loaded: firstArticle },
  {
    name: 'tapping',
    path: '/tapping',
    loaded: firstArticle,
    dialogs: [dialog('tapping details', (page) => firstArticle(page).getByRole('button'), /^Chi tiết Tapping #/, (page) => expect(page.getByText('Nhiệt độ')).toBeVisible())],
  },
  {
    name: 'robots',
    path: '/robot',
    loaded: firstRow,
    dialogs: [dialog('robot details', (page) => firstRow(page).getByRole('button'), /^Robot Details/, (page) => expect(page.getByText('Energy')).toBeVisible())],
  },
  {
    name: 'drones',
    path: '/drone',
    loaded: firstDrone,
    dialogs: [
      dialog('add drone', (page) => page.getByRole('button', { name: 'Add Drone' }), 'Thêm Drone'),
      dialog('edit drone', (page) => firstDrone(page).getByRole('button', { name: 'Sửa' }), 'Sửa Drone'),
      dialog('drone details, image', (page) => firstDrone(page).getByRole('button', { name: 'Chi tiết' }), /^Chi tiết /, (page) =>
        expect(page.getByRole('dialog').getByRole('img')).toBeVisible(),
      ),
      dialog('drone details, video', (page) => firstDrone(page).getByRole('button', { name: 'Chi tiết' }), /^Chi tiết /, async (page) => {
        await page.getByRole('tab', { name: 'Video demo' }).click();
        await expect(page.getByRole('dialog').locator('video')).toBeVisible();
      }),
      dialog('sensor system', (page) => firstDrone(page).getByRole('button', { name: 'Hệ thống cảm biến' }), /^Hệ thống cảm biến/, (page) =>
        expect(page.getByRole('dialog').getByRole('table')).toBeVisible(),
      ),
      dialog('delete drone', (page) => firstDrone(page).getByRole('button', { name: 'Xóa' }), 'Xác nhận'),
    ],
  },
  { name: 'sensor systems', path: '/drone/sensor', loaded: (page) => page.getByRole('list', { name: 'Hệ thống cảm biến theo drone' }).getByRole('link').first() },
  { name: 'sensors of a drone', path: '/drone/sensor/1', loaded: firstArticle },
  {
    name: 'rubber trees',
    path: '/rubber-tree/1',
    loaded: firstArticle,
    dialogs: [dialog('delete tree', (page) => firstArticle(page).getByRole('button', { name: 'Xóa' }), 'Xác nhận')],
  },
  { name: 'tree measurements', path: '/rubber-tree-detail/1', loaded: (page) => page.getByTestId('growth-chart').locator('svg').first() },
];
