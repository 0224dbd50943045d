/**
 * A canvas starts in the project's styling framework, as the theme answer names it (`ProjectTheme.stylingFramework`:
 * Tailwind when the project has Tailwind, else CSS): a new canvas cannot know it, since the server makes it without
 * reading the project's styling, which costs a Tailwind load the studio's open should not wait for. Until a designer
 * picks a framework (the switch above the classes), the canvas follows each theme answer; once picked, the canvas
 * keeps it whatever a later answer says, except Tailwind in a project that has none (`state/offered-styling.ts`).
 */
import { designerChoseStylingFramework, type CanvasDocument } from '@contracts/studio-api.js';
import type { ProjectTheme } from '@contracts/project-theme.js';
import type { StylingFramework } from '@contracts/change-values.js';
import type { ProjectThemeQuery } from '../api/project-theme-query';
import { useEditorStore } from '../state/editor-store';

/** The framework the canvas must now take from the project, or null when it has it or keeps its own. */
export function projectStylingToFollow(
  canvas: Pick<CanvasDocument, 'stylingFramework' | 'stylingFrameworkChosen'> | null,
  theme: Pick<ProjectTheme, 'stylingFramework'> | undefined,
): StylingFramework | null {
  if (!canvas || !theme?.stylingFramework) return null;
  // Whoever chose it, Tailwind in a project without it would write classes nothing generates.
  if (theme.stylingFramework === 'CSS' && canvas.stylingFramework === 'Tailwind') return 'CSS';
  if (designerChoseStylingFramework(canvas)) return null;
  return canvas.stylingFramework === theme.stylingFramework ? null : theme.stylingFramework;
}

type Store = Pick<typeof useEditorStore, 'getState' | 'subscribe'>;

/** Keeps the open canvas in the project's framework while no designer chose one; answers the call that stops it. */
export function followProjectStyling(theme: Pick<ProjectThemeQuery, 'client' | 'options'>, store: Store = useEditorStore): () => void {
  const follow = () => {
    const state = store.getState();
    const framework = projectStylingToFollow(state.canvas, theme.client.getQueryData(theme.options.queryKey));
    if (!framework) return;
    state.updateCanvas((canvas) => {
      canvas.stylingFramework = framework;
      // Said outright: a canvas saved before the choice was kept reads any framework but Tailwind as chosen.
      canvas.stylingFrameworkChosen = false;
    });
  };
  // Only the cache is watched, so the theme is asked for no sooner than a panel that shows it asks.
  const stopTheme = theme.client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') follow();
  });
  const stopCanvas = store.subscribe((state, previous) => {
    if (state.canvas !== previous.canvas) follow();
  });
  follow();
  return () => {
    stopTheme();
    stopCanvas();
  };
}
