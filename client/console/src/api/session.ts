/**
 * Where the signed-in session lives: local storage under the keys `token` and `role` (spec/console.md §3).
 */
export const TOKEN_KEY = 'token';
export const ROLE_KEY = 'role';

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(ROLE_KEY);
}
