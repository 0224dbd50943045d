/** What a screen shows for a page number past its last page (a stale or edited link): refused, with a way back. */
export function PageOutOfRange({
  page,
  totalPages,
  onFirstPage,
}: {
  /** Zero-based. */
  page: number;
  totalPages: number;
  onFirstPage(): void;
}) {
  return (
    <div role="alert" className="mx-auto my-10 max-w-md rounded-2xl bg-amber-50 p-6 text-center ring-1 ring-amber-200">
      <p className="font-semibold text-amber-900">Trang {page + 1} không tồn tại</p>
      <p className="mt-1 text-sm text-amber-800">Chỉ có {totalPages} trang.</p>
      <button
        type="button"
        onClick={onFirstPage}
        className="mt-4 rounded-lg bg-amber-700 px-4 py-2 text-sm font-semibold text-white hover:bg-amber-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
      >
        Về trang 1
      </button>
    </div>
  );
}

/** Whether a zero-based page is past the last page the server reports. */
export function isPageOutOfRange(page: number, totalPages: number | undefined): boolean {
  return totalPages !== undefined && page > 0 && page >= totalPages;
}
