/**
 * The project's theme as the engine gives it to a transform (`MutationContext.theme`): transforms do no I/O, so the
 * engine reads the theme before the transform runs, from a cache that reads it again when the project's CSS entry,
 * a stylesheet it imports or its Tailwind config changes.
 */
import type { ProjectTheme } from '../../contracts/project-theme.js';
import { EMPTY_THEME } from '../../contracts/theme-tokens.js';

/** Where the engine gets the theme from (tests give a theme of their own). */
export type ThemeSource = () => Promise<ProjectTheme>;

/**
 * The change kinds whose transforms write or merge Tailwind classes, and the token change (a Tailwind 3 config's
 * token may come from a preset, which only the theme tells): the others do not wait for the theme.
 */
const THEMED_KINDS = new Set(['styling', 'addClass', 'themeToken']);

/**
 * The theme a change of `kind` is worked out with. A theme that cannot be read (a stylesheet mid-edit) is no theme
 * rather than a refused change: values are then written as arbitrary values, which are still right.
 */
export async function themeForKind(kind: string, source: ThemeSource): Promise<ProjectTheme> {
  if (!THEMED_KINDS.has(kind)) return EMPTY_THEME;
  try {
    return await source();
  } catch {
    return EMPTY_THEME;
  }
}
