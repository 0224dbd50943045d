import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { shouldRetry } from './api/query-retry';
import { installFlagFont } from './lib/flag-font';
import { createConsoleRouter } from './router';
import './styles.css';

// Why no query function takes TanStack Query's abort `signal`: a query whose function read it is cancelled when its
// last observer goes and asked again when one comes back, which React's StrictMode does to every component it mounts
// in development. Each screen's first call was then made twice (a mock fault armed for one call was used up by the
// aborted one), and a prefetch of a route's loader was thrown away as its screen mounted. An answer that comes in
// after its screen was left is kept in the cache, for going back.
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false } },
});
const router = createConsoleRouter(queryClient);

installFlagFont();

const container = document.getElementById('root');
if (!container) throw new Error('The console page has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
