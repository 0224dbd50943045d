import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { z } from 'zod';
import { allDronesQueryOptions } from '../../../../features/drones/drone-queries';
import { SensorOverviewPage } from '../../../../features/sensors/sensor-overview-page';
import { pageParam } from '../../../../lib/search-schemas';

export const Route = createFileRoute('/_app/drone/sensor/')({
  validateSearch: z.object({ page: pageParam }),
  search: { middlewares: [stripSearchParams({ page: 0 })] },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(allDronesQueryOptions());
  },
  component: SensorOverviewRoute,
});

function SensorOverviewRoute() {
  const { page } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SensorOverviewPage page={page} onPageChange={(next) => void navigate({ search: { page: next } })} />;
}
