/** Field statistics (docs/console.md#field-statistics): fields of a country or of one of its regions, six per page. */
import { useQuery } from '@tanstack/react-query';
import { Pagination } from '../../components/ui/pagination';
import { pageCounts } from '../dashboards/dashboard-counts';
import { DashboardCard, DashboardLayout } from '../dashboards/dashboard-layout';
import type { FieldSearch } from './field-search';
import { fieldsPageQueryOptions } from './fields-query';
import { PlaceFilters, usePlace, type PlaceOptions } from './place-filters';

const PLACE_OPTIONS: PlaceOptions = { regionRequired: false, withField: false };

export function formatArea(hectares: number): string {
  return `${hectares.toLocaleString('vi-VN', { maximumFractionDigits: 2 })} ha`;
}

export function FieldDashboard({ search, onChange }: { search: FieldSearch; onChange(next: Partial<FieldSearch>): void }) {
  const placeState = usePlace(search, PLACE_OPTIONS);
  const { countryId, regionId } = placeState.place;
  const fields = useQuery({
    ...fieldsPageQueryOptions({ countryId: countryId ?? 0, regionId }, search.page),
    enabled: countryId !== undefined && placeState.listReady,
  });
  const data = fields.data;
  const counts = data ? pageCounts(data) : undefined;
  return (
    <DashboardLayout
      title="Dashboard - Field Statistics"
      filters={<PlaceFilters state={placeState} options={PLACE_OPTIONS} onChange={onChange} />}
      counter={counts ? `Tổng số cánh đồng: ${counts.shown}/${counts.total}` : null}
      list={{
        itemCount: data?.content.length,
        loading: !placeState.blocked && !fields.isError && (countryId !== undefined && placeState.listReady ? fields.isPending : placeState.pending),
        failed: placeState.blocked || fields.isError,
        stale: fields.isPlaceholderData,
        // Every call that failed is asked again: a failed list of the dropdowns as well as the fields.
        retry: () => void Promise.all([placeState.retryLists(), fields.isError ? fields.refetch() : undefined]),
      }}
      emptyText="Không có dữ liệu cho khu vực này."
      loadingLabel="Đang tải danh sách cánh đồng"
      page={search.page}
      totalPages={data?.totalPages}
      onPageChange={(page) => onChange({ page })}
      pager={<Pagination label="Phân trang cánh đồng" page={search.page} totalPages={data?.totalPages ?? 0} onPageChange={(page) => onChange({ page })} />}
    >
      {data?.content.map((field) => (
        <DashboardCard
          key={field.fieldId}
          title={field.fieldName}
          rows={[
            ['Diện tích', formatArea(field.area)],
            ['Field ID', field.fieldId],
          ]}
        />
      ))}
    </DashboardLayout>
  );
}
