/**
 * Reads a paged list to its end (docs/console.md#place-rules: the country and region dropdowns walk every page until
 * a page returns fewer items than a full page). The first page tells how many there are: the rest are then asked for
 * at once rather than one after another, so a list of eight pages costs two round trips, not eight. Stops at the last
 * page the server reports, so an exact multiple of the page size costs no extra empty call, and at `maxPages` in case
 * a server never ends.
 */
export interface PageSlice<T> {
  content: T[];
  totalPages: number;
}

export interface WalkOptions {
  maxPages?: number;
  /**
   * Awaited between the first page and the rest: a screen whose own list the address names lets that list go first,
   * so the dropdowns' further pages never hold it up (docs/console.md#place-rules).
   */
  beforeRest?: () => Promise<unknown>;
}

export async function walkPages<T>(
  fetchPage: (page: number) => Promise<PageSlice<T>>,
  pageSize: number,
  { maxPages = 500, beforeRest }: WalkOptions = {},
): Promise<T[]> {
  const first = await fetchPage(0);
  const items = [...first.content];
  const isLast = (slice: PageSlice<T>, page: number) => slice.content.length < pageSize || page + 1 >= slice.totalPages || page + 1 >= maxPages;
  if (isLast(first, 0)) return items;
  await beforeRest?.();
  if (Number.isFinite(first.totalPages)) {
    const count = Math.min(first.totalPages, maxPages);
    const rest = await Promise.all(Array.from({ length: count - 1 }, (_, i) => fetchPage(i + 1)));
    for (const slice of rest) {
      items.push(...slice.content);
      if (slice.content.length < pageSize) break;
    }
    return items;
  }
  // A server that does not say how many pages it has is read one page after the other.
  for (let page = 1; page < maxPages; page++) {
    const slice = await fetchPage(page);
    items.push(...slice.content);
    if (isLast(slice, page)) break;
  }
  return items;
}
