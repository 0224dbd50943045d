/**
 * The plain Previous/Next pager of the region, robot and task screens, with its own position text
 * ('page+1 | totalPages', 'Trang: n / total'). `page` is zero-based.
 */
export interface SimplePagerProps {
  page: number;
  totalPages: number;
  onPageChange(page: number): void;
  /** The position text, from the zero-based page. */
  format(page: number, totalPages: number): string;
  label: string;
}

const buttonClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 disabled:cursor-not-allowed disabled:opacity-40';

export function SimplePager({ page, totalPages, onPageChange, format, label }: SimplePagerProps) {
  const go = (target: number) => {
    if (target >= 0 && target < totalPages) onPageChange(target);
  };
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-3">
      <button type="button" className={buttonClass} onClick={() => go(page - 1)} disabled={page <= 0}>
        Previous
      </button>
      <span className="min-w-16 text-center text-sm font-medium text-slate-700" aria-live="polite">
        {format(page, totalPages)}
      </span>
      <button type="button" className={buttonClass} onClick={() => go(page + 1)} disabled={page >= totalPages - 1}>
        Next
      </button>
    </nav>
  );
}
