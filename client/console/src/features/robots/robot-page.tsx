/** Robot management (docs/console.md#robots): a page of robots, search and filters over it, and a details dialog. */
import type { RobotSummary } from '@contracts/api';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DetailDialog } from '../../components/ui/detail-dialog';
import { EmptyPlaceholder } from '../../components/ui/empty-placeholder';
import { ListError } from '../../components/ui/list-error';
import { isPageOutOfRange, PageOutOfRange } from '../../components/ui/page-out-of-range';
import { SearchBox } from '../../components/ui/search-box';
import { SelectField } from '../../components/ui/select-field';
import { SimplePager } from '../../components/ui/simple-pager';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTimeVi } from '../../lib/format';
import { useSteadyList } from '../../lib/use-steady-list';
import { LIST_FAILED } from '../regions/regions-query';
import { distinctTypes, filterRobots, isFiltering, ROBOT_STATUSES, robotStatusLabel, type RobotStatusFilter } from './robot-filter';
import { robotDetailQueryOptions, robotsPageQueryOptions } from './robots-query';
import type { RobotSearch } from './robot-search';

type Change = (next: Partial<RobotSearch>, options?: { replace?: boolean }) => void;

function StatusBadge({ active }: { active: boolean }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        active ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-700'
      }`}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${active ? 'bg-emerald-500' : 'bg-slate-500'}`} />
      {robotStatusLabel(active)}
    </span>
  );
}

function RobotDetails({ id, model, onClose }: { id: number | undefined; model: string | undefined; onClose(): void }) {
  const detail = useQuery({ ...robotDetailQueryOptions(id ?? 0), enabled: id !== undefined });
  const robot = detail.data;
  return (
    <DetailDialog
      open={id !== undefined}
      title={`Robot Details ${robot?.model ?? model ?? ''}`.trim()}
      onClose={onClose}
      status={detail.status}
      errorMessage={detail.error?.message}
      onRetry={() => void detail.refetch()}
      loadingLabel="Đang tải chi tiết robot"
      rows={
        robot && [
          ['ID', robot.id],
          ['Type', robot.typeRobot],
          ['Model', robot.model],
          ['Status', <StatusBadge key="status" active={robot.status} />],
          ['Time', formatDateTimeVi(robot.time)],
          ['Energy', `${robot.energy}%`],
        ]
      }
    />
  );
}

const buttonClass =
  'rounded-lg px-4 py-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600';

/** The model search, which applies from its icon, and the Type and Status drafts, which apply from 'Lọc'. */
function RobotFilters({ search, types, onChange }: { search: RobotSearch; types: string[]; onChange: Change }) {
  const [query, setQuery] = useState(search.q ?? '');
  const [type, setType] = useState(search.type ?? '');
  const [status, setStatus] = useState<string>(search.status ?? '');
  return (
    <div className="mt-5 grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end">
      <SearchBox
        label="Tìm theo model"
        placeholder="Nhập model robot"
        value={query}
        onChange={setQuery}
        onSubmit={() => onChange({ q: query.trim() || undefined })}
      />
      <SelectField
        label="Type"
        value={type}
        placeholder="Tất cả"
        options={[...new Set([...types, ...(type ? [type] : [])])].map((t) => ({ value: t, label: t }))}
        onChange={setType}
      />
      <SelectField
        label="Status"
        value={status}
        placeholder="Tất cả"
        options={ROBOT_STATUSES.map((s) => ({ value: s, label: s === 'active' ? 'Active' : 'Inactive' }))}
        onChange={setStatus}
      />
      <div className="flex gap-2">
        <button
          type="button"
          onClick={() => onChange({ type: type || undefined, status: (status || undefined) as RobotStatusFilter | undefined })}
          className={`${buttonClass} bg-emerald-600 font-semibold text-white hover:bg-emerald-700`}
        >
          Lọc
        </button>
        <button
          type="button"
          onClick={() => {
            setQuery('');
            setType('');
            setStatus('');
            onChange({ q: undefined, type: undefined, status: undefined });
          }}
          className={`${buttonClass} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
        >
          Đặt lại
        </button>
      </div>
    </div>
  );
}

/** A page of robots; a row, or the model's button for keyboards and screen readers, opens its details. */
function RobotTable({ robots, busy, onOpen }: { robots: RobotSummary[]; busy: boolean; onOpen(id: number): void }) {
  return (
    <table className={`w-full min-w-[32rem] text-left text-sm ${busy ? 'opacity-60' : ''}`} aria-busy={busy}>
      <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
        <tr>
          <th scope="col" className="px-4 py-3">ID</th>
          <th scope="col" className="px-4 py-3">Type</th>
          <th scope="col" className="px-4 py-3">Model</th>
          <th scope="col" className="px-4 py-3">Status</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {robots.map((robot) => (
          <tr
            key={robot.id}
            onClick={() => onOpen(robot.id)}
            className="cursor-pointer hover:bg-emerald-50"
          >
            <td className="px-4 py-3 font-mono text-slate-600">{robot.id}</td>
            <td className="px-4 py-3 wrap-anywhere">{robot.typeRobot}</td>
            <td className="px-4 py-3 font-medium wrap-anywhere text-slate-900">
              {/* The row opens on click; this button is the same action for keyboards and screen readers. */}
              <button
                type="button"
                aria-haspopup="dialog"
                onClick={(event) => {
                  event.stopPropagation();
                  onOpen(robot.id);
                }}
                className="text-left underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
              >
                {robot.model}
              </button>
            </td>
            <td className="px-4 py-3">
              <StatusBadge active={robot.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function RobotPage({ search, onChange }: { search: RobotSearch; onChange: Change }) {
  const list = useSteadyList({
    view: { page: search.page },
    queryOf: (view) => robotsPageQueryOptions(view.page),
    go: (view, options) => onChange({ page: view.page }, options),
    failure: LIST_FAILED,
  });
  const robots = list.query;
  const data = list.data;
  const busy = list.turning || list.staleView !== undefined;
  const failedFirst = robots.isError && !data;
  const filtering = isFiltering(search);
  const shown = data ? filterRobots(data.content, search) : [];
  const types = data ? distinctTypes(data.content) : [];
  const outOfRange = !list.staleView && isPageOutOfRange(search.page, data?.totalPages);
  const opened = data?.content.find((r) => r.id === search.robot);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">Robot Management</h1>

      <RobotFilters search={search} types={types} onChange={onChange} />

      {/* With rows on screen a failure is only logged (useSteadyList); with none, it is said, with a retry. */}
      {failedFirst ? (
        <div className="mt-4">
          <ListError message={LIST_FAILED} retrying={robots.isFetching} onRetry={() => void robots.refetch()} />
        </div>
      ) : null}

      {/* A list that never loaded is not an empty one: the failure line above is all there is to say. */}
      {failedFirst ? null : (
        <section aria-label="Danh sách robot" className="mt-5 overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          {!data && !robots.isError ? (
            <div className="flex justify-center p-10">
              <Spinner label="Đang tải danh sách robot" visibleLabel />
            </div>
          ) : outOfRange && data ? (
            <PageOutOfRange page={search.page} totalPages={data.totalPages} onFirstPage={() => onChange({ page: 0 })} />
          ) : shown.length === 0 ? (
            <EmptyPlaceholder text={filtering ? 'Không có robot nào khớp với bộ lọc' : 'Không có robot nào'} />
          ) : (
            <RobotTable robots={shown} busy={busy} onOpen={(id) => onChange({ robot: id })} />
          )}
        </section>
      )}

      {!filtering && data && data.totalPages > 0 && !outOfRange ? (
        <div className="mt-5">
          <SimplePager
            label="Phân trang robot"
            page={list.staleView?.page ?? search.page}
            totalPages={data.totalPages}
            onPageChange={(page) => list.turn({ page })}
            format={(p, total) => `${p + 1} | ${total}`}
          />
        </div>
      ) : null}

      <RobotDetails id={search.robot} model={opened?.model} onClose={() => onChange({ robot: undefined }, { replace: true })} />
    </div>
  );
}
