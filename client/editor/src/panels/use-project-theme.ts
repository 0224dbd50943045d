/**
 * The project's theme as a component reads it: the page's one theme query (`api/project-theme-query.ts`), with a
 * failure said in words. Until the theme answers, the controls work with CSS values alone.
 */
import { useQuery } from '@tanstack/react-query';
import type { ProjectTheme } from '@contracts/project-theme.js';
import { useEditorServices } from '../services/editor-services';

export function useProjectTheme(): { theme: ProjectTheme | null; error: string | null } {
  const { theme } = useEditorServices();
  const query = useQuery(theme.options, theme.client);
  const error = query.error ? `No project tokens: ${query.error.message}` : null;
  return { theme: query.data ?? null, error };
}
