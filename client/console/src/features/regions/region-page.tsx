/**
 * Region management (docs/console.md#regions): a country's regions, a search over the current page, a country
 * dropdown over every country, reset, and the 'page+1 | totalPages' pager when no search is active.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EmptyPlaceholder } from '../../components/ui/empty-placeholder';
import { ListError } from '../../components/ui/list-error';
import { isPageOutOfRange, PageOutOfRange } from '../../components/ui/page-out-of-range';
import { SearchBox } from '../../components/ui/search-box';
import { SelectField } from '../../components/ui/select-field';
import { SimplePager } from '../../components/ui/simple-pager';
import { Spinner } from '../../components/ui/spinner';
import { useSteadyList } from '../../lib/use-steady-list';
import { allCountriesQueryOptions } from '../countries/all-countries-query';
import { LIST_FAILED, regionsPageQueryOptions } from './regions-query';
import { filterByText } from '../../lib/text-filter';

export interface RegionView {
  /** From the path; the first country when absent. */
  countryId: number | undefined;
  page: number;
  q: string | undefined;
}

export interface RegionPageProps extends RegionView {
  onCountryChange(countryId: number, options?: { replace?: boolean; page?: number }): void;
  onChange(next: Partial<Pick<RegionView, 'page' | 'q'>>, options?: { replace?: boolean }): void;
}

/** A country id in the path that the country list does not have (a stale or edited link). */
function UnknownCountry({ countryId }: { countryId: number }) {
  return (
    <div role="alert" className="mx-auto my-10 max-w-md p-6 text-center">
      <p className="font-semibold text-slate-900">Không tìm thấy quốc gia #{countryId}</p>
      <p className="mt-1 text-sm text-slate-600">Quốc gia này không có trong danh sách.</p>
      <Link to="/region" className="mt-4 inline-block rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800">
        Về danh sách khu vực
      </Link>
    </div>
  );
}

export function RegionPage({ countryId, page, q, onCountryChange, onChange }: RegionPageProps) {
  const countries = useQuery(allCountriesQueryOptions());
  const selectedId = countryId ?? countries.data?.[0]?.countryId;
  const list = useSteadyList({
    view: { countryId: selectedId ?? 0, page },
    enabled: selectedId !== undefined,
    queryOf: (view) => regionsPageQueryOptions(view.countryId, view.page),
    go: (view, options) =>
      view.countryId === selectedId ? onChange({ page: view.page }, options) : onCountryChange(view.countryId, { ...options, page: view.page }),
    failure: LIST_FAILED,
  });
  const regions = list.query;
  const data = list.data;
  // The page of the rows shown: the URL's, or the one kept while the URL's loads.
  const shownPage = list.staleView?.page ?? page;
  const unknownCountry = countryId !== undefined && countries.data !== undefined && !countries.data.some((c) => c.countryId === countryId);
  const search = q?.trim() ?? '';
  const shown = data ? filterByText(data.content, search, (r) => r.regionName) : [];
  const outOfRange = !list.staleView && isPageOutOfRange(page, data?.totalPages);
  // A disabled query (no country to ask about) is "pending" too, but nothing is loading then.
  const busy = list.turning || list.staleView !== undefined;
  const failedFirst = !data && (regions.isError || countries.isError);
  const loading =
    !data && !regions.isError && !countries.isError && (countries.isPending || (selectedId !== undefined && regions.isPending));

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">Region Management</h1>

      <div className="mt-5 grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-[1fr_1fr_auto] md:items-end">
        <SearchBox
          label="Tìm kiếm khu vực"
          placeholder="Nhập tên khu vực"
          value={q ?? ''}
          onChange={(value) => onChange({ q: value || undefined }, { replace: true })}
        />
        <SelectField
          label="Quốc gia"
          value={selectedId === undefined || unknownCountry ? '' : String(selectedId)}
          options={(countries.data ?? []).map((c) => ({ value: String(c.countryId), label: c.countryName }))}
          placeholder={
            unknownCountry ? `Quốc gia #${countryId} không tồn tại` : countries.data ? undefined : countries.isError ? 'Không tải được danh sách' : 'Đang tải...'
          }
          busy={countries.isFetching}
          disabled={!countries.data}
          onChange={(value) => value && list.turn({ countryId: Number(value), page: 0 })}
        />
        <button
          type="button"
          onClick={() => onChange({ q: undefined, page: 0 })}
          className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
        >
          Đặt lại
        </button>
      </div>

      {/* With rows on screen a failure is only logged (useSteadyList); with none, it is said, with a retry. */}
      {failedFirst ? (
        <div className="mt-4">
          <ListError
            message={LIST_FAILED}
            retrying={regions.isFetching || countries.isFetching}
            onRetry={() => void (countries.isError ? countries.refetch() : regions.refetch())}
          />
        </div>
      ) : null}

      {/* A list that never loaded is not an empty one: the failure line above is all there is to say. */}
      {failedFirst ? null : (
        <section aria-label="Danh sách khu vực" className="mt-5 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          {loading ? (
            <div className="flex justify-center p-10">
              <Spinner label="Đang tải danh sách khu vực" visibleLabel />
            </div>
          ) : unknownCountry ? (
            <UnknownCountry countryId={countryId} />
          ) : outOfRange && data ? (
            <PageOutOfRange page={page} totalPages={data.totalPages} onFirstPage={() => onChange({ page: 0 })} />
          ) : shown.length === 0 ? (
            <EmptyPlaceholder text={search ? `Không có khu vực nào khớp với “${search}”` : 'Không có khu vực nào'} />
          ) : (
            <table className={`w-full text-left text-sm ${busy ? 'opacity-60' : ''}`} aria-busy={busy}>
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3">Region ID</th>
                  <th scope="col" className="px-4 py-3">Region Name</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {shown.map((region) => (
                  <tr key={region.regionId} className="hover:bg-slate-50">
                    <td className="px-4 py-3 font-mono text-slate-600">{region.regionId}</td>
                    <td className="px-4 py-3 font-medium wrap-anywhere text-slate-900">{region.regionName}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}

      {!search && data && data.totalPages > 0 && !outOfRange && !unknownCountry ? (
        <div className="mt-5">
          <SimplePager
            label="Phân trang khu vực"
            page={shownPage}
            totalPages={data.totalPages}
            onPageChange={(next) => selectedId !== undefined && list.turn({ countryId: selectedId, page: next })}
            format={(p, total) => `${p + 1} | ${total}`}
          />
        </div>
      ) : null}
    </div>
  );
}
