/**
 * A new token made from a style field when none of the scale fits (the theme panel only edits the tokens there are):
 * its variable in the scale's Tailwind 4 namespace (`--color-brand`, `--spacing-gutter`), declared in the project's
 * CSS entry (Tailwind 3: added under its config's `theme.extend`) as the theme panel writes a default token, and the element then styled with it: its class in a Tailwind
 * canvas (`bg-brand`), else the property set to the variable. A bad name or value is refused with the reason, and
 * nothing is written.
 */
import type { ChangeFieldsByType } from '@contracts/change-kinds.js';
import { THEME_NAMESPACES, type ProjectTheme, type ThemeScale } from '@contracts/project-theme.js';
import type { StylingFramework } from '@contracts/change-values.js';
import { cssValueProblem, themeVariableProblem } from '@contracts/source-grammar.js';
import { scaleOfProperty } from './style-tokens';
import { themeEditProblem, tokenHome } from './theme-sections';

/** The namespace a new token's variable goes in; breakpoints are not a style's value. */
const namespaceOf = (scale: ThemeScale): string | null => (scale === 'spacing' ? '--spacing-' : scale === 'breakpoints' ? null : THEME_NAMESPACES[scale]);

export interface NewTokenRequest {
  property: string;
  name: string;
  value: string;
  codebaseId: string;
  framework: StylingFramework;
  modifiers: readonly string[];
}

export type NewTokenChanges =
  | { token: ChangeFieldsByType['EDIT_THEME_TOKEN']; addClass: ChangeFieldsByType['ADD_CLASS'] }
  | { token: ChangeFieldsByType['EDIT_THEME_TOKEN']; styling: ChangeFieldsByType['STYLING'] }
  | { problem: string };

/** The changes that add the token and style the element with it, or why they cannot be made. */
export function newTokenChanges(theme: ProjectTheme | null, request: NewTokenRequest, supports: (property: string, value: string) => boolean): NewTokenChanges {
  if (!theme) return { problem: 'The project’s theme has not been read yet.' };
  const themeProblem = themeEditProblem(theme);
  if (themeProblem) return { problem: themeProblem };
  const scale = scaleOfProperty(request.property);
  const namespace = scale ? namespaceOf(scale.scale) : null;
  if (!scale || !namespace) return { problem: `${request.property} takes no token of the theme.` };
  const name = request.name.trim();
  if (!/^[a-z0-9][a-z0-9-]*$/i.test(name) || name.endsWith('-')) {
    return { problem: `"${name}" is not a token name: letters, digits and hyphens, as in brand or card-gap.` };
  }
  const variable = `${namespace}${name}`;
  const variableProblem = themeVariableProblem(variable);
  if (variableProblem) return { problem: variableProblem };
  const taken = theme.scales[scale.scale]?.find((token) => token.name === name);
  if (taken) return { problem: `${name} is already a token of the theme (${taken.value}): choose it in the field, or give another name.` };
  const value = request.value.trim();
  if (!value) return { problem: `${name} needs a value.` };
  const grammar = cssValueProblem(value);
  if (grammar) return { problem: grammar };
  if (!supports(request.property, value)) return { problem: `"${value}" is not a value of ${request.property}: no token was added.` };
  const token = { variable, value, stylesheet: tokenHome(theme) };
  // A Tailwind 3 theme makes no CSS variables: its token is only a class's value.
  const tailwind3 = theme.tailwind!.version === 3;
  if (tailwind3 && request.framework !== 'Tailwind') return { problem: 'A Tailwind 3 token is used through its class: switch the field to Tailwind to add one.' };
  if (request.framework === 'Tailwind') {
    const cssEquivalent = `${request.property}: ${tailwind3 ? value : `var(${variable})`};`;
    return { token, addClass: { codebaseIdToAddClass: request.codebaseId, className: `${scale.utilities[0]}-${name}`, addingTailwindClass: true, modifiers: [...request.modifiers], cssEquivalent } };
  }
  return { token, styling: { codebaseId: request.codebaseId, stylingChanges: { [request.property]: `var(${variable})` }, stylingFramework: request.framework, modifiers: [...request.modifiers], customProperties: {} } };
}
