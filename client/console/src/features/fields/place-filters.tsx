/**
 * The cascading country → region (→ field) dropdowns of the field and plan dashboards, filled from paged calls
 * walked to the end. `usePlace` loads the lists and resolves the selection; `PlaceFilters` renders it.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SelectField } from '../../components/ui/select-field';
import { allCountriesQueryOptions } from '../countries/all-countries-query';
import { allRegionsQueryOptions } from '../regions/regions-query';
import { allFieldsOfRegionQueryOptions } from './fields-query';
import { choosePlace, resolvePlace, type PlaceRequest } from './place-selection';

export interface PlaceOptions {
  regionRequired: boolean;
  withField: boolean;
}

/** A list for resolvePlace: its entries, or 'failed' so that the URL's id is kept as it is. */
function listOf<T>(query: { data: T[] | undefined; isError: boolean }): T[] | 'failed' | undefined {
  return query.isError ? 'failed' : query.data;
}

export function usePlace(request: PlaceRequest, { regionRequired, withField }: PlaceOptions) {
  const countries = useQuery(allCountriesQueryOptions());
  const countryId = resolvePlace(request, { countries: listOf(countries) }, { region: false, field: false }).countryId;
  const regions = useQuery({
    ...allRegionsQueryOptions(countryId ?? 0),
    enabled: countryId !== undefined,
  });
  const regionId = resolvePlace(
    request,
    { countries: listOf(countries), regions: listOf(regions) },
    { region: regionRequired, field: false },
  ).regionId;
  const fields = useQuery({
    ...allFieldsOfRegionQueryOptions(regionId ?? 0),
    enabled: withField && regionId !== undefined,
  });
  const place = resolvePlace(
    request,
    {
      countries: listOf(countries),
      regions: listOf(regions),
      fields: listOf(fields),
    },
    { region: regionRequired, field: withField },
  );
  // Still resolving: a list the selection depends on has not answered yet.
  const pending = countries.isPending || (countryId !== undefined && regions.isPending) || (withField && regionId !== undefined && fields.isPending);
  // The screen's own list can be asked for: every list it depends on answered, or the URL names the place it is read
  // from (a deep link), which the lists check once they answer (docs/console.md#place-rules).
  const listReady = !pending || (withField ? place.fieldId !== undefined : place.countryId !== undefined);
  const failedLists = [countries, regions, fields].filter((query) => query.isError);
  // A failed list is only logged while the screen can still show something (docs/console.md#faults-and-retries);
  // it blocks the screen when the level the list is read from could not be chosen at all.
  const blocked = failedLists.length > 0 && (withField ? place.fieldId === undefined : place.countryId === undefined);
  useEffect(() => {
    for (const query of failedLists) console.error('Không tải được danh sách địa điểm', query.error);
  }, [countries.error, regions.error, fields.error]);
  return {
    place,
    pending,
    listReady,
    blocked,
    countries,
    regions,
    fields,
    /** Asks again for every list that failed. */
    retryLists: () => Promise.all(failedLists.map((query) => query.refetch())),
  };
}

type PlaceState = ReturnType<typeof usePlace>;

/**
 * What an empty dropdown says. `waiting`: the list above it is still loading, so this one cannot be asked for yet;
 * it is not empty for all the screen knows.
 */
function listPlaceholder(query: { isPending: boolean; isError: boolean; isFetching: boolean }, none: string, waiting = false) {
  if (query.isError) return 'Không tải được danh sách';
  if ((query.isPending && query.isFetching) || waiting) return 'Đang tải...';
  return none;
}

/** A list that could not load asks again from its own button: the next choice is no way to reload it. */
function ListRetry({ query, what }: { query: { isError: boolean; isFetching: boolean; refetch(): Promise<unknown> }; what: string }) {
  if (!query.isError) return null;
  return (
    <button
      type="button"
      onClick={() => void query.refetch()}
      disabled={query.isFetching}
      className="mt-1 text-sm font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900 disabled:opacity-60"
    >
      {query.isFetching ? 'Đang tải lại...' : `Tải lại danh sách ${what}`}
    </button>
  );
}

export function PlaceFilters({
  state,
  options,
  onChange,
}: {
  state: PlaceState;
  options: PlaceOptions;
  onChange(next: ReturnType<typeof choosePlace>): void;
}) {
  const { place, countries, regions, fields } = state;
  const toValue = (id: number | undefined) => (id === undefined ? '' : String(id));
  const toId = (value: string) => (value === '' ? undefined : Number(value));
  return (
    <div className={`grid gap-4 ${options.withField ? 'md:grid-cols-3' : 'md:grid-cols-2'}`}>
      <div>
        <SelectField
          label="Quốc gia"
          value={toValue(place.countryId)}
          options={(countries.data ?? []).map((c) => ({
            value: String(c.countryId),
            label: c.countryName,
          }))}
          placeholder={countries.data?.length ? undefined : listPlaceholder(countries, 'Không có quốc gia')}
          disabled={!countries.data?.length}
          busy={countries.isFetching}
          onChange={(value) => onChange(choosePlace('country', toId(value)))}
        />
        <ListRetry query={countries} what="quốc gia" />
      </div>
      <div>
        <SelectField
          label="Khu vực"
          value={toValue(place.regionId)}
          options={(regions.data ?? []).map((r) => ({
            value: String(r.regionId),
            label: r.regionName,
          }))}
          placeholder={
            !options.regionRequired && regions.data?.length
              ? 'Tất cả khu vực'
              : regions.data?.length
                ? undefined
                : listPlaceholder(regions, 'Không có khu vực', countries.isPending && countries.isFetching)
          }
          disabled={!regions.data?.length}
          busy={regions.isFetching}
          onChange={(value) => onChange(choosePlace('region', toId(value)))}
        />
        <ListRetry query={regions} what="khu vực" />
      </div>
      {options.withField ? (
        <div>
          <SelectField
            label="Cánh đồng"
            value={toValue(place.fieldId)}
            options={(fields.data ?? []).map((f) => ({
              value: String(f.fieldId),
              label: f.fieldName,
            }))}
            placeholder={
              fields.data?.length
                ? undefined
                : listPlaceholder(fields, 'Không có cánh đồng', (countries.isPending && countries.isFetching) || (regions.isPending && regions.isFetching))
            }
            disabled={!fields.data?.length}
            busy={fields.isFetching}
            onChange={(value) => onChange(choosePlace('field', toId(value)))}
          />
          <ListRetry query={fields} what="cánh đồng" />
        </div>
      ) : null}
    </div>
  );
}
