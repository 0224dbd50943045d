import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { allCountriesQueryOptions } from '../../features/countries/all-countries-query';
import { FieldDashboard } from '../../features/fields/field-dashboard';
import { fieldSearchSchema } from '../../features/fields/field-search';

export const Route = createFileRoute('/_app/field')({
  validateSearch: fieldSearchSchema,
  search: { middlewares: [stripSearchParams({ page: 0 })] },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(allCountriesQueryOptions());
  },
  component: FieldRoute,
});

function FieldRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <FieldDashboard search={search} onChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })} />;
}
