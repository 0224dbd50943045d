/**
 * A details dialog fed by one query: a spinner while it loads, the error with a retry when it fails, then the
 * label/value rows. Used by the plan, tapping and robot screens.
 */
import type { ReactNode } from 'react';
import { Dialog, type DialogSize } from './dialog';
import { Spinner } from './spinner';

export interface DetailDialogProps {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  status: 'pending' | 'error' | 'success';
  errorMessage?: string;
  onRetry(): void;
  rows: ReadonlyArray<[label: string, value: ReactNode]> | undefined;
  size?: DialogSize;
  loadingLabel: string;
}

export function DetailDialog({ open, title, onClose, status, errorMessage, onRetry, rows, size = 'md', loadingLabel }: DetailDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      size={size}
      footer={
        <button
          type="button"
          onClick={onClose}
          className="rounded-lg bg-slate-800 px-4 py-2 text-sm font-medium text-white hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-800"
        >
          Đóng
        </button>
      }
    >
      {status === 'pending' ? (
        <div className="flex justify-center py-8">
          <Spinner label={loadingLabel} visibleLabel />
        </div>
      ) : status === 'error' ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
          <p className="text-red-700">{errorMessage ?? 'Không tải được dữ liệu'}</p>
          <button
            type="button"
            onClick={onRetry}
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-emerald-600"
          >
            Thử lại
          </button>
        </div>
      ) : (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
          {(rows ?? []).map(([label, value]) => (
            <div key={label} className="min-w-0 rounded-lg bg-slate-50 px-3 py-2">
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
              <dd className="mt-0.5 font-medium wrap-anywhere text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </Dialog>
  );
}
