/**
 * A small, non-blocking line saying the last load failed, with a retry; what was on screen stays on screen
 * (the region and robot screens keep their page, docs/console.md#faults-and-retries).
 */
export function ListError({ message, onRetry, retrying }: { message: string; onRetry(): void; retrying: boolean }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
      <p>{message}</p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className="rounded-md bg-white px-3 py-1.5 font-medium text-red-700 ring-1 ring-red-300 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-600 disabled:opacity-60"
      >
        {retrying ? 'Đang thử lại...' : 'Thử lại'}
      </button>
    </div>
  );
}
