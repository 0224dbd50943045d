/** The placeholder image of an empty list (region and robot screens), with a line of text under it. */
export function EmptyPlaceholder({ text }: { text: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center">
      <svg role="img" aria-label="Không có dữ liệu" viewBox="0 0 120 90" className="h-28 w-36 text-slate-300">
        <rect x="10" y="18" width="100" height="62" rx="8" fill="currentColor" opacity="0.35" />
        <rect x="22" y="8" width="76" height="14" rx="4" fill="currentColor" opacity="0.6" />
        <path d="M30 58l16-18 14 14 10-10 20 22H30z" fill="currentColor" />
        <circle cx="84" cy="38" r="7" fill="currentColor" />
      </svg>
      <p className="text-slate-600">{text}</p>
    </div>
  );
}
