/** A spinning ring with a label read by screen readers (and shown when `visibleLabel`). */
export function Spinner({ label, visibleLabel = false, className = '' }: { label: string; visibleLabel?: boolean; className?: string }) {
  return (
    <span role="status" className={`inline-flex items-center gap-3 ${className}`}>
      <span
        aria-hidden="true"
        className="inline-block size-6 animate-spin rounded-full border-[3px] border-emerald-200 border-t-emerald-600"
      />
      <span className={visibleLabel ? 'text-slate-700' : 'sr-only'}>{label}</span>
    </span>
  );
}
