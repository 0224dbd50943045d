import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { allCountriesQueryOptions } from '../../../features/countries/all-countries-query';
import { RegionPage } from '../../../features/regions/region-page';
import { regionSearchSchema } from '../../../features/regions/region-search';

/** Without a country in the path, the screen shows the first country of the list. */
export const Route = createFileRoute('/_app/region/')({
  validateSearch: regionSearchSchema,
  search: { middlewares: [stripSearchParams({ page: 0 })] },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(allCountriesQueryOptions());
  },
  component: RegionIndexRoute,
});

function RegionIndexRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RegionPage
      countryId={undefined}
      page={search.page}
      q={search.q}
      onCountryChange={(countryId, options) =>
        void navigate({ to: '/region/$countryId', params: { countryId }, search: { page: options?.page ?? 0, q: search.q }, replace: options?.replace })
      }
      onChange={(next, options) => void navigate({ search: { ...search, ...next }, replace: options?.replace })}
    />
  );
}
