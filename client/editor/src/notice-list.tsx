/**
 * Short-lived messages ('Successfully added', 'Prop changed', failures) announced politely to screen readers. Each
 * goes by itself after a few seconds (a failure stays longer), but not while the pointer is on it or the focus in
 * it, so that it can be read to the end; × closes it at once. A failed change also stays in the Changes panel with
 * its reason.
 */
import { useEffect, useRef, useState } from 'react';
import { useEditorStore, type Notice } from './state/editor-store';

/** How long a notice stays, by kind, once nothing holds it. */
const NOTICE_MS: Record<Notice['kind'], number> = { info: 4000, success: 4000, error: 8000 };

/** running → (pointer on it or focus in it) held → (both gone) running again, with the time it had left. */
type Countdown = { state: 'running'; endsAt: number } | { state: 'held'; remaining: number };

function NoticeItem({ notice }: { notice: Notice }) {
  const dismiss = useEditorStore((state) => state.dismissNotice);
  const [countdown, setCountdown] = useState<Countdown>(() => ({ state: 'running', endsAt: Date.now() + NOTICE_MS[notice.kind] }));
  const holders = useRef({ pointer: false, focus: false });

  useEffect(() => {
    if (countdown.state !== 'running') return;
    const timer = setTimeout(() => dismiss(notice.id), Math.max(0, countdown.endsAt - Date.now()));
    return () => clearTimeout(timer);
  }, [countdown, notice.id, dismiss]);

  const hold = (by: 'pointer' | 'focus', on: boolean) => {
    holders.current[by] = on;
    const held = holders.current.pointer || holders.current.focus;
    setCountdown((current) => {
      if (held && current.state === 'running') return { state: 'held', remaining: Math.max(0, current.endsAt - Date.now()) };
      // Back to running with at least a moment left, so that it does not vanish under the leaving pointer.
      if (!held && current.state === 'held') return { state: 'running', endsAt: Date.now() + Math.max(current.remaining, 1500) };
      return current;
    });
  };

  const tone =
    notice.kind === 'error' ? 'border-red-500/60 bg-red-950 text-red-100' : notice.kind === 'success' ? 'border-emerald-500/60 bg-emerald-950 text-emerald-100' : 'border-neutral-600 bg-neutral-800';
  return (
    <li
      role={notice.kind === 'error' ? 'alert' : 'status'}
      data-countdown={countdown.state}
      onPointerEnter={() => hold('pointer', true)}
      onPointerLeave={() => hold('pointer', false)}
      onFocus={() => hold('focus', true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) hold('focus', false);
      }}
      className={`flex items-start gap-3 rounded border px-3 py-2 shadow-lg ${tone}`}
    >
      <span className="flex-1 whitespace-pre-wrap">{notice.text}</span>
      <button type="button" aria-label="Dismiss" className="opacity-70 hover:opacity-100" onClick={() => dismiss(notice.id)}>
        ×
      </button>
    </li>
  );
}

export function NoticeList() {
  const notices = useEditorStore((state) => state.notices);
  return (
    <ul aria-live="polite" aria-label="Notices" className="pointer-events-auto fixed bottom-4 left-1/2 z-50 flex w-[28rem] max-w-[90vw] -translate-x-1/2 flex-col gap-2">
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </ul>
  );
}
