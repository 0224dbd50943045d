/** Drone management (docs/console.md#drone-management): list, grid/list views, add, edit, delete, details. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DroneInput } from '@contracts/api';
import { api } from '../../api/api-client';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { notify } from '../../components/ui/notices';
import { isPageOutOfRange, PageOutOfRange } from '../../components/ui/page-out-of-range';
import { Pagination } from '../../components/ui/pagination';
import { errorText } from '../trees/load-error';
import { LoadingBlock } from '../trees/page-parts';
import { DroneGrid, DroneList, type DroneActions } from './drone-collection';
import { DroneDetailsDialog } from './drone-details-dialog';
import { useRestoredDroneDraft, type DroneDraft } from './drone-draft';
import { createFormValues, editFormValues, type DroneFormValues } from './drone-form';
import { DroneFormDialog } from './drone-form-dialog';
import { droneKeys, dronePageQueryOptions, useRetryDroneDetails } from './drone-queries';
import type { DroneView } from './drone-view-model';
import { useDroneViewMode, type DroneViewMode } from './drone-view-mode';
import { SensorSystemDialog } from './sensor-system-dialog';

export const DELETE_DRONE_QUESTION = 'Bạn có chắc chắn muốn xóa drone này?';

/** Which modal is open: one at a time, so the screen is always in exactly one of these states. */
type Modal =
  | { kind: 'none' }
  | { kind: 'create'; initial?: DroneFormValues; fromDraft?: boolean }
  | { kind: 'edit'; droneId: number; initial: DroneFormValues; fromDraft?: boolean }
  | { kind: 'details'; drone: DroneView }
  | { kind: 'sensors'; drone: DroneView }
  | { kind: 'delete'; drone: DroneView };

function modalOfDraft(draft: DroneDraft | null): Modal {
  if (!draft) return { kind: 'none' };
  return draft.mode === 'edit'
    ? { kind: 'edit', droneId: draft.droneId, initial: draft.values, fromDraft: true }
    : { kind: 'create', initial: draft.values, fromDraft: true };
}

/** No drone to show: an empty list, or one that failed, whose reason is said beside it with a retry. */
function NoDrones({ error, onRetry, onCreate }: { error: unknown; onRetry(): void; onCreate(): void }) {
  return (
    <div className="mx-auto my-10 flex max-w-md flex-col items-center gap-3 rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
      <p className="text-lg font-semibold text-slate-800">Chưa có drone nào</p>
      {error !== null && (
        <p role="alert" className="text-sm text-red-700">
          Không tải được danh sách drone: {errorText(error, 'Đã xảy ra lỗi')}{' '}
          <button type="button" onClick={onRetry} className="font-medium underline">
            Thử lại
          </button>
        </p>
      )}
      <button type="button" onClick={onCreate} className="rounded-lg bg-emerald-600 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-700">
        Thêm Drone Đầu Tiên
      </button>
    </div>
  );
}

/** The title with the total, the grid/list switch and 'Add Drone'. */
function DronePageHeader({ total, mode, onMode, onCreate }: { total: string; mode: DroneViewMode; onMode(mode: DroneViewMode): void; onCreate(): void }) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Quản lý Drone</h1>
        <p className="mt-1 text-sm text-slate-600" data-testid="drone-total">
          Tổng số: {total}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <div role="group" aria-label="Chế độ xem" className="flex rounded-lg ring-1 ring-slate-300">
          {(['grid', 'list'] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => onMode(m)}
              className={`px-3 py-2 text-sm font-medium first:rounded-l-lg last:rounded-r-lg ${mode === m ? 'bg-slate-800 text-white' : 'bg-white text-slate-700'}`}
            >
              {m === 'grid' ? 'Lưới' : 'Danh sách'}
            </button>
          ))}
        </div>
        <button type="button" onClick={onCreate} className="rounded-lg bg-emerald-600 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-700">
          Add Drone
        </button>
      </div>
    </header>
  );
}

/**
 * The add or edit form the modal holds, if any; a save says so, closes it and reloads the drones. Why the keys: the
 * two forms are two dialogs, never one whose typed values pass from one to the other.
 */
function DroneFormModal({ modal, close, refresh }: { modal: Modal; close(): void; refresh(): Promise<unknown> }) {
  if (modal.kind === 'create')
    return (
      <DroneFormDialog
        key="create"
        mode="create"
        initial={modal.initial ?? createFormValues()}
        fromDraft={modal.fromDraft}
        failureText="Có lỗi xảy ra khi tạo drone"
        onClose={close}
        onSubmit={async (input) => {
          // The create form is checked by the create rules, where the battery level is required.
          await api.droneCreate(input as DroneInput);
          notify('Tạo drone thành công', 'success');
          close();
          await refresh();
        }}
      />
    );
  if (modal.kind === 'edit')
    return (
      <DroneFormDialog
        key="edit"
        mode="edit"
        droneId={modal.droneId}
        initial={modal.initial}
        fromDraft={modal.fromDraft}
        failureText="Có lỗi xảy ra khi cập nhật drone"
        onClose={close}
        onSubmit={async (input) => {
          await api.droneUpdate(modal.droneId, input);
          notify('Cập nhật drone thành công', 'success');
          close();
          await refresh();
        }}
      />
    );
  return null;
}

export function DronePage({ page, onPageChange }: { page: number; onPageChange(page: number): void }) {
  const queryClient = useQueryClient();
  const query = useQuery(dronePageQueryOptions(page));
  const { mode, setMode } = useDroneViewMode();
  // A form the API's end of the session interrupted opens again with what was typed (drone-draft.ts).
  const restored = useRestoredDroneDraft();
  const [modal, setModal] = useState<Modal>(() => modalOfDraft(restored));
  const close = () => setModal({ kind: 'none' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: droneKeys.all });

  const remove = useMutation({
    mutationFn: (id: number) => api.droneDelete(id),
    onSuccess: async () => {
      notify('Đã xóa drone', 'success');
      const wasLastOnPage = query.data?.drones.length === 1 && page > 0;
      close();
      await refresh();
      if (wasLastOnPage) onPageChange(page - 1);
    },
    onError: () => {
      notify('Có lỗi xảy ra khi xóa drone', 'error');
      close();
    },
  });

  const retryDetails = useRetryDroneDetails();
  const actions: DroneActions = {
    onDetails: (drone) => setModal({ kind: 'details', drone }),
    onSensors: (drone) => setModal({ kind: 'sensors', drone }),
    onEdit: (drone) => setModal({ kind: 'edit', droneId: drone.id, initial: editFormValues(drone) }),
    onDelete: (drone) => setModal({ kind: 'delete', drone }),
    onRetryDetails: retryDetails.retry,
    isRetryingDetails: retryDetails.isRetrying,
  };

  const data = query.data;
  const drones = data?.drones ?? [];
  // The open details dialog follows the page's drone, so a retried details call shows in it.
  const detailsDrone = modal.kind === 'details' ? (drones.find((drone) => drone.id === modal.drone.id) ?? modal.drone) : null;
  let body;
  if (query.isPending)
    body = <LoadingBlock label="Đang tải danh sách drone" />;
  else if (data && isPageOutOfRange(page, data.totalPages))
    body = <PageOutOfRange page={page} totalPages={data.totalPages} onFirstPage={() => onPageChange(0)} />;
  else if (drones.length === 0)
    // A failed list is an empty list; the reason is said beside it, with a retry (docs/console.md#faults-and-retries).
    body = <NoDrones error={query.isError ? query.error : null} onRetry={() => void query.refetch()} onCreate={() => setModal({ kind: 'create' })} />;
  else
    body = (
      <>
        {mode === 'grid' ? <DroneGrid drones={drones} actions={actions} /> : <DroneList drones={drones} actions={actions} />}
        <div className="mt-6">
          <Pagination
            page={page}
            totalPages={data?.totalPages ?? 0}
            onPageChange={onPageChange}
            label="Phân trang drone"
            windowSize={{ narrow: 3, wide: 5 }}
            summary={`Trang ${page + 1} / ${data?.totalPages ?? 0} • Tổng: ${data?.totalElements ?? 0} drone`}
          />
        </div>
      </>
    );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <DronePageHeader
        total={data ? `${data.totalElements} drone` : query.isError ? 'Chưa xác định' : '…'}
        mode={mode}
        onMode={setMode}
        onCreate={() => setModal({ kind: 'create' })}
      />
      {body}

      <DroneFormModal modal={modal} close={close} refresh={refresh} />
      {detailsDrone && <DroneDetailsDialog drone={detailsDrone} onClose={close} actions={actions} />}
      {modal.kind === 'sensors' && <SensorSystemDialog drone={modal.drone} onClose={close} />}
      <ConfirmDialog
        open={modal.kind === 'delete'}
        message={DELETE_DRONE_QUESTION}
        confirmLabel="Xóa"
        busy={remove.isPending}
        onConfirm={() => modal.kind === 'delete' && remove.mutate(modal.drone.id)}
        onCancel={close}
      />
    </div>
  );
}
