/**
 * The test object every spec imports: Playwright's, with `baseURL` set to the shared studio and helpers for the
 * mock's controls.
 */
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ mock: { reset(): Promise<void> } }>({
  baseURL: async ({}, use) => {
    const url = process.env.STUDIO_URL;
    if (!url) throw new Error('STUDIO_URL is not set: run the end-to-end tests through `npx playwright test`');
    await use(url);
  },
  mock: async ({ request, baseURL }, use) => {
    await use({
      async reset() {
        const answer = await request.post(`${baseURL}/_mock/reset`);
        expect(answer.status()).toBe(200);
      },
    });
  },
});

export { expect };
