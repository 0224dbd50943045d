/**
 * The signed-in session: a small zustand store mirrored in local storage under `token` and `role`
 * (docs/console.md#session), so a reload or another tab sees the same session.
 */
import { create } from 'zustand';
import { clearStoredSession, readStoredSession, ROLE_KEY, TOKEN_KEY, writeStoredSession } from '../api/session';

export interface SessionState {
  token: string | null;
  role: string | null;
  signIn(token: string, role: string): void;
  signOut(): void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  ...readStoredSession(),
  signIn(token, role) {
    writeStoredSession(token, role);
    set({ token, role });
  },
  signOut() {
    clearStoredSession();
    set({ token: null, role: null });
  },
}));

/** For the guard in `beforeLoad`: synchronous, so a protected page never renders before the redirect. */
export function isSignedIn(): boolean {
  return Boolean(useSessionStore.getState().token);
}

// Why: signing out (or in) in one tab must not leave another tab acting on a stale token.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === ROLE_KEY) {
      useSessionStore.setState(readStoredSession());
    }
  });
}
