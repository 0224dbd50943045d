/** Task statistics (docs/console.md#task-statistics): every task, or those of a robot or a plan, six per page. */
import { useQuery } from '@tanstack/react-query';
import { useId, useReducer } from 'react';
import { SelectField } from '../../components/ui/select-field';
import { SimplePager } from '../../components/ui/simple-pager';
import { countedPages, pageCounts } from '../dashboards/dashboard-counts';
import { DashboardCard, DashboardLayout, listStateOf } from '../dashboards/dashboard-layout';
import {
  applyTaskFilter,
  canSearch,
  draftOf,
  TASK_FILTER_LABELS,
  TASK_FILTER_MODES,
  taskFilterProblem,
  taskFilterReducer,
  type TaskFilterMode,
} from './task-filter';
import type { TaskSearch } from './task-search';
import { tasksPageQueryOptions } from './tasks-query';

function TaskFilterForm({ search, onApply }: { search: TaskSearch; onApply(next: Partial<TaskSearch>): void }) {
  const [draft, dispatch] = useReducer(taskFilterReducer, search, draftOf);
  const inputId = useId();
  const problem = taskFilterProblem(draft);
  return (
    <form
      className="grid gap-4 md:grid-cols-[minmax(0,12rem)_minmax(0,14rem)_auto] md:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSearch(draft)) onApply(applyTaskFilter(draft));
      }}
    >
      <SelectField
        label="Sort by"
        value={draft.mode}
        options={TASK_FILTER_MODES.map((mode) => ({ value: mode, label: TASK_FILTER_LABELS[mode] }))}
        onChange={(value) => dispatch({ type: 'mode', mode: value as TaskFilterMode })}
      />
      {draft.mode !== 'all' ? (
        <div>
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
            {TASK_FILTER_LABELS[draft.mode]}
          </label>
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={draft.value}
            placeholder={`Nhập ${TASK_FILTER_LABELS[draft.mode]}`}
            onChange={(event) => dispatch({ type: 'value', value: event.target.value })}
            aria-invalid={problem && problem !== 'empty' ? true : undefined}
            aria-describedby={problem && problem !== 'empty' ? `${inputId}-error` : undefined}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
          />
          {problem && problem !== 'empty' ? (
            <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
              {problem}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="hidden md:block" />
      )}
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={!canSearch(draft)}
          // Why: a disabled Search says why, with the message under the value (docs/console.md#search-and-filter-rules).
          aria-describedby={problem && problem !== 'empty' ? `${inputId}-error` : undefined}
          className="rounded-lg bg-emerald-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 disabled:cursor-not-allowed disabled:opacity-50"
        >
          Search
        </button>
        <button
          type="button"
          onClick={() => {
            dispatch({ type: 'reset' });
            onApply({ by: 'all', id: undefined, page: 0 });
          }}
          className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
        >
          Delete Filter
        </button>
      </div>
    </form>
  );
}

export function TaskDashboard({ search, onChange }: { search: TaskSearch; onChange(next: Partial<TaskSearch>): void }) {
  const tasks = useQuery(tasksPageQueryOptions({ by: search.by, id: search.id }, search.page));
  const data = tasks.data;
  const totalPages = data ? countedPages(data.totalElements) : undefined;
  return (
    <DashboardLayout
      title="Dashboard - Task Statistics"
      filters={
        // Keyed by the applied filter: a back/forward or a shared link starts the form again from the URL.
        <TaskFilterForm key={`${search.by}:${search.id ?? ''}`} search={search} onApply={onChange} />
      }
      counter={data ? `Tổng số nhiệm vụ: ${pageCounts(data).shown}/${data.totalElements}` : null}
      list={listStateOf(tasks)}
      emptyText="Không có dữ liệu."
      loadingLabel="Đang tải danh sách nhiệm vụ"
      page={search.page}
      totalPages={totalPages}
      onPageChange={(page) => onChange({ page })}
      pager={
        <SimplePager
          label="Phân trang nhiệm vụ"
          page={search.page}
          totalPages={totalPages ?? 0}
          onPageChange={(page) => onChange({ page })}
          format={(page, total) => `Trang: ${page + 1} / ${total}`}
        />
      }
    >
      {data?.content.map((task) => (
        <DashboardCard
          key={task.taskId}
          title={`Task #${task.taskId}`}
          rows={[
            ['Task ID', task.taskId],
            ['Robot ID', task.robotId],
            ['Plan ID', task.planId],
            ['Action', task.actionDetail || '—'],
          ]}
        />
      ))}
    </DashboardLayout>
  );
}
