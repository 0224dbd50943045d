/**
 * Reads a paged list to its end, one page after the other (docs/console.md#place-rules: the country and region
 * dropdowns walk every page until a page returns fewer items than a full page). Also stops at the last page the server
 * reports, so an exact multiple of the page size costs no extra empty call, and at `maxPages` in case a server
 * never ends.
 */
export interface PageSlice<T> {
  content: T[];
  totalPages: number;
}

export async function walkPages<T>(
  fetchPage: (page: number) => Promise<PageSlice<T>>,
  pageSize: number,
  maxPages = 500,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 0; page < maxPages; page++) {
    const slice = await fetchPage(page);
    items.push(...slice.content);
    if (slice.content.length < pageSize || page + 1 >= slice.totalPages) break;
  }
  return items;
}
