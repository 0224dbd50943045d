import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { setSessionEndedHandler } from './api/api-client';
import { LoadingScreen } from './components/ui/loading-screen';
import { routeTree } from './routeTree.gen';

export function createConsoleRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders read through the query cache, which decides freshness itself.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: LoadingScreen,
    scrollRestoration: false,
  });

  // The router scrolls to the top on every path change (docs/console.md#routes-and-url-state); a search-only change
  // (a page or a filter of the same screen) keeps the scroll position where the person is working.
  router.subscribe('onResolved', ({ pathChanged }) => {
    if (pathChanged) window.scrollTo({ top: 0, left: 0 });
  });

  // An expired or invalid token ends the session: back to the sign-in page, replacing the page that failed.
  setSessionEndedHandler(() => {
    queryClient.clear();
    void router.navigate({ to: '/login', replace: true });
  });

  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createConsoleRouter>;
  }
}
