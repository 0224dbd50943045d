/**
 * The Spring-style page every list call of the plantation API answers with (`number` is zero-based), and how a list
 * becomes one: the mock pages its data with it, and the console and the tests make the empty page with it.
 */

export type Page<T> = {
  content: T[];
  number: number;
  size: number;
  totalElements: number;
  totalPages: number;
  numberOfElements: number;
  first: boolean;
  last: boolean;
  empty: boolean;
  pageable: { pageNumber: number; pageSize: number; offset: number };
};

/** Page `page` (zero-based) of `size` items of a list; a page past the end is empty but keeps the true totals. */
export function springPage<T>(items: readonly T[], page: number, size: number): Page<T> {
  const totalElements = items.length;
  const totalPages = Math.ceil(totalElements / size);
  const offset = page * size;
  const content = items.slice(offset, offset + size);
  return {
    content,
    number: page,
    size,
    totalElements,
    totalPages,
    numberOfElements: content.length,
    first: page === 0,
    last: page >= totalPages - 1,
    empty: content.length === 0,
    pageable: { pageNumber: page, pageSize: size, offset },
  };
}

/** The page of a list with nothing in it. */
export function emptyPage<T = never>(size: number, page = 0): Page<T> {
  return springPage<T>([], page, size);
}
