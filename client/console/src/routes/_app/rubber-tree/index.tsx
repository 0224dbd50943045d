import { createFileRoute, redirect } from '@tanstack/react-router';

/** fieldId defaults to 1 when absent (spec/console.md §2). */
export const Route = createFileRoute('/_app/rubber-tree/')({
  beforeLoad: () => {
    throw redirect({ to: '/rubber-tree/$fieldId', params: { fieldId: 1 }, replace: true });
  },
});
