/** Plan statistics (docs/console.md#plan-statistics): the plans of a field, with a details dialog per plan. */
import { useQuery } from '@tanstack/react-query';
import { DetailDialog } from '../../components/ui/detail-dialog';
import { Pagination } from '../../components/ui/pagination';
import { formatDateTimeVi } from '../../lib/format';
import { pageCounts } from '../dashboards/dashboard-counts';
import { DashboardCard, DashboardLayout } from '../dashboards/dashboard-layout';
import { PlaceFilters, usePlace, type PlaceOptions } from '../fields/place-filters';
import type { PlanSearch } from './plan-search';
import { planDetailQueryOptions, plansPageQueryOptions } from './plans-query';
import { planDescription, planTitle } from './plan-text';

const PLACE_OPTIONS: PlaceOptions = { regionRequired: true, withField: true };

function PlanDetails({ planId, onClose }: { planId: number | undefined; onClose(): void }) {
  const detail = useQuery({ ...planDetailQueryOptions(planId ?? 0), enabled: planId !== undefined });
  const plan = detail.data;
  return (
    <DetailDialog
      open={planId !== undefined}
      title="Plan Details"
      onClose={onClose}
      status={detail.status}
      errorMessage={detail.error?.message}
      onRetry={() => void detail.refetch()}
      loadingLabel="Đang tải chi tiết kế hoạch"
      rows={
        plan && [
          ['Plan ID', plan.planId],
          ['Plan Title', planTitle(plan.planTitle)],
          ['Plan Description', planDescription(plan.planDescription)],
          ['Start Date', formatDateTimeVi(plan.startDate)],
        ]
      }
    />
  );
}

export function PlanDashboard({
  search,
  onChange,
}: {
  search: PlanSearch;
  onChange(next: Partial<PlanSearch>, options?: { replace?: boolean }): void;
}) {
  const placeState = usePlace(search, PLACE_OPTIONS);
  const { fieldId } = placeState.place;
  const listOn = fieldId !== undefined && placeState.listReady;
  const plans = useQuery({ ...plansPageQueryOptions(fieldId ?? 0, search.page), enabled: listOn });
  const data = listOn ? plans.data : undefined;
  const counts = data ? pageCounts(data) : undefined;
  const noField = !placeState.pending && !placeState.blocked && fieldId === undefined;
  return (
    <>
      <DashboardLayout
        title="Dashboard - Plan Statistics"
        filters={<PlaceFilters state={placeState} options={PLACE_OPTIONS} onChange={onChange} />}
        counter={counts ? `Tổng số kế hoạch: ${counts.shown}/${counts.total}` : null}
        list={{
          itemCount: noField ? 0 : data?.content.length,
          loading: !placeState.blocked && !plans.isError && !noField && (listOn ? plans.isPending : placeState.pending),
          failed: placeState.blocked || plans.isError,
          stale: plans.isPlaceholderData,
          // Every call that failed is asked again: a failed list of the dropdowns as well as the plans.
          retry: () => void Promise.all([placeState.retryLists(), plans.isError ? plans.refetch() : undefined]),
        }}
        emptyText="Không có dữ liệu."
        loadingLabel="Đang tải danh sách kế hoạch"
        page={search.page}
        totalPages={data?.totalPages}
        onPageChange={(page) => onChange({ page })}
        pager={<Pagination label="Phân trang kế hoạch" page={search.page} totalPages={data?.totalPages ?? 0} onPageChange={(page) => onChange({ page })} />}
      >
        {data?.content.map((plan) => (
          <DashboardCard
            key={plan.planId}
            title={`Plan #${plan.planId}`}
            openLabel={`Xem chi tiết kế hoạch #${plan.planId}`}
            onOpen={() => onChange({ plan: plan.planId })}
            rows={[
              ['Plan ID', plan.planId],
              ['Field ID', plan.fieldId],
            ]}
          />
        ))}
      </DashboardLayout>
      <PlanDetails planId={search.plan} onClose={() => onChange({ plan: undefined }, { replace: true })} />
    </>
  );
}
