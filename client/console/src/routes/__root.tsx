import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';

export interface RouterContext {
  queryClient: QueryClient;
}

function RootError({ error }: { error: unknown }) {
  return (
    <main role="alert" className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl font-semibold text-red-700">Unexpected Application Error!</h1>
      <p className="mt-2 text-slate-700">{error instanceof Error ? error.message : String(error)}</p>
    </main>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: RootError,
});
