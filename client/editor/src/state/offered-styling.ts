/**
 * What the style controls offer a project: Tailwind (the framework, its breakpoint names) only where the project
 * has Tailwind. In a project the theme says has none, the frameworks are Inline and CSS, and a breakpoint is named
 * by the width it starts at, as the CSS rule written for it says (`@media (width >= 40rem)`); an element written in
 * its library's idiom (MUI's `sx`, Bootstrap's utilities) by the library's breakpoints.
 */
import { STYLING_FRAMEWORKS, type StylingFramework } from '@contracts/change-kinds.js';
import type { ProjectTheme } from '@contracts/project-theme.js';
import type { StylingIdiom } from '@contracts/styling-idioms.js';
import { isBreakpoint } from '@contracts/tailwind-variants.js';

/** Whether the theme says the project has no Tailwind (not yet known: it may have). */
export function lacksTailwind(theme: Pick<ProjectTheme, 'stylingFramework'> | null | undefined): boolean {
  return theme?.stylingFramework === 'CSS';
}

export function offeredStylingFrameworks(theme: Pick<ProjectTheme, 'stylingFramework'> | null | undefined): StylingFramework[] {
  return lacksTailwind(theme) ? STYLING_FRAMEWORKS.filter((name) => name !== 'Tailwind') : [...STYLING_FRAMEWORKS];
}

/**
 * Idioms written at a breakpoint of the project's own library, from the width its theme gives it: `sx`'s `{ md }` and a
 * `styled()` object's `theme.breakpoints.up('md')` from MUI's 900px, `d-md-none` from Bootstrap's 768px. The others
 * (CSS rules, Tailwind) are written from the widths of `BREAKPOINTS`.
 */
const THEME_BREAKPOINT_IDIOMS: ReadonlySet<StylingIdiom> = new Set(['mui-sx', 'styled-object', 'bootstrap']);

/** The width the theme gives breakpoint `name`, else `width` (Tailwind's). */
function widthFor(name: string, width: string, theme: Partial<Pick<ProjectTheme, 'scales'>> | null | undefined): string {
  return theme?.scales?.breakpoints?.find((token) => token.name === name)?.value ?? width;
}

/** Whether the idiom's library has breakpoint `name` (MUI and Bootstrap have no `2xl`), by the theme's breakpoints. */
export function offersBreakpoint(name: string, theme: Partial<Pick<ProjectTheme, 'scales'>> | null | undefined, idiom: StylingIdiom | null | undefined): boolean {
  const own = theme?.scales?.breakpoints;
  return !idiom || !THEME_BREAKPOINT_IDIOMS.has(idiom) || !own?.length || own.some((token) => token.name === name);
}

/** Where the frame previews a change under these modifiers from, where the idiom's library sets its breakpoint. */
export function breakpointPreviewFrom(modifiers: readonly string[], theme: Partial<Pick<ProjectTheme, 'scales'>> | null | undefined, idiom: StylingIdiom | null | undefined): string | undefined {
  const breakpoint = modifiers.find(isBreakpoint);
  if (!breakpoint || !idiom || !THEME_BREAKPOINT_IDIOMS.has(idiom)) return undefined;
  return theme?.scales?.breakpoints?.find((token) => token.name === breakpoint)?.value;
}

/**
 * A breakpoint's label in the breakpoint list: `md (from 48rem)`, or `from 48rem` without Tailwind; where the element
 * is written in its library's idiom, the library's name and width (`md (from 900px)` for MUI's `sx`).
 */
export function breakpointLabel(
  name: string,
  width: string,
  theme: (Pick<ProjectTheme, 'stylingFramework'> & Partial<Pick<ProjectTheme, 'scales'>>) | null | undefined,
  idiom?: StylingIdiom | null,
): string {
  if (idiom && THEME_BREAKPOINT_IDIOMS.has(idiom)) return `${name} (from ${widthFor(name, width, theme)})`;
  return lacksTailwind(theme) ? `from ${width}` : `${name} (from ${width})`;
}
