/**
 * The tree list's header line (docs/console.md#rubber-tree-list): 'Cánh đồng f · Tổng số: N cây · Trang n / total'.
 * A counter is shown only when it is true: no page position without a page to be on (an empty field, a page past the
 * last), and no '…' left behind by a load that failed.
 */
import { UNKNOWN_TEXT } from '../../lib/format';

export function treeListSummary(
  fieldId: number,
  page: number,
  list: { data: { totalElements: number; totalPages: number } | undefined; isError: boolean },
): string {
  const head = `Cánh đồng ${fieldId}`;
  if (!list.data) return `${head} · Tổng số: ${list.isError ? UNKNOWN_TEXT : '…'}`;
  const { totalElements, totalPages } = list.data;
  const total = `${head} · Tổng số: ${totalElements} cây`;
  return page < totalPages ? `${total} · Trang ${page + 1} / ${totalPages}` : total;
}
