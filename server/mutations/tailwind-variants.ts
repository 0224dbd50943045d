/**
 * Modifiers and breakpoints of a styling change as Tailwind variant prefixes: `md:hover:bg-red-500`. Breakpoints
 * come first, the way Tailwind's documentation writes them, so the same change always gives the same class.
 */
import { BREAKPOINTS } from '../../contracts/changes.js';

export function withVariants(className: string, modifiers: readonly string[]): string {
  const breakpoints = modifiers.filter((m) => m in BREAKPOINTS);
  const states = modifiers.filter((m) => !(m in BREAKPOINTS));
  const prefix = [...new Set([...breakpoints, ...states])].map((m) => `${m}:`).join('');
  return prefix + className;
}
