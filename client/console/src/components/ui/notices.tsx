/**
 * Non-blocking notices (docs/console.md#the-shell): the console's alerts keep their texts but never block the
 * page the way the browser's `alert` does. `notify` can be called from anywhere (event handlers, mutation callbacks); `<Notices />`
 * is mounted once at the root.
 *
 * They stack in the bottom corner, away from titles and toolbars, at most three at a time (a fourth pushes the
 * oldest out), and a change of page clears the notices about the page left behind.
 */
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { create } from 'zustand';

export type NoticeTone = 'success' | 'error' | 'info';

interface Notice {
  id: number;
  message: string;
  tone: NoticeTone;
}

/** Long enough to read a sentence; errors stay a little longer. */
const HIDE_AFTER_MS: Record<NoticeTone, number> = { success: 4000, info: 4000, error: 7000 };
export const MAX_NOTICES = 3;
const TICK_MS = 250;

interface NoticeState {
  notices: Notice[];
  /** Notices raised by an action that then changes page: they stay through that one change. */
  keepThroughNavigation: readonly number[];
  dismiss(id: number): void;
}

let nextId = 1;
const useNoticeStore = create<NoticeState>()((set) => ({
  notices: [],
  keepThroughNavigation: [],
  dismiss: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
}));

export interface NoticeOptions {
  /** The action goes on to another page, where the notice must still be read ('Đăng nhập thành công!', then /). */
  outlivesNavigation?: boolean;
}

export function notify(message: string, tone: NoticeTone = 'info', { outlivesNavigation = false }: NoticeOptions = {}): void {
  const notice = { id: nextId++, message, tone };
  useNoticeStore.setState((s) => ({
    notices: [...s.notices, notice].slice(-MAX_NOTICES),
    keepThroughNavigation: outlivesNavigation ? [...s.keepThroughNavigation, notice.id] : s.keepThroughNavigation,
  }));
}

/** A change of page: only the notices raised to outlive it stay, and only through this one. */
function clearForNavigation(): void {
  useNoticeStore.setState((s) => ({
    notices: s.notices.filter((n) => s.keepThroughNavigation.includes(n.id)),
    keepThroughNavigation: [],
  }));
}

const TONE_CLASS: Record<NoticeTone, string> = {
  success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  error: 'border-red-300 bg-red-50 text-red-900',
  info: 'border-sky-300 bg-sky-50 text-sky-900',
};

function NoticeItem({ notice }: { notice: Notice }) {
  const dismiss = useNoticeStore((s) => s.dismiss);
  const paused = useRef(false);

  useEffect(() => {
    const limit = HIDE_AFTER_MS[notice.tone];
    let shown = 0;
    // Why a tick instead of one timeout: the notice must not vanish while the pointer or focus is on it.
    const timer = window.setInterval(() => {
      if (paused.current) return;
      shown += TICK_MS;
      if (shown >= limit) dismiss(notice.id);
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [notice, dismiss]);

  return (
    <div
      role="alert"
      data-tone={notice.tone}
      onMouseEnter={() => (paused.current = true)}
      onMouseLeave={() => (paused.current = false)}
      onFocus={() => (paused.current = true)}
      onBlur={() => (paused.current = false)}
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${TONE_CLASS[notice.tone]}`}
    >
      <p className="min-w-0 flex-1 font-medium wrap-anywhere">{notice.message}</p>
      <button
        type="button"
        onClick={() => dismiss(notice.id)}
        aria-label="Đóng thông báo"
        className="-m-1 rounded p-1 leading-none opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

export function Notices() {
  const notices = useNoticeStore((s) => s.notices);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const shownFor = useRef(pathname);
  useEffect(() => {
    if (shownFor.current === pathname) return;
    shownFor.current = pathname;
    clearForNavigation();
  }, [pathname]);
  return (
    // Each notice is its own `role="alert"` live region; the container adds none, so nothing is read twice.
    // Why the bottom corner: the top is where every screen has its title and its actions.
    <div
      data-testid="notices"
      className="pointer-events-none fixed inset-x-0 bottom-3 z-[100] flex flex-col gap-2 px-3 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96 sm:px-0"
    >
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </div>
  );
}
