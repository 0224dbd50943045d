/**
 * Which country, region and field a dashboard shows, from what the URL asks for and the lists loaded so far
 * (docs/console.md#place-rules: choosing a country resets region and field, choosing a region the field). A level
 * that is required falls back to the first entry of its list; an id that is not in its list (a link from another
 * country, an entry deleted since) is dropped rather than shown as if it belonged. A list that failed to load cannot
 * say so: then the URL's id is kept as it is (the calls for it answer for themselves), since a region list that
 * failed must not change what the screen shows (spec: a region failure on these screens is only logged). A list
 * still loading keeps the URL's id too, so that a link's own list is asked for at once.
 */
export interface PlaceRequest {
  countryId?: number | undefined;
  regionId?: number | undefined;
  fieldId?: number | undefined;
}

export interface ResolvedPlace {
  countryId: number | undefined;
  regionId: number | undefined;
  fieldId: number | undefined;
}

/** A list of a level: its entries, undefined while it loads, or 'failed' when it could not load. */
type PlaceList<T> = ReadonlyArray<T> | 'failed' | undefined;

export interface PlaceLists {
  countries?: PlaceList<{ countryId: number }>;
  regions?: PlaceList<{ regionId: number }>;
  fields?: PlaceList<{ fieldId: number }>;
}

function pick<T>(list: PlaceList<T>, id: number | undefined, idOf: (item: T) => number, required: boolean) {
  // Without its list (still loading, or failed) a level keeps the URL's id: a deep link's own list loads at once,
  // beside the dropdowns' lists, and is checked against them once they are there.
  if (list === 'failed' || !list) return id;
  if (id !== undefined && list.some((item) => idOf(item) === id)) return id;
  return required && list[0] ? idOf(list[0]) : undefined;
}

export function resolvePlace(
  request: PlaceRequest,
  lists: PlaceLists,
  required: { region: boolean; field: boolean },
): ResolvedPlace {
  const countryId = pick(lists.countries, request.countryId, (c) => c.countryId, true);
  // A URL's id below a level the URL named but that was dropped or replaced belonged to the URL's place, not to
  // this one. (A level the URL leaves out falls back to its first entry, under which the URL's ids stay.)
  const kept = (asked: number | undefined, resolved: number | undefined) => asked === undefined || asked === resolved;
  const regionAsked = kept(request.countryId, countryId) ? request.regionId : undefined;
  const regionId = countryId === undefined ? undefined : pick(lists.regions, regionAsked, (r) => r.regionId, required.region);
  const fieldAsked = kept(regionAsked, regionId) ? request.fieldId : undefined;
  const fieldId = regionId === undefined ? undefined : pick(lists.fields, fieldAsked, (f) => f.fieldId, required.field);
  return { countryId, regionId, fieldId };
}

/** The URL change for a new choice at one level: the levels below it are reset, and paging starts again. */
export function choosePlace(level: 'country' | 'region' | 'field', id: number | undefined) {
  if (level === 'country') return { countryId: id, regionId: undefined, fieldId: undefined, page: 0 };
  if (level === 'region') return { regionId: id, fieldId: undefined, page: 0 };
  return { fieldId: id, page: 0 };
}
