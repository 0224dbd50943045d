/** A styling change as every idiom's writer reads it: its declarations and its modifiers split into states and a breakpoint. */
import type { MutationBody } from '../../contracts/changes.js';
import { isBreakpoint } from '../../contracts/tailwind-variants.js';

export type StylingBody = MutationBody<'styling'>;

/** A property (as the change names it), its value (null: remove) and the field it comes from, for errors. */
export type Declaration = [string, string | null, string];

/** Property → value (null: remove) of the change, custom properties included, with the field each comes from. */
export function declarations(body: StylingBody): Declaration[] {
  const all: Declaration[] = Object.entries(body.styling).map(([k, v]) => [k, v === '' ? null : v, `styling.${k}`]);
  for (const [name, value] of Object.entries(body.customProperties)) all.push([name, value === '' ? null : value, `customProperties.${name}`]);
  return all;
}

/** Pseudo-classes a rule can target for a modifier. */
export const PSEUDO_CLASSES = new Set(['hover', 'focus', 'active', 'disabled', 'required', 'invalid', 'visited', 'focus-visible', 'focus-within', 'checked']);

/** The change's states (`hover`) and breakpoints (`md`). */
export function modifiersOf(body: StylingBody): { states: string[]; breakpoints: string[] } {
  return { states: body.modifiers.filter((m) => !isBreakpoint(m)), breakpoints: body.modifiers.filter(isBreakpoint) };
}

/** The spacing properties' short names, the same in MUI's `sx` and in Chakra's and Mantine's style props. */
export const SPACING_SHORTHANDS: Record<string, string> = {
  margin: 'm',
  marginTop: 'mt',
  marginRight: 'mr',
  marginBottom: 'mb',
  marginLeft: 'ml',
  marginInline: 'mx',
  marginBlock: 'my',
  padding: 'p',
  paddingTop: 'pt',
  paddingRight: 'pr',
  paddingBottom: 'pb',
  paddingLeft: 'pl',
  paddingInline: 'px',
  paddingBlock: 'py',
};
