/**
 * The administration shell: a permanent 64-unit sidebar from 1200 px, below that a drawer opened from the
 * 'Quản trị' top bar, closed by its overlay, by Escape or by choosing an entry (docs/console.md#the-shell).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSessionStore } from '../../session/session-store';
import { useMediaQuery } from '../../lib/use-media-query';
import { focusableIn } from '../ui/dialog';
import { Sidebar } from './sidebar';

export const WIDE_QUERY = '(min-width: 1200px)';

export function AppShell({ children }: { children: ReactNode }) {
  const wide = useMediaQuery(WIDE_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useSessionStore((s) => s.signOut);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);

  const handleSignOut = () => {
    signOut();
    // Why: the next account must not see this one's cached pages.
    queryClient.clear();
    void navigate({ to: '/login', replace: true });
  };

  useEffect(() => setDrawerOpen(false), [pathname, wide]);

  useEffect(() => {
    if (!drawerOpen) return;
    const panel = drawer.current;
    if (panel) (focusableIn(panel)[0] ?? panel).focus();
    const opener = menuButton.current;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
      if (event.key !== 'Tab' || !panel) return;
      const items = focusableIn(panel);
      const first = items[0];
      const last = items.at(-1);
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      opener?.focus();
    };
  }, [drawerOpen]);

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      {wide ? (
        <aside className="fixed inset-y-0 left-0 z-30 w-64" aria-label="Thanh bên">
          <Sidebar onSignOut={handleSignOut} />
        </aside>
      ) : (
        <>
          <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-4 shadow-sm">
            <button
              ref={menuButton}
              type="button"
              onClick={() => setDrawerOpen(true)}
              aria-expanded={drawerOpen}
              aria-controls="console-drawer"
              aria-label="Mở menu"
              className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
              </svg>
            </button>
            <p className="text-lg font-semibold">Quản trị</p>
          </header>
          {drawerOpen ? (
            <div className="fixed inset-0 z-40">
              <div
                data-testid="drawer-overlay"
                aria-hidden="true"
                className="absolute inset-0 bg-slate-900/50"
                onClick={() => setDrawerOpen(false)}
              />
              <div
                id="console-drawer"
                ref={drawer}
                role="dialog"
                aria-modal="true"
                aria-label="Menu"
                tabIndex={-1}
                className="absolute inset-y-0 left-0 w-64 shadow-2xl outline-none"
              >
                <Sidebar onSignOut={handleSignOut} onNavigate={() => setDrawerOpen(false)} />
              </div>
            </div>
          ) : null}
        </>
      )}
      <main id="main" className={wide ? 'ml-64 min-h-screen' : 'min-h-[calc(100vh-3.5rem)]'}>
        {children}
      </main>
    </div>
  );
}
