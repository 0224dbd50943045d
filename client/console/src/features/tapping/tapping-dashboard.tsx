/** Tapping statistics (docs/console.md#tapping-statistics): records six per page, each with a details dialog. */
import { useQuery } from '@tanstack/react-query';
import { DetailDialog } from '../../components/ui/detail-dialog';
import { Pagination } from '../../components/ui/pagination';
import { textOrUnknown } from '../../lib/format';
import { countedPages, pageCounts } from '../dashboards/dashboard-counts';
import { DashboardCard, DashboardLayout, listStateOf } from '../dashboards/dashboard-layout';
import { tappingDetailQueryOptions, tappingPageQueryOptions } from './tapping-query';
import { tappingRows } from './tapping-rows';
import type { TappingSearch } from './tapping-search';

function TappingDetails({ id, onClose }: { id: number | undefined; onClose(): void }) {
  const detail = useQuery({ ...tappingDetailQueryOptions(id ?? 0), enabled: id !== undefined });
  return (
    <DetailDialog
      open={id !== undefined}
      title={`Chi tiết Tapping #${id ?? ''}`}
      onClose={onClose}
      size="lg"
      status={detail.status}
      errorMessage={detail.error?.message}
      onRetry={() => void detail.refetch()}
      loadingLabel="Đang tải chi tiết tapping"
      rows={detail.data && tappingRows(detail.data)}
    />
  );
}

export function TappingDashboard({
  search,
  onChange,
}: {
  search: TappingSearch;
  onChange(next: Partial<TappingSearch>, options?: { replace?: boolean }): void;
}) {
  const list = useQuery(tappingPageQueryOptions(search.page));
  const data = list.data;
  const totalPages = data ? countedPages(data.totalElements) : undefined;
  return (
    <>
      <DashboardLayout
        title="Dashboard - Tapping Statistics"
        counter={data ? `Tổng số lần cạo: ${pageCounts(data).shown}/${data.totalElements}` : null}
        list={listStateOf(list)}
        emptyText="Không có dữ liệu."
        loadingLabel="Đang tải danh sách tapping"
        page={search.page}
        totalPages={totalPages}
        onPageChange={(page) => onChange({ page })}
        pager={<Pagination label="Phân trang tapping" page={search.page} totalPages={totalPages ?? 0} onPageChange={(page) => onChange({ page })} />}
      >
        {data?.content.map((tapping) => (
          <DashboardCard
            key={tapping.id}
            title={`Tapping #${tapping.id}`}
            openLabel={`Xem chi tiết Tapping #${tapping.id}`}
            onOpen={() => onChange({ tapping: tapping.id })}
            rows={[
              ['ID', tapping.id],
              ['Robot ID', tapping.robotId],
              ['Tree ID', tapping.treeId],
              ['Hướng', textOrUnknown(tapping.direction)],
            ]}
          />
        ))}
      </DashboardLayout>
      <TappingDetails id={search.tapping} onClose={() => onChange({ tapping: undefined }, { replace: true })} />
    </>
  );
}
