import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { TaskDashboard } from '../../features/tasks/task-dashboard';
import { taskSearchSchema } from '../../features/tasks/task-search';
import { tasksPageQueryOptions } from '../../features/tasks/tasks-query';

export const Route = createFileRoute('/_app/task')({
  validateSearch: taskSearchSchema,
  search: { middlewares: [stripSearchParams({ page: 0, by: 'all' })] },
  loaderDeps: ({ search }) => ({ by: search.by, id: search.id, page: search.page }),
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(tasksPageQueryOptions({ by: deps.by, id: deps.id }, deps.page));
  },
  component: TaskRoute,
});

function TaskRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <TaskDashboard search={search} onChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })} />;
}
