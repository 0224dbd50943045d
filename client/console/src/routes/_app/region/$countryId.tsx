import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { routeErrorComponent } from '../../../components/ui/route-error';
import { allCountriesQueryOptions } from '../../../features/countries/all-countries-query';
import { RegionPage } from '../../../features/regions/region-page';
import { regionsPageQueryOptions } from '../../../features/regions/regions-query';
import { regionSearchSchema } from '../../../features/regions/region-search';
import { parseRouteId } from '../../../lib/route-params';

export const Route = createFileRoute('/_app/region/$countryId')({
  params: {
    parse: ({ countryId }) => ({ countryId: parseRouteId(countryId, 'Mã quốc gia') }),
    stringify: ({ countryId }) => ({ countryId: String(countryId) }),
  },
  validateSearch: regionSearchSchema,
  search: { middlewares: [stripSearchParams({ page: 0 })] },
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, params, deps }) => {
    void context.queryClient.prefetchQuery(allCountriesQueryOptions());
    void context.queryClient.prefetchQuery(regionsPageQueryOptions(params.countryId, deps.page));
  },
  component: RegionOfCountryRoute,
  // A bad id is said inside the shell, with a way back (docs/console.md#route-ids).
  errorComponent: routeErrorComponent({ to: '/region', label: 'Về danh sách khu vực' }),
});

function RegionOfCountryRoute() {
  const { countryId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RegionPage
      countryId={countryId}
      page={search.page}
      q={search.q}
      onCountryChange={(next, options) =>
        void navigate({ to: '/region/$countryId', params: { countryId: next }, search: { page: options?.page ?? 0, q: search.q }, replace: options?.replace })
      }
      onChange={(next, options) => void navigate({ search: { ...search, ...next }, replace: options?.replace })}
    />
  );
}
