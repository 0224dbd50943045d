import { beforeEach, describe, expect, it, vi } from 'vitest';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

async function freshStore(initial?: Record<string, string>) {
  vi.resetModules();
  const storage = memoryStorage(initial);
  vi.stubGlobal('localStorage', storage);
  const module = await import('./session-store');
  return { ...module, storage };
}

describe('the session store', () => {
  beforeEach(() => vi.unstubAllGlobals());

  it('remembers why the API ended the session until the next sign-in; a chosen sign-out has no reason', async () => {
    const { useSessionStore, SESSION_END_MESSAGES } = await freshStore({ token: 'abc', role: 'ADMIN' });
    useSessionStore.getState().signOut('expired');
    expect(useSessionStore.getState()).toMatchObject({ token: null, endedBecause: 'expired' });
    expect(SESSION_END_MESSAGES.expired).toBe('Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.');
    useSessionStore.getState().signIn('def', 'ADMIN');
    expect(useSessionStore.getState().endedBecause).toBeNull();
    useSessionStore.getState().signOut();
    expect(useSessionStore.getState().endedBecause).toBeNull();
  });

  it('names the account of the session from its token, and nobody for a token that names no one', async () => {
    const base64url = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const jwt = (claims: object) => `e30.${base64url(JSON.stringify(claims))}.sig`;
    const { useSessionStore, sessionAccount } = await freshStore({ token: jwt({ sub: 'nguyễn', role: 'ADMIN' }), role: 'ADMIN' });
    expect(sessionAccount()).toBe('nguyễn');
    for (const token of [jwt({ role: 'ADMIN' }), jwt({ sub: '' }), 'not-a-jwt', 'a.%%%.b']) {
      useSessionStore.getState().signIn(token, 'ADMIN');
      expect(sessionAccount(), token).toBeNull();
    }
    useSessionStore.getState().signOut();
    expect(sessionAccount()).toBeNull();
  });

  it('starts from what local storage holds under token and role', async () => {
    const { useSessionStore, isSignedIn } = await freshStore({ token: 'abc', role: 'ADMIN' });
    expect(useSessionStore.getState()).toMatchObject({ token: 'abc', role: 'ADMIN' });
    expect(isSignedIn()).toBe(true);
  });

  it('is signed out with nothing stored, or an empty token', async () => {
    expect((await freshStore()).isSignedIn()).toBe(false);
    expect((await freshStore({ token: '', role: 'ADMIN' })).isSignedIn()).toBe(false);
  });

  it('signIn stores both keys; signOut removes both', async () => {
    const { useSessionStore, isSignedIn, storage } = await freshStore();
    useSessionStore.getState().signIn('jwt', 'USER');
    expect(storage.getItem('token')).toBe('jwt');
    expect(storage.getItem('role')).toBe('USER');
    expect(isSignedIn()).toBe(true);
    useSessionStore.getState().signOut();
    expect(storage.getItem('token')).toBeNull();
    expect(storage.getItem('role')).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ token: null, role: null });
    expect(isSignedIn()).toBe(false);
  });
});
