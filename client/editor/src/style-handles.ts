/**
 * The editor's side of the selection's handles (docs/editor.md#handles): the frames are given the project's spacing
 * scale to snap to once the theme has answered (again whenever the theme or the canvas's framework changes), and a handle released in a frame
 * becomes one STYLING change, written as the style controls write it: in the canvas's framework, under the chosen
 * states and breakpoint, a token's value as its utility (`pt-4`), any other as an arbitrary value.
 */
import { QueryObserver } from '@tanstack/react-query';
import type { FrameToParentPayloads, HandleScale } from '@contracts/frame-protocol.js';
import type { ProjectTheme } from '@contracts/project-theme.js';
import type { StylingFramework } from '@contracts/change-values.js';
import type { ProjectThemeQuery } from './api/project-theme-query';
import { modifiersFor } from './panels/class-variants';
import { stylingProblem, type StylingFields } from './panels/style-properties';
import { pixelsOf } from './panels/style-tokens';
import { useEditorStore, type EditorState } from './state/editor-store';

/** The scale the handles snap to: the theme's spacing tokens that are lengths, smallest first. */
export function handleScaleOf(theme: Pick<ProjectTheme, 'scales'> | null | undefined, framework: StylingFramework): HandleScale {
  const spacing = (theme?.scales.spacing ?? [])
    .map((token) => ({ name: token.name, value: token.value, px: pixelsOf(token.value) }))
    .filter((token): token is HandleScale['spacing'][number] => token.px !== null && token.px >= 0)
    .sort((a, b) => a.px - b.px);
  return { spacing, tailwind: framework === 'Tailwind' };
}

/** The change a released handle writes, or why it cannot be written under the chosen states. */
export function handleChange(
  release: FrameToParentPayloads['STYLE_HANDLE_RELEASED'],
  state: Pick<EditorState, 'modifiers' | 'breakpoint'> & { canvas: { stylingFramework?: StylingFramework } | null },
): { fields: StylingFields } | { problem: string } {
  const framework = state.canvas?.stylingFramework ?? 'Tailwind';
  const modifiers = modifiersFor(state.modifiers, state.breakpoint);
  const problem = stylingProblem(framework, modifiers);
  if (problem) return { problem };
  return { fields: { codebaseId: release.codebaseId, stylingChanges: { ...release.styling }, stylingFramework: framework, modifiers, customProperties: {} } };
}

/** Writes a released handle's values, or says why they cannot be written. */
export function writeStyleHandle(release: FrameToParentPayloads['STYLE_HANDLE_RELEASED'], submit: (fields: StylingFields) => unknown): void {
  const state = useEditorStore.getState();
  const change = handleChange(release, state);
  if ('problem' in change) state.notify('error', change.problem);
  else submit(change.fields);
}

type Store = Pick<typeof useEditorStore, 'getState' | 'subscribe'>;

/**
 * Gives the frames the handles' scale for the page's life: the theme is asked for as soon as a frame starts (not on the
 * first selection: under load its answer came after the first drag had begun, which then wrote arbitrary values where
 * the scale has tokens), and the scale is given once the theme has answered (or failed: the handles then write whole
 * pixels), and again at each new theme or framework. The frames show no handles before it (`handle-interaction.ts`).
 */
export function giveFramesHandleScale(theme: Pick<ProjectThemeQuery, 'client' | 'options'>, give: (scale: HandleScale) => void, store: Store = useEditorStore): () => void {
  let watching: (() => void) | null = null;
  let given = '';
  const follow = () => {
    const state = store.getState();
    if (!watching && (Object.keys(state.frames).length > 0 || state.selectedKey)) {
      // Watched, not asked once: a refresh (the project's CSS changed) asks again only for a watched query.
      watching = new QueryObserver(theme.client, theme.options).subscribe(() => {});
    }
    const query = theme.client.getQueryState(theme.options.queryKey);
    // Not answered yet: the frames wait rather than snap to an empty scale.
    if (query?.data === undefined && query?.status !== 'error') return;
    const scale = handleScaleOf(query.data, state.canvas?.stylingFramework ?? 'Tailwind');
    const text = JSON.stringify(scale);
    if (text === given) return;
    given = text;
    give(scale);
  };
  const stopTheme = theme.client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && (event.action.type === 'success' || event.action.type === 'error')) follow();
  });
  const stopStore = store.subscribe((state, previous) => {
    if (state.canvas?.stylingFramework !== previous.canvas?.stylingFramework || (!watching && (state.frames !== previous.frames || state.selectedKey))) follow();
  });
  follow();
  return () => {
    stopTheme();
    stopStore();
    watching?.();
  };
}
