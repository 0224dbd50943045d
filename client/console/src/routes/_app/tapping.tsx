import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { TappingDashboard } from '../../features/tapping/tapping-dashboard';
import { tappingDetailQueryOptions, tappingPageQueryOptions } from '../../features/tapping/tapping-query';
import { tappingSearchSchema } from '../../features/tapping/tapping-search';

export const Route = createFileRoute('/_app/tapping')({
  validateSearch: tappingSearchSchema,
  search: { middlewares: [stripSearchParams({ page: 0 })] },
  loaderDeps: ({ search }) => ({ page: search.page, tapping: search.tapping }),
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(tappingPageQueryOptions(deps.page));
    if (deps.tapping) void context.queryClient.prefetchQuery(tappingDetailQueryOptions(deps.tapping));
  },
  component: TappingRoute,
});

function TappingRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <TappingDashboard
      search={search}
      onChange={(next, options) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: options?.replace })}
    />
  );
}
