/**
 * The page numbers a pager shows (docs/console.md#paging-rules): a window of `size` pages around the current one,
 * the first and last pages as shortcuts when the window does not reach them, and an ellipsis where pages are
 * skipped. Pages are zero-based here; the pager shows them one-based.
 */
export type PageWindowItem = number | 'start-ellipsis' | 'end-ellipsis';

export function pageWindow(current: number, totalPages: number, size: number): PageWindowItem[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total === 0) return [];
  const width = Math.max(1, Math.min(Math.floor(size), total));
  const page = Math.min(Math.max(0, Math.floor(current)), total - 1);

  let start = Math.max(0, page - Math.floor(width / 2));
  const end = Math.min(total - 1, start + width - 1);
  start = Math.max(0, end - width + 1);

  const items: PageWindowItem[] = [];
  if (start > 0) {
    items.push(0);
    if (start > 1) items.push('start-ellipsis');
  }
  for (let p = start; p <= end; p++) items.push(p);
  if (end < total - 1) {
    if (end < total - 2) items.push('end-ellipsis');
    items.push(total - 1);
  }
  return items;
}
