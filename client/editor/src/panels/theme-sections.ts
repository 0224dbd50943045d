/**
 * What the theme panel shows of the project's theme and what an edit of a token writes: the scales a designer
 * edits (colours, fonts, spacing, radii, and the type scale), each token with where it comes from (the project's
 * own stylesheet or Tailwind's defaults), and the checks a typed value passes before it becomes a change.
 */
import type { ChangeFieldsByType } from '@contracts/change-kinds.js';
import { THEME_NAMESPACES, type ProjectTheme, type ThemeScale, type ThemeToken } from '@contracts/project-theme.js';
import { cssValueProblem, themeVariableProblem } from '@contracts/source-grammar.js';

/** How a token is drawn: a colour swatch, a line of text in the family, a bar as long as the step, a rounded corner. */
export type TokenLook = 'colour' | 'font' | 'length' | 'radius' | 'text';

export interface ThemeSectionSpec {
  scale: ThemeScale;
  title: string;
  look: TokenLook;
  /** The CSS property a value of the scale must be valid for. */
  property: string;
}

/** The scales the panel lists, in its order. */
export const THEME_SECTIONS: readonly ThemeSectionSpec[] = [
  { scale: 'colors', title: 'Colours', look: 'colour', property: 'color' },
  { scale: 'fontFamily', title: 'Fonts', look: 'font', property: 'font-family' },
  { scale: 'fontSize', title: 'Font sizes', look: 'text', property: 'font-size' },
  { scale: 'spacing', title: 'Spacing', look: 'length', property: 'width' },
  { scale: 'radius', title: 'Radii', look: 'radius', property: 'border-radius' },
];

export interface ThemeSection extends ThemeSectionSpec {
  tokens: ThemeToken[];
  /** How many tokens the scale has before the filter. */
  total: number;
}

/** Each listed scale with the tokens whose name or value contains the filter (any case). */
export function themeSections(theme: ProjectTheme, filter = ''): ThemeSection[] {
  const wanted = filter.trim().toLowerCase();
  const matches = (token: ThemeToken) => !wanted || token.name.toLowerCase().includes(wanted) || token.value.toLowerCase().includes(wanted);
  return THEME_SECTIONS.map((spec) => {
    const all = theme.scales[spec.scale] ?? [];
    return { ...spec, tokens: all.filter(matches), total: all.length };
  });
}

/** Where a token comes from, as the panel says it. */
export function tokenOrigin(token: ThemeToken, source: ThemeSource = 'Tailwind'): string {
  return token.declaredIn ? `Declared in ${token.declaredIn}` : `${source}'s default`;
}

export type ThemeSource = 'Tailwind' | 'MUI' | 'Bootstrap' | 'Chakra';

/**
 * Whose theme the tokens are: the project's Tailwind, else its MUI theme (read from its `createTheme`), else its
 * Bootstrap variables (its Sass over Bootstrap's defaults), else its Chakra tokens (its `createSystem`/`extendTheme`).
 */
export function themeSource(theme: ProjectTheme): ThemeSource {
  if (theme.tailwind) return 'Tailwind';
  if (theme.styling?.systems.includes('mui')) return 'MUI';
  if (theme.styling?.systems.includes('bootstrap')) return 'Bootstrap';
  return theme.styling?.systems.includes('chakra') ? 'Chakra' : 'Tailwind';
}

/**
 * Why the project's tokens cannot be edited here at all, or null: a Tailwind 3 project keeps its theme in its config,
 * which the studio writes unless the server says it cannot (a config built by a function) or there is none; a
 * project without Tailwind has no theme.
 */
export function themeEditProblem(theme: ProjectTheme): string | null {
  if (!theme.tailwind && themeSource(theme) === 'MUI') return "The MUI theme is read from the project's createTheme: change its values there.";
  if (!theme.tailwind && themeSource(theme) === 'Bootstrap') return "Bootstrap's variables are read from the project's Sass ($primary…): change their values there.";
  if (!theme.tailwind && themeSource(theme) === 'Chakra') {
    return "Chakra's tokens live in code: the project's are read from its createSystem or extendTheme (change their values there), Chakra's own from its package (declare one again in the project's theme to change it).";
  }
  if (!theme.tailwind) return 'This project does not use Tailwind: it has no theme to edit.';
  if (theme.tailwind.version === 3 && !theme.tailwind.config) return 'This Tailwind 3 project has no tailwind.config file to keep its tokens in.';
  if (theme.tailwind.version === 3 && theme.tailwind.configProblem) return `${theme.tailwind.configProblem}: change the tokens there.`;
  return null;
}

/** Where a token change is written: the file that declares it, else the Tailwind 3 config or the Tailwind 4 CSS entry. */
export function tokenHome(theme: ProjectTheme, token?: ThemeToken): string {
  return token?.declaredIn ?? (theme.tailwind!.version === 3 ? theme.tailwind!.config! : theme.tailwind!.entry);
}

/**
 * The variable a change names a token by: its own (Tailwind 4), or for a Tailwind 3 config's token the one the
 * server maps back to the config's key and name (`--color-brand-light` → `colors.brand.light`).
 */
export function tokenVariable(theme: ProjectTheme, scale: ThemeScale, token: ThemeToken): string | undefined {
  if (token.variable || theme.tailwind?.version !== 3) return token.variable;
  return `${scale === 'spacing' ? '--spacing-' : THEME_NAMESPACES[scale]}${token.name.replace(/\./g, '\\.')}`;
}

/** Why one token cannot be edited (a step the theme works out from another variable), or null. */
export function tokenEditProblem(token: ThemeToken, variable = token.variable): string | null {
  if (!variable || themeVariableProblem(variable)) return 'Worked out from the theme (no variable of its own): not edited here.';
  return null;
}

/**
 * The change an edit of a token makes, or why the typed value is refused (nothing is written then). `supports` is
 * the browser's `CSS.supports`, given so that the rules run outside a page too.
 */
export function tokenEdit(
  theme: ProjectTheme,
  section: Pick<ThemeSectionSpec, 'property' | 'title' | 'scale'>,
  token: ThemeToken,
  typed: string,
  supports: (property: string, value: string) => boolean,
): { fields: ChangeFieldsByType['EDIT_THEME_TOKEN'] } | { problem: string } {
  const variable = tokenVariable(theme, section.scale, token);
  const problem = themeEditProblem(theme) ?? tokenEditProblem(token, variable);
  if (problem) return { problem };
  const value = typed.trim();
  if (!value) return { problem: `${token.name} needs a value.` };
  const grammar = cssValueProblem(value);
  if (grammar) return { problem: grammar };
  if (!supports(section.property, value)) return { problem: `"${value}" is not a value of ${section.property}: ${token.name} keeps ${token.value}.` };
  return { fields: { variable: variable!, value, stylesheet: tokenHome(theme, token) } };
}
