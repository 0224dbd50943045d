/**
 * The first calls of the field and plan dashboards, started by their route's loader as the navigation starts
 * (docs/console.md#place-rules). A deep link names its place: the list it shows is asked for at once, beside the first
 * page of every dropdown's list, instead of after the whole cascade of lists. The dropdowns' further pages wait until
 * that list answered and had a task to reach the screen, so that they never hold it up.
 */
import type { QueryClient } from '@tanstack/react-query';
import { allCountriesQueryOptions } from '../countries/all-countries-query';
import { allRegionsQueryOptions } from '../regions/regions-query';
import { allFieldsOfRegionQueryOptions } from './fields-query';
import type { PlaceRequest } from './place-selection';

/** Two tasks: the one in which TanStack Query tells the screen of the answer, and the one after its render. */
function afterRender(): Promise<void> {
  return new Promise((resolve) => setTimeout(() => setTimeout(resolve, 0), 0));
}

/** `prefetchList`: starts the screen's own list, when the URL names its place. */
export function prefetchPlaceScreen(
  queryClient: QueryClient,
  request: PlaceRequest,
  { prefetchList, withField }: { prefetchList: (() => Promise<void>) | undefined; withField: boolean },
): void {
  const listAnswered = prefetchList ? prefetchList() : Promise.resolve();
  const walk = { beforeRest: () => listAnswered.then(afterRender) };
  void queryClient.prefetchQuery(allCountriesQueryOptions(walk));
  if (request.countryId !== undefined) void queryClient.prefetchQuery(allRegionsQueryOptions(request.countryId, walk));
  if (withField && request.regionId !== undefined) void queryClient.prefetchQuery(allFieldsOfRegionQueryOptions(request.regionId, walk));
}
