import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { FieldDashboard } from '../../features/fields/field-dashboard';
import { fieldSearchSchema } from '../../features/fields/field-search';
import { fieldsPageQueryOptions } from '../../features/fields/fields-query';
import { prefetchPlaceScreen } from '../../features/fields/place-prefetch';

export const Route = createFileRoute('/_app/field')({
  validateSearch: fieldSearchSchema,
  search: { middlewares: [stripSearchParams({ page: 0 })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // A link that names its country (and region) shows their fields after one call, whatever the dropdowns still load.
    const { countryId } = deps;
    const prefetchList =
      countryId !== undefined ? () => context.queryClient.prefetchQuery(fieldsPageQueryOptions({ countryId, regionId: deps.regionId }, deps.page)) : undefined;
    prefetchPlaceScreen(context.queryClient, deps, { prefetchList, withField: false });
  },
  component: FieldRoute,
});

function FieldRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <FieldDashboard search={search} onChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })} />;
}
