/** The counters of the dashboards (docs/console.md#paging-rules): shown = page offset + items on the page. */
export interface PageCounts {
  shown: number;
  total: number;
  totalPages: number;
}

/** For answers with `pageable.offset` and `totalPages` (fields, plans). */
export function pageCounts(page: { content: readonly unknown[]; totalElements: number; totalPages: number; pageable: { offset: number } }): PageCounts {
  return { shown: page.pageable.offset + page.content.length, total: page.totalElements, totalPages: page.totalPages };
}

/** Tasks and tapping count their pages themselves: ceil(total / 6) (docs/console.md#paging-rules). */
export function countedPages(totalElements: number, pageSize = 6): number {
  return Math.ceil(totalElements / pageSize);
}
