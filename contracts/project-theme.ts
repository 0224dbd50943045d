/**
 * The edited project's design tokens, as its own Tailwind states them (`GET /_studio/api/theme`): the server reads
 * them from the project's compiled theme (Tailwind 4's `@theme` variables, or a Tailwind 3 config), the engine maps
 * style values to them, and the editor's controls and theme panel show them. Nothing here is a default of
 * Tailwind's own: a project that overrides or removes a scale gets what it declared.
 */
import type { StylingFramework } from './change-values.js';
import type { ProjectStyling } from './styling-idioms.js';

/** The scales a theme has, in the order the theme panel lists them. */
export const THEME_SCALES = [
  'colors',
  'spacing',
  'fontSize',
  'fontWeight',
  'fontFamily',
  'lineHeight',
  'letterSpacing',
  'radius',
  'shadow',
  'breakpoints',
] as const;
export type ThemeScale = (typeof THEME_SCALES)[number];

/**
 * Tailwind 4's theme namespaces, per scale: a variable's name after the prefix is the token's (`--color-` +
 * `slate-950`). Spacing is apart: its steps derive from `--spacing`, and a named step is `--spacing-<name>`.
 */
export const THEME_NAMESPACES: Record<Exclude<ThemeScale, 'spacing'>, string> = {
  colors: '--color-',
  fontSize: '--text-',
  fontWeight: '--font-weight-',
  fontFamily: '--font-',
  lineHeight: '--leading-',
  letterSpacing: '--tracking-',
  radius: '--radius-',
  shadow: '--shadow-',
  breakpoints: '--breakpoint-',
};

export interface ThemeToken {
  /**
   * The token's name as utilities use it: `slate-950`, `3`, `base`, `lg`, `sans`. A Tailwind 3 scale's unsuffixed
   * utility (`rounded`, `shadow`) is `DEFAULT`, as its config names it; a colour's `DEFAULT` is its parent (`brand`).
   */
  name: string;
  /**
   * Its CSS value, resolved to a literal wherever the theme allows (`oklch(12.9% 0.042 264.695)`, `0.75rem`,
   * `1rem`); a value that refers to another variable keeps its `var()`.
   */
  value: string;
  /** A font size's own line height (`text-base` sets both). */
  lineHeight?: string;
  /** Tailwind 4: the theme variable that holds it (`--color-slate-950`), which CSS mode writes as `var(…)`. */
  variable?: string;
  /**
   * The root-relative stylesheet (Tailwind 4) or config file (Tailwind 3) where the project itself declares the
   * token; absent for a token the project takes from Tailwind's defaults.
   */
  declaredIn?: string;
}

export interface ProjectTailwind {
  /** The major version of the project's own Tailwind installation. */
  version: 3 | 4;
  /** Root-relative: the CSS entry (the stylesheet that loads Tailwind) the project imports. */
  entry: string;
  /** Root-relative: a Tailwind 3 config, when there is one. */
  config?: string;
  /**
   * Why the Tailwind 3 config cannot take token edits (a config built by a function, a theme held in an expression),
   * absent when the studio writes its tokens.
   */
  configProblem?: string;
}

/** The answer of `GET /_studio/api/theme`. */
export interface ProjectTheme {
  /** The project's Tailwind; null for a project without one (then every scale is empty). */
  tailwind: ProjectTailwind | null;
  scales: Record<ThemeScale, ThemeToken[]>;
  /**
   * How the project styles its elements, which the style controls start in: `Tailwind` when it has Tailwind, else
   * `CSS`. The server always sends it; optional only for themes made by hand.
   */
  stylingFramework?: Extract<StylingFramework, 'Tailwind' | 'CSS'>;
  /** The project's styling systems and dominant idiom (`server/styling/styling-systems.ts`); absent in hand-made themes. */
  styling?: ProjectStyling;
}
