/**
 * Where the signed-in session is kept: local storage under the keys `token` and `role` (docs/console.md#session).
 * Only the session store reads and writes these; everything else goes through `useSessionStore`.
 */
export const TOKEN_KEY = 'token';
export const ROLE_KEY = 'role';

export interface StoredSession {
  token: string | null;
  role: string | null;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Why: a browser with storage disabled throws on access; the console then works for this tab only.
    return null;
  }
}

export function readStoredSession(): StoredSession {
  const store = storage();
  return { token: store?.getItem(TOKEN_KEY) || null, role: store?.getItem(ROLE_KEY) || null };
}

export function writeStoredSession(token: string, role: string): void {
  const store = storage();
  store?.setItem(TOKEN_KEY, token);
  store?.setItem(ROLE_KEY, role);
}

export function clearStoredSession(): void {
  const store = storage();
  store?.removeItem(TOKEN_KEY);
  store?.removeItem(ROLE_KEY);
}
