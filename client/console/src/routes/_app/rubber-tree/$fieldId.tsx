import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { routeErrorComponent } from '../../../components/ui/route-error';
import { TreeListPage } from '../../../features/trees/tree-list-page';
import { treePageQueryOptions } from '../../../features/trees/tree-queries';
import { treeListSearchSchema } from '../../../features/trees/tree-search';
import { parseRouteId } from '../../../lib/route-params';

export const Route = createFileRoute('/_app/rubber-tree/$fieldId')({
  params: {
    parse: ({ fieldId }) => ({ fieldId: parseRouteId(fieldId, 'Mã cánh đồng') }),
    stringify: ({ fieldId }) => ({ fieldId: String(fieldId) }),
  },
  validateSearch: treeListSearchSchema,
  search: { middlewares: [stripSearchParams({ page: 0 })] },
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, params, deps }) => {
    void context.queryClient.prefetchQuery(treePageQueryOptions(params.fieldId, deps.page));
  },
  component: TreeListRoute,
  // A bad id is said inside the shell, with a way back (docs/console.md#route-ids).
  errorComponent: routeErrorComponent({ to: '/rubber-tree', label: 'Về danh sách cây cao su' }),
});

function TreeListRoute() {
  const { fieldId } = Route.useParams();
  const { page } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <TreeListPage fieldId={fieldId} page={page} onPageChange={(next) => void navigate({ search: { page: next } })} />;
}
