/**
 * A list screen that keeps what it shows when a load fails (regions, robots; docs/console.md#faults-and-retries: a
 * failed list is only logged and the page stays as it is), with its pager, URL and rows always in agreement:
 *
 * - a change of view (a page, a country) asks for the new rows first and moves the URL only once they came, so a
 *   failed Next leaves the URL, the pager and the rows where they were;
 * - a URL that names a view whose load fails (Back, an edited link) goes back, replacing the history entry, to the
 *   view whose rows are still shown;
 * - with nothing shown yet, the failure is the screen's to show (with its retry).
 */
import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

export interface SteadyListOptions<V, T, K extends QueryKey> {
  /** What the URL asks for. */
  view: V;
  /** False while the view cannot be asked for yet (no country chosen). */
  enabled?: boolean;
  /** The query of a view. */
  queryOf(view: V): UseQueryOptions<T, Error, T, K>;
  /** Puts a view in the URL. */
  go(view: V, options: { replace: boolean }): void;
  /** What the console logs when a load fails. */
  failure: string;
}

export interface SteadyList<V, T> {
  /** The rows shown: the URL's view once loaded, else the last view that loaded. */
  data: T | undefined;
  /** The view of the rows shown, when it is not (yet) the URL's. */
  staleView: V | undefined;
  query: UseQueryResult<T, Error>;
  /** Whether a change of view is being loaded before the URL moves. */
  turning: boolean;
  /** Loads a view, then puts it in the URL; a failure is logged and changes nothing. */
  turn(view: V): void;
}

const sameView = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function useSteadyList<V, T, K extends QueryKey>({ view, enabled = true, queryOf, go, failure }: SteadyListOptions<V, T, K>): SteadyList<V, T> {
  const queryClient = useQueryClient();
  const [turning, setTurning] = useState(false);
  // Why no placeholder data: the rows shown while another view loads are the kept ones, with their own view.
  const query = useQuery({ ...queryOf(view), enabled });
  const kept = useRef<{ view: V; data: T } | undefined>(undefined);
  if (enabled && query.data !== undefined && !query.isError) kept.current = { view, data: query.data };
  const shown = kept.current;

  useEffect(() => {
    if (!query.isError) return;
    console.error(failure, query.error);
    if (shown && !sameView(shown.view, view)) go(shown.view, { replace: true });
    // Only a new failure acts: the view and what is kept are read as they are then.
  }, [query.error]);

  const turn = (next: V) => {
    if (turning) return;
    setTurning(true);
    queryClient
      .fetchQuery(queryOf(next))
      .then(
        () => go(next, { replace: false }),
        (error: unknown) => console.error(failure, error),
      )
      .finally(() => setTurning(false));
  };

  return { data: shown?.data, staleView: shown && !sameView(shown.view, view) ? shown.view : undefined, query, turning, turn };
}
