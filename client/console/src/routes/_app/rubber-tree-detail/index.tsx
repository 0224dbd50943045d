import { createFileRoute, redirect } from '@tanstack/react-router';

/** treeId defaults to 1 when absent (docs/console.md#route-ids). */
export const Route = createFileRoute('/_app/rubber-tree-detail/')({
  beforeLoad: () => {
    throw redirect({ to: '/rubber-tree-detail/$treeId', params: { treeId: 1 }, replace: true });
  },
});
