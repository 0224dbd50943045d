/** Case-insensitive substring match (docs/console.md#search-and-filter-rules); an empty search keeps everything. */
export function filterByText<T>(items: readonly T[], search: string, text: (item: T) => string): T[] {
  const needle = search.trim().toLocaleLowerCase('vi');
  if (!needle) return [...items];
  return items.filter((item) => text(item).toLocaleLowerCase('vi').includes(needle));
}
