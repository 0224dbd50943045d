import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { routeErrorComponent } from '../../../components/ui/route-error';
import { TreeDetailPage } from '../../../features/trees/tree-detail-page';
import { treeMeasurementsQueryOptions } from '../../../features/trees/tree-queries';
import { treeOriginOf } from '../../../features/trees/tree-search';
import { parseRouteId } from '../../../lib/route-params';

export const Route = createFileRoute('/_app/rubber-tree-detail/$treeId')({
  params: {
    parse: ({ treeId }) => ({ treeId: parseRouteId(treeId, 'Mã cây cao su') }),
    stringify: ({ treeId }) => ({ treeId: String(treeId) }),
  },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(treeMeasurementsQueryOptions(params.treeId));
  },
  component: TreeDetailRoute,
  // A bad id is said inside the shell, with a way back (docs/console.md#route-ids).
  errorComponent: routeErrorComponent({ to: '/rubber-tree', label: 'Về danh sách cây cao su' }),
});

function TreeDetailRoute() {
  const { treeId } = Route.useParams();
  const state = useRouterState({ select: (s) => s.location.state });
  return <TreeDetailPage treeId={treeId} origin={treeOriginOf(state)} />;
}
