import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFound } from '../components/ui/not-found';
import { LoadingScreen } from '../components/ui/loading-screen';
import { Notices } from '../components/ui/notices';

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

function RootLayout() {
  return (
    <>
      <Outlet />
      <Notices />
    </>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RootError,
  notFoundComponent: NotFound,
  pendingComponent: LoadingScreen,
});
