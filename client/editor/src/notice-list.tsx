/** Short-lived messages ('Successfully added', 'Prop changed', failures) announced politely to screen readers. */
import { useEffect } from 'react';
import { useEditorStore, type Notice } from './state/editor-store';

const NOTICE_MS = 4000;

function NoticeItem({ notice }: { notice: Notice }) {
  const dismiss = useEditorStore((state) => state.dismissNotice);
  useEffect(() => {
    if (notice.kind === 'error') return;
    const timer = setTimeout(() => dismiss(notice.id), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, dismiss]);
  const tone =
    notice.kind === 'error' ? 'border-red-500/60 bg-red-950 text-red-100' : notice.kind === 'success' ? 'border-emerald-500/60 bg-emerald-950 text-emerald-100' : 'border-neutral-600 bg-neutral-800';
  return (
    <li role={notice.kind === 'error' ? 'alert' : 'status'} className={`flex items-start gap-3 rounded border px-3 py-2 shadow-lg ${tone}`}>
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
    <ul aria-live="polite" className="pointer-events-auto fixed bottom-4 left-1/2 z-50 flex w-[28rem] max-w-[90vw] -translate-x-1/2 flex-col gap-2">
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </ul>
  );
}
