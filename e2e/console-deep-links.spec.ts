/**
 * Deep links to the place dashboards on a slow API (docs/console.md#place-rules): the list the address names is
 * asked for at once, beside the dropdowns' first pages, not after the cascade of every list's every page. Counted in
 * Chromium: the API calls that started before the first card was on screen.
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

/** Notes, in the page, when an element with `text` first shows. */
async function watchFor(page: Page, text: string): Promise<void> {
  await page.addInitScript((wanted) => {
    const seen = () => {
      if ((window as unknown as { shownAt?: number }).shownAt === undefined && document.body?.innerText.includes(wanted)) {
        (window as unknown as { shownAt?: number }).shownAt = performance.now();
      }
    };
    new MutationObserver(seen).observe(document, { subtree: true, childList: true, characterData: true });
  }, text);
}

/** The API calls (`/vam/…`, `/country/…`) that started before the watched text showed. */
async function callsBeforeShown(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const shownAt = (window as unknown as { shownAt?: number }).shownAt ?? Infinity;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < shownAt)
      .map((entry) => new URL(entry.name))
      .filter((url) => /^\/(?:vam|country)\//.test(url.pathname))
      .map((url) => `${url.pathname}${url.search}`);
  });
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

test('a link to /plan naming its place shows that field’s plans after at most 4 calls, and the dropdowns fill after', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { countryId, regionId, field, plan } = await farPlace(request);
  await signIn(page, studio.url());
  await watchFor(page, `Plan #${plan.planId}`);
  await page.goto(`${studio.url()}/plan?countryId=${countryId}&regionId=${regionId}&fieldId=${field.fieldId}`);
  await expect(page.getByRole('button', { name: `Plan #${plan.planId}`, exact: true })).toBeVisible();
  // The dropdowns name the place once their lists are in.
  await expect(page.getByLabel('Cánh đồng')).toHaveValue(String(field.fieldId), { timeout: 30_000 });
  await expect(page.getByLabel('Quốc gia')).toHaveValue(String(countryId), { timeout: 30_000 });
  await expect(page.getByLabel('Khu vực')).toHaveValue(String(regionId));
  await expect(page).toHaveURL(new RegExp(`fieldId=${field.fieldId}`));
  const calls = await callsBeforeShown(page);
  expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(4);
  expect(calls.some((call) => call.startsWith('/vam/plan/plan-field?') && call.includes(`fieldId=${field.fieldId}`)), calls.join('\n')).toBe(true);
});

test('a link to /field naming its region shows its fields after at most 3 calls', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { countryId, regionId, field } = await farPlace(request);
  await signIn(page, studio.url());
  await watchFor(page, 'Field ID');
  await page.goto(`${studio.url()}/field?countryId=${countryId}&regionId=${regionId}`);
  await expect(page.getByText('Field ID').first()).toBeVisible();
  await expect(page.getByLabel('Khu vực')).toHaveValue(String(regionId), { timeout: 30_000 });
  await expect(page.getByLabel('Quốc gia')).toHaveValue(String(countryId), { timeout: 30_000 });
  void field;
  const calls = await callsBeforeShown(page);
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
