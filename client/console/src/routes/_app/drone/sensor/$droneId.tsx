import { createFileRoute } from '@tanstack/react-router';
import { routeErrorComponent } from '../../../../components/ui/route-error';
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
  // A bad id is said inside the shell, with a way back (docs/console.md#route-ids).
  errorComponent: routeErrorComponent({ to: '/drone/sensor', label: 'Về hệ thống cảm biến' }),
});

function SensorDetailRoute() {
  const { droneId } = Route.useParams();
  return <SensorDetailPage droneId={droneId} />;
}
