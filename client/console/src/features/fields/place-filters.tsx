/**
 * The cascading country → region (→ field) dropdowns of the field and plan dashboards, filled from paged calls
 * walked to the end. `usePlace` loads the lists and resolves the selection; `PlaceFilters` renders it.
 */
import { useQuery } from '@tanstack/react-query';
import { SelectField } from '../../components/ui/select-field';
import { allCountriesQueryOptions } from '../countries/all-countries-query';
import { allRegionsQueryOptions } from '../regions/regions-query';
import { allFieldsOfRegionQueryOptions } from './fields-query';
import { choosePlace, resolvePlace, type PlaceRequest } from './place-selection';

export interface PlaceOptions {
  regionRequired: boolean;
  withField: boolean;
}

export function usePlace(request: PlaceRequest, { regionRequired, withField }: PlaceOptions) {
  const countries = useQuery(allCountriesQueryOptions());
  const countryId = resolvePlace(request, { countries: countries.data }, { region: false, field: false }).countryId;
  const regions = useQuery({ ...allRegionsQueryOptions(countryId ?? 0), enabled: countryId !== undefined });
  const regionId = resolvePlace(
    request,
    { countries: countries.data, regions: regions.data },
    { region: regionRequired, field: false },
  ).regionId;
  const fields = useQuery({ ...allFieldsOfRegionQueryOptions(regionId ?? 0), enabled: withField && regionId !== undefined });
  const place = resolvePlace(
    request,
    { countries: countries.data, regions: regions.data, fields: fields.data },
    { region: regionRequired, field: withField },
  );
  // Still resolving: a list the selection depends on has not answered yet.
  const pending =
    countries.isPending ||
    (countryId !== undefined && regions.isPending) ||
    (withField && regionId !== undefined && fields.isPending);
  const failed = countries.isError || regions.isError || fields.isError;
  return { place, pending, failed, countries, regions, fields };
}

type PlaceState = ReturnType<typeof usePlace>;

function listPlaceholder(query: { isPending: boolean; isError: boolean; isFetching: boolean }, none: string) {
  if (query.isError) return 'Không tải được danh sách';
  if (query.isPending && query.isFetching) return 'Đang tải...';
  return none;
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
      <SelectField
        label="Quốc gia"
        value={toValue(place.countryId)}
        options={(countries.data ?? []).map((c) => ({ value: String(c.countryId), label: c.countryName }))}
        placeholder={countries.data?.length ? undefined : listPlaceholder(countries, 'Không có quốc gia')}
        disabled={!countries.data?.length}
        busy={countries.isFetching}
        onChange={(value) => onChange(choosePlace('country', toId(value)))}
      />
      <SelectField
        label="Khu vực"
        value={toValue(place.regionId)}
        options={(regions.data ?? []).map((r) => ({ value: String(r.regionId), label: r.regionName }))}
        placeholder={
          !options.regionRequired && regions.data?.length
            ? 'Tất cả khu vực'
            : regions.data?.length
              ? undefined
              : listPlaceholder(regions, 'Không có khu vực')
        }
        disabled={!regions.data?.length}
        busy={regions.isFetching}
        onChange={(value) => onChange(choosePlace('region', toId(value)))}
      />
      {options.withField ? (
        <SelectField
          label="Cánh đồng"
          value={toValue(place.fieldId)}
          options={(fields.data ?? []).map((f) => ({ value: String(f.fieldId), label: f.fieldName }))}
          placeholder={fields.data?.length ? undefined : listPlaceholder(fields, 'Không có cánh đồng')}
          disabled={!fields.data?.length}
          busy={fields.isFetching}
          onChange={(value) => onChange(choosePlace('field', toId(value)))}
        />
      ) : null}
    </div>
  );
}
