import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { allCountriesQueryOptions } from '../../features/countries/all-countries-query';
import { PlanDashboard } from '../../features/plans/plan-dashboard';
import { planSearchSchema } from '../../features/plans/plan-search';
import { planDetailQueryOptions } from '../../features/plans/plans-query';

export const Route = createFileRoute('/_app/plan')({
  validateSearch: planSearchSchema,
  search: { middlewares: [stripSearchParams({ page: 0 })] },
  loaderDeps: ({ search }) => ({ plan: search.plan }),
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(allCountriesQueryOptions());
    if (deps.plan) void context.queryClient.prefetchQuery(planDetailQueryOptions(deps.plan));
  },
  component: PlanRoute,
});

function PlanRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <PlanDashboard search={search} onChange={(next, options) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: options?.replace })} />;
}
