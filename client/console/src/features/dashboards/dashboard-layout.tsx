/**
 * What the four dashboards (fields, plans, tasks, tapping) share: the title, a filter bar, the counter, the
 * card grid with its loading, empty and failed states, and a pager. A failed load shows the empty-data message
 * (docs/console.md#faults-and-retries), with a retry.
 */
import { useId, type ReactNode } from 'react';
import { isPageOutOfRange, PageOutOfRange } from '../../components/ui/page-out-of-range';
import { Spinner } from '../../components/ui/spinner';

export interface DashboardListState {
  /** Undefined while the first load runs. */
  itemCount: number | undefined;
  loading: boolean;
  failed: boolean;
  /** Showing the previous page while the next one loads. */
  stale: boolean;
  retry(): void;
}

/** The list state of a dashboard whose list is one query. */
export function listStateOf(query: {
  data: { content: readonly unknown[] } | undefined;
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  refetch(): Promise<unknown>;
}): DashboardListState {
  return {
    itemCount: query.data?.content.length,
    loading: query.isPending,
    failed: query.isError,
    stale: query.isPlaceholderData,
    retry: () => void query.refetch(),
  };
}

export interface DashboardLayoutProps {
  title: string;
  filters?: ReactNode;
  counter?: ReactNode;
  list: DashboardListState;
  emptyText: string;
  page: number;
  totalPages: number | undefined;
  onPageChange(page: number): void;
  loadingLabel: string;
  children: ReactNode;
  pager: ReactNode;
}

export function DashboardLayout({
  title,
  filters,
  counter,
  list,
  emptyText,
  page,
  totalPages,
  onPageChange,
  loadingLabel,
  children,
  pager,
}: DashboardLayoutProps) {
  const outOfRange = !list.failed && isPageOutOfRange(page, totalPages);
  let body: ReactNode;
  if (list.loading) {
    body = (
      <div className="flex justify-center rounded-xl bg-white p-12 ring-1 ring-slate-200">
        <Spinner label={loadingLabel} visibleLabel />
      </div>
    );
  } else if (outOfRange) {
    body = <PageOutOfRange page={page} totalPages={totalPages ?? 0} onFirstPage={() => onPageChange(0)} />;
  } else if (list.failed || !list.itemCount) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-xl bg-white p-12 text-center ring-1 ring-slate-200">
        <p className="text-slate-600">{emptyText}</p>
        {list.failed ? (
          <button
            type="button"
            onClick={list.retry}
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
          >
            Thử lại
          </button>
        ) : null}
      </div>
    );
  } else {
    body = (
      <div
        aria-busy={list.stale}
        className={`grid grid-cols-1 gap-4 transition-opacity sm:grid-cols-2 xl:grid-cols-3 ${list.stale ? 'opacity-60' : ''}`}
      >
        {children}
      </div>
    );
  }
  const showTail = !list.loading && !list.failed && !outOfRange && Boolean(list.itemCount);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {showTail && counter ? <p className="rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200">{counter}</p> : null}
      </div>
      {filters ? <div className="mt-5 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">{filters}</div> : null}
      <section aria-label={title} className="mt-5">
        {body}
      </section>
      {showTail ? <div className="mt-6">{pager}</div> : null}
    </div>
  );
}

/**
 * A dashboard card. With `onOpen` its title is a button stretched over the whole card, so a click anywhere on
 * the card opens the details and keyboard users reach it with one Tab stop.
 */
export function DashboardCard({
  title,
  rows,
  onOpen,
  openLabel,
}: {
  title: string;
  rows: ReadonlyArray<[label: string, value: ReactNode]>;
  onOpen?: () => void;
  /** What the button does, read after its title. */
  openLabel?: string;
}) {
  const hintId = useId();
  return (
    <article
      className={`relative rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 ${
        onOpen ? 'transition hover:shadow-md hover:ring-emerald-300 has-[button:focus-visible]:outline-2 has-[button:focus-visible]:outline-offset-2 has-[button:focus-visible]:outline-emerald-600' : ''
      }`}
    >
      <h2 className="text-lg font-semibold wrap-anywhere text-slate-900">
        {onOpen ? (
          // Why a description and not a label: the name people hear must be the title they see (WCAG 2.5.3).
          <button
            type="button"
            onClick={onOpen}
            aria-describedby={openLabel ? hintId : undefined}
            aria-haspopup="dialog"
            className="text-left outline-none after:absolute after:inset-0 after:rounded-xl after:content-['']"
          >
            {title}
          </button>
        ) : (
          title
        )}
      </h2>
      {onOpen && openLabel ? (
        <span id={hintId} hidden>
          {openLabel}
        </span>
      ) : null}
      <dl className="mt-3 space-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="shrink-0 text-slate-500">{label}</dt>
            <dd className="min-w-0 text-right font-medium wrap-anywhere text-slate-800">{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
