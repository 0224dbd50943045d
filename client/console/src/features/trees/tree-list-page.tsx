/** The rubber trees of one field (docs/console.md#rubber-tree-list). */
import type { RubberTree } from '@contracts/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/api-client';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { notify } from '../../components/ui/notices';
import { isPageOutOfRange, PageOutOfRange } from '../../components/ui/page-out-of-range';
import { Pagination } from '../../components/ui/pagination';
import { TreeLoadError } from './load-error';
import { RefreshAndAdd } from './page-parts';
import { TreeCard } from './tree-card';
import { treeListSummary } from './tree-list-summary';
import { TreeSkeletons } from './tree-skeletons';
import { treeKeys, treePageQueryOptions } from './tree-queries';

export const DELETE_TREE_QUESTION = 'Bạn có chắc chắn muốn xóa cây cao su này?';

export function TreeListPage({ fieldId, page, onPageChange }: { fieldId: number; page: number; onPageChange(page: number): void }) {
  const queryClient = useQueryClient();
  const query = useQuery(treePageQueryOptions(fieldId, page));
  const [toDelete, setToDelete] = useState<RubberTree | null>(null);

  const remove = useMutation({
    mutationFn: (treeId: number) => api.treeDelete(treeId),
    onSuccess: async () => {
      notify('Xóa cây cao su thành công!', 'success');
      const wasLastOnPage = query.data?.content.length === 1 && page > 0;
      setToDelete(null);
      await queryClient.invalidateQueries({ queryKey: treeKeys.field(fieldId) });
      // The current page reloads; when it was the last tree of the last page, the page before it is shown.
      if (wasLastOnPage) onPageChange(page - 1);
    },
    onError: () => {
      notify('Có lỗi xảy ra khi xóa cây cao su', 'error');
      setToDelete(null);
    },
  });

  const data = query.data;
  const totalPages = data?.totalPages ?? 0;
  const items = data?.content ?? [];
  const from = data ? data.pageable.offset + 1 : 0;
  const to = data ? data.pageable.offset + items.length : 0;

  let body;
  if (query.isPending) body = <TreeSkeletons label="Đang tải danh sách cây cao su" />;
  else if (query.isError && items.length === 0)
    body = <TreeLoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (isPageOutOfRange(page, totalPages))
    body = <PageOutOfRange page={page} totalPages={totalPages} onFirstPage={() => onPageChange(0)} />;
  else if (items.length === 0)
    body = (
      <div className="mx-auto my-12 max-w-md rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
        <p className="text-lg font-semibold text-slate-800">Không tìm thấy cây cao su</p>
        <p className="mt-1 text-sm text-slate-600">Chưa có cây cao su nào trong khu vực này</p>
      </div>
    );
  else
    body = (
      <>
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Danh sách cây cao su">
          {items.map((tree) => (
            <li key={tree.treeId} className="flex">
              <TreeCard
                tree={tree}
                onInfo={() => notify(`Thông tin cây cao su #${tree.treeId}: cánh đồng ${tree.fieldId}, vị trí ${tree.location}`, 'info')}
                onEdit={() => notify(`Chức năng sửa cây cao su #${tree.treeId} đang được phát triển`, 'info')}
                onDelete={() => setToDelete(tree)}
              />
            </li>
          ))}
        </ul>
        <div className="mt-6">
          <Pagination
            page={page}
            totalPages={totalPages}
            onPageChange={onPageChange}
            label="Phân trang cây cao su"
            summary={`Hiển thị ${from} đến ${to} của ${data?.totalElements ?? 0} cây`}
          />
        </div>
      </>
    );

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Quản lý cây cao su</h1>
          <p className="mt-1 text-sm text-slate-600" data-testid="tree-list-summary">
            {treeListSummary(fieldId, page, query)}
          </p>
        </div>
        <RefreshAndAdd
          onRefresh={() => void query.refetch()}
          refreshing={query.isFetching}
          addLabel="Thêm cây mới"
          addNotice="Chức năng thêm cây cao su mới đang được phát triển"
        />
      </header>
      {body}
      <ConfirmDialog
        open={toDelete !== null}
        message={DELETE_TREE_QUESTION}
        confirmLabel="Xóa"
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete.treeId)}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}

