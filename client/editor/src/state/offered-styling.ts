/**
 * What the style controls offer a project: Tailwind (the framework, its breakpoint names) only where the project
 * has Tailwind. In a project the theme says has none, the frameworks are Inline and CSS, and a breakpoint is named
 * by the width it starts at, as the CSS rule written for it says (`@media (width >= 40rem)`).
 */
import { STYLING_FRAMEWORKS, type StylingFramework } from '@contracts/change-kinds.js';
import type { ProjectTheme } from '@contracts/project-theme.js';

/** Whether the theme says the project has no Tailwind (not yet known: it may have). */
export function lacksTailwind(theme: Pick<ProjectTheme, 'stylingFramework'> | null | undefined): boolean {
  return theme?.stylingFramework === 'CSS';
}

export function offeredStylingFrameworks(theme: Pick<ProjectTheme, 'stylingFramework'> | null | undefined): StylingFramework[] {
  return lacksTailwind(theme) ? STYLING_FRAMEWORKS.filter((name) => name !== 'Tailwind') : [...STYLING_FRAMEWORKS];
}

/** A breakpoint's label in the breakpoint list: `md (from 48rem)`, or `from 48rem` without Tailwind. */
export function breakpointLabel(name: string, width: string, theme: Pick<ProjectTheme, 'stylingFramework'> | null | undefined): string {
  return lacksTailwind(theme) ? `from ${width}` : `${name} (from ${width})`;
}
