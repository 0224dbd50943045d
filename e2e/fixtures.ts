/**
 * The test object every spec imports: Playwright's, with `baseURL` set to the shared studio, helpers for the
 * mock's controls, and `signedIn` for specs that start inside the guarded console.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { signIn, type SessionValues } from './session.js';
import { startStudio, type StudioProcess } from './studio-process.js';

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

/**
 * A studio of the calling spec file's own (its own mock, so faults and latency there touch no other spec),
 * started before the file's tests and stopped after them. Read `url()` inside a test.
 */
export function privateStudio(args: string[]): { url(): string; mock(request: import('@playwright/test').APIRequestContext): MockControls } {
  let studio: StudioProcess | undefined;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    studio = await startStudio(['dev', ...args]);
  });
  test.afterAll(async () => {
    await studio?.stop();
  });
  const url = () => {
    if (!studio) throw new Error('the private studio is not running');
    return studio.url;
  };
  return { url, mock: (request) => mockControls(request, url()) };
}

/**
 * Presses Tab through the page and checks that every enabled, visible control (links, buttons, inputs, selects)
 * got the focus at least once. Answers the controls that were never reached (empty when all were).
 */
export async function controlsNotReachedByTab(page: Page): Promise<string[]> {
  const count = await page.evaluate(() => {
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])'),
    ).filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden');
    controls.forEach((el, i) => el.setAttribute('data-tab-check', String(i)));
    (window as unknown as { tabSeen: Set<string> }).tabSeen = new Set();
    document.addEventListener('focusin', (event) => {
      const id = (event.target as HTMLElement).getAttribute?.('data-tab-check');
      if (id) (window as unknown as { tabSeen: Set<string> }).tabSeen.add(id);
    });
    (document.activeElement as HTMLElement | null)?.blur();
    return controls.length;
  });
  for (let i = 0; i < count + 3; i++) await page.keyboard.press('Tab');
  return page.evaluate(() => {
    const seen = (window as unknown as { tabSeen: Set<string> }).tabSeen;
    return Array.from(document.querySelectorAll<HTMLElement>('[data-tab-check]'))
      .filter((el) => !seen.has(el.getAttribute('data-tab-check')!))
      .map((el) => el.outerHTML.slice(0, 120));
  });
}

/**
 * Holds back the API answers whose URL matches `url` until `release()` is called, so a loading state stays on screen
 * until the test has seen it. A latency alone is not enough on a loaded machine: Playwright's assertions poll about
 * once a second after their first tries, and a page that takes long to start can show a short load between polls.
 */
export async function holdAnswers(page: Page, url: string): Promise<{ release(): Promise<void> }> {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const hold = async (route: import('@playwright/test').Route) => {
    await opened;
    await route.fallback();
  };
  await page.route(url, hold);
  return {
    async release() {
      open();
      await page.unroute(url, hold);
    },
  };
}
