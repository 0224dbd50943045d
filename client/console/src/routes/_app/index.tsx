import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { z } from 'zod';
import { pageParam } from '../../lib/search-schemas';
import { countriesQueryOptions } from '../../features/countries/countries-query';
import { CountryListPage } from '../../features/countries/country-list-page';

const searchSchema = z.object({ page: pageParam });

export const Route = createFileRoute('/_app/')({
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams({ page: 0 })] },
  loaderDeps: ({ search }) => ({ page: search.page }),
  // Starts the fetch as early as the navigation (or a hover); the screen shows its own loading state meanwhile.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(countriesQueryOptions(deps.page));
  },
  component: CountriesRoute,
});

function CountriesRoute() {
  const { page } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CountryListPage page={page} onPageChange={(next, options) => void navigate({ search: { page: next }, replace: options?.replace })} />;
}
