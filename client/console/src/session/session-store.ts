/**
 * The signed-in session: a small zustand store mirrored in local storage under `token` and `role`
 * (docs/console.md#session), so a reload or another tab sees the same session.
 */
import { create } from 'zustand';
import { clearStoredSession, readStoredSession, ROLE_KEY, TOKEN_KEY, writeStoredSession } from '../api/session';

/** Why the API ended the session (docs/console.md#session-expiry); a sign-out the person chose has none. */
export type SessionEndReason = 'expired' | 'invalid';

/** What the sign-in page says after the API ended the session, so that the sign-out is never silent. */
export const SESSION_END_MESSAGES: Record<SessionEndReason, string> = {
  expired: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.',
  invalid: 'Phiên đăng nhập không còn hợp lệ. Vui lòng đăng nhập lại.',
};

export interface SessionState {
  token: string | null;
  role: string | null;
  /** Why the last session ended, when the API ended it; cleared by the next sign-in. */
  endedBecause: SessionEndReason | null;
  signIn(token: string, role: string): void;
  signOut(reason?: SessionEndReason): void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  ...readStoredSession(),
  endedBecause: null,
  signIn(token, role) {
    writeStoredSession(token, role);
    set({ token, role, endedBecause: null });
  },
  signOut(reason) {
    clearStoredSession();
    set({ token: null, role: null, endedBecause: reason ?? null });
  },
}));

/**
 * The account the signed-in session belongs to: the `sub` of the token (a JWT), read without checking its signature,
 * which the API does on every call; the console only needs to tell one account from another in its tab (an unsaved
 * drone draft is given back to its own account only). Null when signed out or when the token names nobody.
 */
export function sessionAccount(): string | null {
  const token = useSessionStore.getState().token;
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))));
    const subject = (claims as { sub?: unknown } | null)?.sub;
    return typeof subject === 'string' && subject !== '' ? subject : null;
  } catch {
    return null;
  }
}

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
