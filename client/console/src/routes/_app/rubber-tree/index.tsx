import { createFileRoute, redirect } from '@tanstack/react-router';

/** fieldId defaults to 1 when absent (docs/console.md#route-ids). */
export const Route = createFileRoute('/_app/rubber-tree/')({
  beforeLoad: () => {
    throw redirect({ to: '/rubber-tree/$fieldId', params: { fieldId: 1 }, replace: true });
  },
});
