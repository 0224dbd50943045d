import { useRouter, useRouterState } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { isEntryActive, NAV_ENTRIES, SIDEBAR_TITLE } from './nav-entries';

export function Sidebar({ onSignOut, onNavigate }: { onSignOut(): void; onNavigate?(): void }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const router = useRouter();
  // Why plain links and `href`: some entries are concrete URLs of parameterised routes ('/rubber-tree/1'), and a
  // modified click (new tab, new window) must keep the browser's own behaviour.
  const follow = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate?.();
    void router.navigate({ href });
  };
  return (
    <div className="flex h-full w-64 flex-col bg-slate-900 text-slate-100">
      <div className="flex h-16 shrink-0 items-center gap-2 border-b border-slate-800 px-5">
        <span aria-hidden="true" className="inline-block size-3 rounded-full bg-emerald-400" />
        <p className="text-lg font-bold tracking-tight">{SIDEBAR_TITLE}</p>
      </div>
      <nav aria-label="Điều hướng chính" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="flex flex-col gap-1">
          {NAV_ENTRIES.map((entry) => {
            const active = isEntryActive(entry.path, pathname);
            return (
              <li key={entry.path}>
                <a
                  href={entry.path}
                  onClick={(event) => follow(event, entry.path)}
                  aria-current={active ? 'page' : undefined}
                  className={`block rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400 ${
                    active ? 'bg-emerald-600 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white'
                  }`}
                >
                  {entry.label}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="border-t border-slate-800 p-3">
        <button
          type="button"
          onClick={onSignOut}
          className="w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-300 hover:bg-red-600 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-400"
        >
          Đăng xuất
        </button>
      </div>
    </div>
  );
}
