/**
 * Deep links to the place dashboards on a slow API (docs/console.md#place-rules): the list the address names is
 * asked for at once, beside the dropdowns' first pages, not after the cascade of every list's every page. Counted in
 * Chromium: the API calls that started up to the one for the named list.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, privateStudio, test } from './fixtures.js';
import { signIn } from './session.js';

const LATENCY_MS = 700;
const studio = privateStudio(['--latency', String(LATENCY_MS)]);

interface MockState {
  countries: Array<{ countryId: number }>;
  regions: Array<{ regionId: number; countryId: number }>;
  fields: Array<{ fieldId: number; regionId: number; fieldName: string }>;
  plans: Array<{ planId: number; fieldId: number }>;
}

/** A place far down every list (the last country, its last region, that region's last field with plans). */
async function farPlace(request: APIRequestContext) {
  const state = (await (await request.get(`${studio.url()}/_mock/state`)).json()) as MockState;
  const withPlans = state.fields.filter((f) => state.plans.some((p) => p.fieldId === f.fieldId));
  const field = withPlans.at(-1)!;
  const region = state.regions.find((r) => r.regionId === field.regionId)!;
  const plan = state.plans.find((p) => p.fieldId === field.fieldId)!;
  return { countryId: region.countryId, regionId: region.regionId, field, plan };
}

/**
 * The API calls (`/vam/…`, `/country/…`) in the order they started, up to the first one `named` matches: how many calls
 * the page made before it asked for the list the address names. Counted by start, not by when the list showed: on a
 * busy machine the page can paint the list after the dropdowns' later pages have started, which says nothing about
 * when it was asked for.
 */
async function callsUpTo(page: Page, named: RegExp): Promise<string[]> {
  const calls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => ({ start: entry.startTime, url: new URL(entry.name) }))
      .filter(({ url }) => /^\/(?:vam|country)\//.test(url.pathname))
      .sort((x, y) => x.start - y.start)
      .map(({ url }) => `${url.pathname}${url.search}`),
  );
  const at = calls.findIndex((call) => named.test(call));
  expect(at, `no call matched ${named}:\n${calls.join('\n')}`).toBeGreaterThanOrEqual(0);
  return calls.slice(0, at + 1);
}

// A fresh server compiles the console on its first visit, which can take long on a busy machine.
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage();
  await signIn(page, studio.url());
  await page.goto(`${studio.url()}/plan`);
  await expect(page.getByRole('heading', { name: 'Dashboard - Plan Statistics' })).toBeVisible({ timeout: 100_000 });
  await page.close();
});

test('a link to /plan naming its place asks for that field’s plans within its first 4 calls, shows them, and the dropdowns fill after', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { countryId, regionId, field, plan } = await farPlace(request);
  await signIn(page, studio.url());
  await page.goto(`${studio.url()}/plan?countryId=${countryId}&regionId=${regionId}&fieldId=${field.fieldId}`);
  await expect(page.getByRole('button', { name: `Plan #${plan.planId}`, exact: true })).toBeVisible();
  // The dropdowns name the place once their lists are in.
  await expect(page.getByLabel('Cánh đồng')).toHaveValue(String(field.fieldId), { timeout: 30_000 });
  await expect(page.getByLabel('Quốc gia')).toHaveValue(String(countryId), { timeout: 30_000 });
  await expect(page.getByLabel('Khu vực')).toHaveValue(String(regionId));
  await expect(page).toHaveURL(new RegExp(`fieldId=${field.fieldId}`));
  const calls = await callsUpTo(page, new RegExp(`^/vam/plan/plan-field\\?(?:.*&)?fieldId=${field.fieldId}(?:&|$)`));
  expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(4);
});

test('a link to /field naming its region asks for its fields within its first 3 calls and shows them', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { countryId, regionId, field } = await farPlace(request);
  await signIn(page, studio.url());
  await page.goto(`${studio.url()}/field?countryId=${countryId}&regionId=${regionId}`);
  await expect(page.getByText('Field ID').first()).toBeVisible();
  await expect(page.getByLabel('Khu vực')).toHaveValue(String(regionId), { timeout: 30_000 });
  await expect(page.getByLabel('Quốc gia')).toHaveValue(String(countryId), { timeout: 30_000 });
  void field;
  const calls = await callsUpTo(page, new RegExp(`^/vam/field/region\\?(?:.*&)?regionId=${regionId}(?:&|$)`));
  expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(3);
});

test('while the countries load, the region and field dropdowns say they are loading, not empty', async ({ page }) => {
  await signIn(page, studio.url());
  await page.goto(`${studio.url()}/plan`);
  await expect(page.getByLabel('Quốc gia')).toContainText('Đang tải...');
  for (const label of ['Khu vực', 'Cánh đồng']) {
    await expect(page.getByLabel(label)).toContainText('Đang tải...');
    await expect(page.getByLabel(label)).not.toContainText('Không có');
  }
});
