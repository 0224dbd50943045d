/** One tree's measurement history (docs/console.md#tree-measurement-detail), with a growth chart. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { compareGrowth, sortNewestFirst } from './growth';
import { GrowthBlock } from './growth-block';
import { GrowthChart } from './growth-chart';
import { TreeLoadError } from './load-error';
import { MeasurementCard } from './measurement-card';
import { LoadingBlock, RefreshAndAdd } from './page-parts';
import { treeMeasurementsQueryOptions } from './tree-queries';
import { UNKNOWN_TEXT } from '../../lib/format';
import { treeContext, type TreeOrigin } from './tree-search';

export function TreeDetailPage({ treeId, origin }: { treeId: number; origin: TreeOrigin | null }) {
  const query = useQuery(treeMeasurementsQueryOptions(treeId));
  const measurements = query.data ? sortNewestFirst(query.data) : [];
  const [newest, ...history] = measurements;
  const context = treeContext(origin, query.data);
  const count = query.data ? String(query.data.length) : query.isError ? UNKNOWN_TEXT : '…';

  let body;
  if (query.isPending)
    body = <LoadingBlock label="Đang tải dữ liệu đo đạc" />;
  else if (query.isError) body = <TreeLoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (!newest)
    body = (
      <p className="mx-auto my-12 max-w-md rounded-2xl bg-white p-8 text-center text-slate-700 ring-1 ring-slate-200">
        Chưa có dữ liệu đo đạc
      </p>
    );
  else
    body = (
      <div className="flex flex-col gap-6">
        <GrowthBlock growth={compareGrowth(measurements)} />
        <GrowthChart measurements={measurements} />
        <section aria-labelledby="newest-title">
          <h2 id="newest-title" className="mb-3 text-base font-semibold text-slate-900">
            Lần đo mới nhất
          </h2>
          <MeasurementCard measurement={newest} newest />
        </section>
        {history.length > 0 && (
          <section aria-labelledby="history-title">
            <h2 id="history-title" className="mb-3 text-base font-semibold text-slate-900">
              Lịch sử đo đạc
            </h2>
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Lịch sử đo đạc">
              {history.map((m) => (
                <li key={m.id}>
                  <MeasurementCard measurement={m} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    );

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <Link
            to="/rubber-tree/$fieldId"
            params={{ fieldId: context.fieldId ?? 1 }}
            className="text-sm font-medium text-emerald-700 hover:underline"
          >
            ← Quay lại danh sách cây
          </Link>
          <h1 className="mt-2 text-2xl font-bold text-slate-900">Cây cao su #{treeId}</h1>
          <p className="mt-1 text-sm wrap-anywhere text-slate-600" data-testid="tree-detail-summary">
            Vị trí: {context.location ?? UNKNOWN_TEXT} · Cánh đồng: {context.fieldId ?? UNKNOWN_TEXT} · Số lần đo: {count}
          </p>
        </div>
        <RefreshAndAdd
          onRefresh={() => void query.refetch()}
          refreshing={query.isFetching}
          addLabel="Thêm lần đo"
          addNotice="Chức năng thêm lần đo mới đang được phát triển"
        />
      </header>
      {body}
    </div>
  );
}
