import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RobotPage } from '../../features/robots/robot-page';
import { robotSearchSchema } from '../../features/robots/robot-search';
import { robotDetailQueryOptions, robotsPageQueryOptions } from '../../features/robots/robots-query';

export const Route = createFileRoute('/_app/robot')({
  validateSearch: robotSearchSchema,
  search: { middlewares: [stripSearchParams({ page: 0 })] },
  loaderDeps: ({ search }) => ({ page: search.page, robot: search.robot }),
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(robotsPageQueryOptions(deps.page));
    if (deps.robot) void context.queryClient.prefetchQuery(robotDetailQueryOptions(deps.robot));
  },
  component: RobotRoute,
});

function RobotRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RobotPage
      search={search}
      onChange={(next, options) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: options?.replace })}
    />
  );
}
