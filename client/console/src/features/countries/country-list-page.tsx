/**
 * The country list (docs/console.md#country-list): stat tiles, refresh, a card grid, the pager, and the four states. An
 * error while a list is already on screen keeps that list and is only logged (docs/console.md#faults-and-retries).
 */
import { isPageOutOfRange, PageOutOfRange } from '../../components/ui/page-out-of-range';
import { GlobeIcon, WarningIcon } from '../../components/ui/icons';
import { Pagination } from '../../components/ui/pagination';
import { Spinner } from '../../components/ui/spinner';
import { useSteadyList } from '../../lib/use-steady-list';
import { CountryCard, CountryCardSkeleton } from './country-card';
import { countriesQueryOptions, countryListErrorMessage } from './countries-query';

export const SKELETON_CARDS = 6;
const DEFAULT_ERROR = 'Unable to load countries. Please check your connection and try again.';

function StatTile({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-xl bg-white/10 px-4 py-3 ring-1 ring-white/20">
      <p className="text-xs font-medium uppercase tracking-wide text-white">{label}</p>
      <p className="mt-1 text-2xl font-bold text-white">{value}</p>
    </div>
  );
}

export function CountryListPage({ page, onPageChange }: { page: number; onPageChange(page: number, options?: { replace?: boolean }): void }) {
  // The last page that loaded stays on screen when a later load fails, which is only logged; the URL and the pager
  // move to a page once it has come (lib/use-steady-list.ts).
  const list = useSteadyList({
    view: { page },
    queryOf: (view) => countriesQueryOptions(view.page),
    go: (view, options) => onPageChange(view.page, options),
    failure: 'Không tải được danh sách quốc gia',
  });
  const query = list.query;
  const data = list.data;
  const busy = list.turning || list.staleView !== undefined;

  if (query.isError && !data) {
    const message = countryListErrorMessage(query.error) || DEFAULT_ERROR;
    return (
      <div className="flex min-h-[70vh] items-center justify-center p-6">
        <div role="alert" className="w-full max-w-lg rounded-2xl bg-white p-8 text-center shadow-lg ring-1 ring-red-100">
          <WarningIcon className="mx-auto size-12 text-red-600" />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">Oops! Something went wrong</h1>
          <p className="mt-2 text-slate-600">{message}</p>
          <button
            type="button"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            className="mt-6 rounded-lg bg-emerald-600 px-5 py-2.5 font-semibold text-white hover:bg-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 disabled:opacity-60"
          >
            {query.isFetching ? 'Refreshing...' : 'Try Again'}
          </button>
          <p className="mt-4 text-sm text-slate-500">If the problem persists, please contact support.</p>
        </div>
      </div>
    );
  }

  const refreshing = query.isFetching;
  const shownPage = list.staleView?.page ?? page;
  const countries = data?.content ?? [];
  const totalPages = data?.totalPages ?? 0;
  const totalElements = data?.totalElements ?? 0;
  const outOfRange = !list.staleView && isPageOutOfRange(page, data?.totalPages);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <header className="rounded-2xl bg-gradient-to-r from-emerald-600 to-teal-700 p-6 text-white shadow-lg">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
          <div>
            <span className="inline-block rounded-full bg-white/20 px-3 py-1 text-xs font-semibold uppercase tracking-wide">
              Country Dashboard
            </span>
            <h1 className="mt-3 text-3xl font-bold">World Countries</h1>
          </div>
          <div className="flex flex-wrap items-stretch gap-3">
            <StatTile label="Total Countries" value={data ? totalElements : '—'} />
            <StatTile label="Showing" value={data ? countries.length : '—'} />
            <button
              type="button"
              onClick={() => void query.refetch()}
              disabled={refreshing}
              aria-busy={refreshing}
              className="rounded-xl bg-white px-4 py-3 text-sm font-semibold text-emerald-700 shadow hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-wait disabled:opacity-80"
            >
              {refreshing ? 'Refreshing...' : 'Refresh Data'}
            </button>
          </div>
        </div>
      </header>

      <section aria-label="Danh sách quốc gia" className="mt-6">
        {!data ? (
          <>
            <div className="mb-4 flex justify-center">
              <Spinner label="Đang tải danh sách quốc gia" visibleLabel />
            </div>
            <div className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
              {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                <CountryCardSkeleton key={i} />
              ))}
            </div>
          </>
        ) : outOfRange ? (
          <PageOutOfRange page={page} totalPages={totalPages} onFirstPage={() => onPageChange(0)} />
        ) : countries.length === 0 ? (
          <div className="rounded-2xl bg-white p-10 text-center ring-1 ring-slate-200">
            <GlobeIcon data-testid="empty-countries-icon" className="mx-auto size-12 text-slate-400" />
            <h2 className="mt-3 text-xl font-semibold text-slate-900">Không tìm thấy quốc gia nào</h2>
            <p className="mt-1 text-slate-600">Hãy thử làm mới dữ liệu hoặc kiểm tra kết nối mạng.</p>
          </div>
        ) : (
          <>
            <div
              aria-busy={busy}
              className={`grid grid-cols-1 gap-6 transition-opacity md:grid-cols-2 xl:grid-cols-3 ${busy ? 'opacity-60' : ''}`}
            >
              {countries.map((country) => (
                <CountryCard key={country.countryId} country={country} />
              ))}
            </div>
            <p className="mt-6 text-center text-sm text-slate-600">
              Showing {countries.length} {countries.length === 1 ? 'country' : 'countries'} on this page
            </p>
          </>
        )}
      </section>

      {data && !outOfRange ? (
        <div className="mt-6">
          <Pagination
            page={shownPage}
            totalPages={totalPages}
            onPageChange={(next) => list.turn({ page: next })}
            label="Phân trang quốc gia"
            summary={`Page ${shownPage + 1} of ${totalPages} • Total: ${totalElements} countries`}
          />
        </div>
      ) : null}
    </div>
  );
}
