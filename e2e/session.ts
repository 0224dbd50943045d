/**
 * Signing in for browser tests: one login call to the mock through the API, then the session is put in local
 * storage before the console's first script runs, so specs do not go through the login form each time (the
 * accounts spec does that itself).
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNT } from '../mocks/demo-account.js';

/** The mock's demo account, as the sign-in form takes it. */
export const DEMO_CREDENTIALS = { username: DEMO_ACCOUNT.username, password: DEMO_ACCOUNT.password } as const;

export interface Credentials {
  username: string;
  password: string;
}

export interface SessionValues {
  token: string;
  role: string;
}

/** Logs in through the API and answers the token and role. */
export async function login(
  request: APIRequestContext,
  baseURL: string,
  credentials: Credentials = DEMO_CREDENTIALS,
): Promise<SessionValues> {
  const answer = await request.post(`${baseURL}/api/account/login`, { data: credentials });
  expect(answer.status(), `login of ${credentials.username} on ${baseURL}`).toBe(200);
  const body = (await answer.json()) as { data: SessionValues };
  return body.data;
}

/**
 * Signs the page in: the stored session is written once, before the first navigation of this tab, so a test
 * that signs out later stays signed out when it navigates again.
 */
export async function signIn(page: Page, baseURL: string, credentials: Credentials = DEMO_CREDENTIALS): Promise<SessionValues> {
  const session = await login(page.request, baseURL, credentials);
  await page.addInitScript(({ token, role }) => {
    if (sessionStorage.getItem('e2e-session-seeded')) return;
    sessionStorage.setItem('e2e-session-seeded', '1');
    localStorage.setItem('token', token);
    localStorage.setItem('role', role);
  }, session);
  return session;
}

/** Puts any values (an expired or forged token, say) in the stored session of an already opened page. */
export async function setStoredSession(page: Page, values: { token: string; role: string }): Promise<void> {
  await page.evaluate(({ token, role }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('role', role);
  }, values);
}
