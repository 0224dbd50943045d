/**
 * The test object every spec imports: Playwright's, with `baseURL` set to the shared studio, helpers for the
 * mock's controls, and `signedIn` for specs that start inside the guarded console.
 */
import { test as base, expect } from '@playwright/test';
import { signIn, type SessionValues } from './session.js';

export interface MockControls {
  reset(): Promise<void>;
  /** Arms a fault of the mock (`POST /_mock/faults`): the next `count` calls of that route answer `status`. */
  fault(fault: { path: string; method?: string; status: number; body?: unknown; count?: number }): Promise<void>;
  clearFaults(): Promise<void>;
}

export const test = base.extend<{ mock: MockControls; signedIn: SessionValues }>({
  baseURL: async ({}, use) => {
    const url = process.env.STUDIO_URL;
    if (!url) throw new Error('STUDIO_URL is not set: run the end-to-end tests through `npx playwright test`');
    await use(url);
  },
  mock: async ({ request, baseURL }, use) => {
    await use(mockControls(request, baseURL!));
  },
  signedIn: async ({ page, baseURL }, use) => {
    await use(await signIn(page, baseURL!));
  },
});

export function mockControls(request: import('@playwright/test').APIRequestContext, baseURL: string): MockControls {
  return {
    async reset() {
      const answer = await request.post(`${baseURL}/_mock/reset`);
      expect(answer.status()).toBe(200);
    },
    async fault(fault) {
      const answer = await request.post(`${baseURL}/_mock/faults`, { data: fault });
      expect(answer.status(), await answer.text()).toBeLessThan(300);
    },
    async clearFaults() {
      const answer = await request.delete(`${baseURL}/_mock/faults`);
      expect(answer.status()).toBeLessThan(300);
    },
  };
}

export { expect };
