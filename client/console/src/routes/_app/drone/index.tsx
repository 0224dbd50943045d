import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { z } from 'zod';
import { DronePage } from '../../../features/drones/drone-page';
import { dronePageQueryOptions } from '../../../features/drones/drone-queries';
import { pageParam } from '../../../lib/search-schemas';

export const Route = createFileRoute('/_app/drone/')({
  validateSearch: z.object({ page: pageParam }),
  search: { middlewares: [stripSearchParams({ page: 0 })] },
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(dronePageQueryOptions(deps.page));
  },
  component: DroneRoute,
});

function DroneRoute() {
  const { page } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <DronePage page={page} onPageChange={(next) => void navigate({ search: { page: next } })} />;
}
