import { ApiError } from '../../api/api-client';

/** The tree screens' fallback text for a failed load (docs/console.md#faults-and-retries). */
export const TREE_LOAD_ERROR = 'Có lỗi xảy ra khi tải dữ liệu';

export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError || error instanceof Error ? error.message || fallback : fallback;
}

/** The full-page error of the tree screens: the message and a 'Thử lại' button. */
export function TreeLoadError({ error, onRetry, retrying }: { error: unknown; onRetry(): void; retrying: boolean }) {
  return (
    <div role="alert" className="mx-auto my-12 max-w-md rounded-2xl bg-red-50 p-8 text-center ring-1 ring-red-200">
      <p className="text-lg font-semibold text-red-800">Không tải được dữ liệu</p>
      <p className="mt-2 text-sm text-red-700">{errorText(error, TREE_LOAD_ERROR)}</p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className="mt-5 rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-60"
      >
        {retrying ? 'Đang thử lại...' : 'Thử lại'}
      </button>
    </div>
  );
}
