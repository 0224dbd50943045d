/**
 * The modifiers of a class or style change and how they are written as Tailwind variants:
 * the breakpoints, the state modifiers a frame can show at once, and the order the prefixes are written in
 * (`md:hover:p-4`). The editor, the overlay and the server's transforms all follow these; which names are variants
 * at all is the source grammar's (`source-grammar.ts`). See docs/glossary.md#modifiers-variants-breakpoints.
 */

/** Breakpoints that a change may target, with the width each starts at; written as Tailwind variant prefixes. */
export const BREAKPOINTS = { sm: '40rem', md: '48rem', lg: '64rem', xl: '80rem', '2xl': '96rem' } as const;
export type BreakpointName = keyof typeof BREAKPOINTS;

export function isBreakpoint(name: string): name is BreakpointName {
  return Object.hasOwn(BREAKPOINTS, name);
}

/**
 * The only modifiers a change may be shown under instantly in a frame: the frame draws them as the real
 * pseudo-class and as a class that forces the state. Changes under other modifiers are still written.
 * See docs/editor.md#instant-updates.
 */
const INSTANT_MODIFIERS = ['hover', 'required', 'focus', 'active', 'invalid', 'disabled'] as const;
export type InstantModifier = (typeof INSTANT_MODIFIERS)[number];

export function isInstantModifier(modifier: string): modifier is InstantModifier {
  return (INSTANT_MODIFIERS as readonly string[]).includes(modifier);
}

/**
 * Whether a change under these modifiers can be shown in a frame before the server writes it: every modifier is an
 * instant state or a breakpoint (the frame then shows it from that width on, as the written class will).
 */
export function modifiersShowInstantly(modifiers: readonly string[]): boolean {
  return modifiers.every((modifier) => isInstantModifier(modifier) || isBreakpoint(modifier));
}

/**
 * The media condition a change under these modifiers applies from (`(width >= 48rem)` for `md`), the one Tailwind
 * writes for the breakpoint; null when no breakpoint is among them. A frame's own width decides, so a preview shows
 * in the frames wide enough for it and not in the narrower ones.
 */
export function breakpointCondition(modifiers: readonly string[]): string | null {
  const breakpoint = modifiers.find(isBreakpoint);
  return breakpoint ? `(width >= ${BREAKPOINTS[breakpoint]})` : null;
}

/**
 * The class as the source holds it under its modifiers: breakpoints first, the way Tailwind's documentation writes
 * them, then the states, each once, so the same change always gives the same class (`md:hover:bg-red-500`).
 */
export function withVariants(className: string, modifiers: readonly string[]): string {
  const ordered = [...modifiers.filter(isBreakpoint), ...modifiers.filter((modifier) => !isBreakpoint(modifier))];
  return [...new Set(ordered)].map((modifier) => `${modifier}:`).join('') + className;
}
