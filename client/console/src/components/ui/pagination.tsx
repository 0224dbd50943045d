/**
 * The numbered pager (docs/console.md#paging-rules): Previous/Next, a window of page numbers (5, or 3 below
 * 640 px) with first and last shortcuts and ellipses, a compact 'n / total' on narrow screens, hidden when there is at most one page.
 * `page` is zero-based; people see one-based numbers.
 */
import type { ReactNode } from 'react';
import { pageWindow } from '../../lib/page-window';
import { useMediaQuery } from '../../lib/use-media-query';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange(page: number): void;
  summary?: ReactNode;
  windowSize?: { narrow: number; wide: number };
  /** Names the pager for screen readers when a screen has more than one. */
  label?: string;
}

export const NARROW_QUERY = '(max-width: 639.98px)';
const DEFAULT_WINDOW = { narrow: 3, wide: 5 };

const buttonBase =
  'inline-flex min-w-10 items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600';

export function Pagination({
  page,
  totalPages,
  onPageChange,
  summary,
  windowSize = DEFAULT_WINDOW,
  label = 'Phân trang',
}: PaginationProps) {
  const narrow = useMediaQuery(NARROW_QUERY);
  if (totalPages <= 1) return null;

  const go = (target: number) => {
    // A page change is accepted only from 0 to totalPages-1 (docs/console.md#paging-rules).
    if (target >= 0 && target < totalPages && target !== page) onPageChange(target);
  };
  const items = pageWindow(page, totalPages, narrow ? windowSize.narrow : windowSize.wide);

  const previous = (
    <button
      type="button"
      onClick={() => go(page - 1)}
      disabled={page <= 0}
      className={`${buttonBase} border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40`}
    >
      Previous
    </button>
  );
  const next = (
    <button
      type="button"
      onClick={() => go(page + 1)}
      disabled={page >= totalPages - 1}
      className={`${buttonBase} border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40`}
    >
      Next
    </button>
  );
  return (
    <nav aria-label={label} className="flex flex-col items-center gap-3">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        {narrow ? null : <li>{previous}</li>}
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                onClick={() => go(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Trang ${item + 1}`}
                className={`${buttonBase} ${
                  item === page
                    ? 'border-emerald-600 bg-emerald-600 text-white'
                    : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
                }`}
              >
                {item + 1}
              </button>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="px-1 text-slate-400">
              …
            </li>
          ),
        )}
        {narrow ? null : <li>{next}</li>}
      </ul>
      {narrow ? (
        // Why on a row of their own below 640 px: among the page numbers, Next was left alone on a second line.
        <div className="flex items-center gap-3">
          {previous}
          <p className="text-sm text-slate-600" data-testid="pager-compact">
            {page + 1} / {totalPages}
          </p>
          {next}
        </div>
      ) : summary ? (
        <p className="text-sm text-slate-600">{summary}</p>
      ) : null}
    </nav>
  );
}
