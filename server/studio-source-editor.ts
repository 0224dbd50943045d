/**
 * The engine as the studio runs it: server/engine's SourceEditor handed what it needs from the layers above it, the
 * transforms (server/mutations), the palette's component list (server/project-reads) and the project's theme
 * (server/tailwind). The engine imports none of them (`.dependency-cruiser.cjs`).
 */
import type { ProjectTheme } from '../contracts/project-theme.js';
import { SourceEditor, type SourceEditorOptions } from './engine/source-editor.js';
import type { ThemeSource } from './engine/engine-theme.js';
import { runTransform } from './mutations/mutation-registry.js';
import { paletteComponents } from './project-reads/palette-components.js';

export type StudioSourceEditorOptions = Omit<SourceEditorOptions, 'theme' | 'transform' | 'components'> & {
  /** The project's theme; by default its own Tailwind's, read on first use and again when its stylesheets change. */
  theme?: ThemeSource;
};

export function studioSourceEditor(options: StudioSourceEditorOptions): SourceEditor {
  return new SourceEditor({ ...options, theme: options.theme ?? projectThemeSource(options.root), transform: runTransform, components: paletteComponents });
}

/**
 * The project's own theme, read on first use (Tailwind's design system costs a moment: `dev` is ready first) and
 * cached. A server gives its engine the theme reader its theme route uses instead, so the theme is read once.
 */
function projectThemeSource(root: string): ThemeSource {
  let cache: Promise<{ theme(): Promise<ProjectTheme> }> | undefined;
  return async () => {
    cache ??= import('./tailwind/project-theme.js').then(({ ProjectThemeCache }) => new ProjectThemeCache(root));
    return (await cache).theme();
  };
}
