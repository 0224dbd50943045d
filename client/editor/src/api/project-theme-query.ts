/**
 * The project's design tokens (`GET /_studio/api/theme`), asked once through React Query and kept for the page: the
 * style controls read their scales from it. The theme is the project's CSS, which a designer may change in their own
 * editor: it is asked again when the studio's window gets the focus back, and after each change the studio writes,
 * undoes or redoes (`refresh`, called by the app), which may have been to the project's CSS.
 */
import { QueryClient, queryOptions } from '@tanstack/react-query';
import type { ProjectTheme } from '@contracts/project-theme.js';
import { STUDIO_API_PATHS } from '@contracts/studio-routes.js';
import type { StudioServer } from './studio-client';

const PROJECT_THEME_KEY = ['project-theme'] as const;

export interface ProjectThemeQuery {
  client: QueryClient;
  options: ReturnType<typeof projectThemeOptions>;
  /** Asks for the theme again (the project's CSS changed); components showing it get the new one. */
  refresh(): Promise<void>;
}

function projectThemeOptions(server: Pick<StudioServer, 'call'>) {
  return queryOptions({
    queryKey: PROJECT_THEME_KEY,
    queryFn: () => server.call<ProjectTheme>(STUDIO_API_PATHS.theme),
    // Fresh until the project's CSS changes: only `refresh` (and the window's focus) asks again.
    staleTime: Infinity,
    retry: 1,
  });
}

/**
 * Makes the query and its client, once per page. `focusTarget` is the window whose `focus` means the designer may
 * come back from editing the project's CSS elsewhere.
 */
export function createProjectThemeQuery(server: Pick<StudioServer, 'call'>, focusTarget?: Pick<Window, 'addEventListener'>): ProjectThemeQuery {
  // Only this query lives in the client: its refetch on focus is the listener below, not React Query's visibility one.
  const client = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, refetchOnReconnect: false } } });
  const refresh = () => client.invalidateQueries({ queryKey: PROJECT_THEME_KEY });
  focusTarget?.addEventListener('focus', () => void refresh());
  return { client, options: projectThemeOptions(server), refresh };
}
