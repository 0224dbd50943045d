import { createFileRoute } from '@tanstack/react-router';
import { droneSensorSystemQueryOptions } from '../../../../features/drones/drone-queries';
import { SensorDetailPage } from '../../../../features/sensors/sensor-detail-page';
import { parseRouteId } from '../../../../lib/route-params';

export const Route = createFileRoute('/_app/drone/sensor/$droneId')({
  params: {
    parse: ({ droneId }) => ({ droneId: parseRouteId(droneId, 'Mã drone') }),
    stringify: ({ droneId }) => ({ droneId: String(droneId) }),
  },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(droneSensorSystemQueryOptions(params.droneId));
  },
  component: SensorDetailRoute,
});

function SensorDetailRoute() {
  const { droneId } = Route.useParams();
  return <SensorDetailPage droneId={droneId} />;
}
