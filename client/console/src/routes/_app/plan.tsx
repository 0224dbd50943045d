import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { prefetchPlaceScreen } from '../../features/fields/place-prefetch';
import { PlanDashboard } from '../../features/plans/plan-dashboard';
import { planSearchSchema } from '../../features/plans/plan-search';
import { planDetailQueryOptions, plansPageQueryOptions } from '../../features/plans/plans-query';

export const Route = createFileRoute('/_app/plan')({
  validateSearch: planSearchSchema,
  search: { middlewares: [stripSearchParams({ page: 0 })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // A link that names its field shows that field's plans after one call, whatever the dropdowns still load.
    const { fieldId } = deps;
    const prefetchList = fieldId !== undefined ? () => context.queryClient.prefetchQuery(plansPageQueryOptions(fieldId, deps.page)) : undefined;
    prefetchPlaceScreen(context.queryClient, deps, { prefetchList, withField: true });
    if (deps.plan) void context.queryClient.prefetchQuery(planDetailQueryOptions(deps.plan));
  },
  component: PlanRoute,
});

function PlanRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <PlanDashboard search={search} onChange={(next, options) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: options?.replace })} />;
}
