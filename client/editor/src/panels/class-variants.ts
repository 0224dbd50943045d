/**
 * Tailwind variants of the class and style edits: the pseudo-state modifiers and the breakpoint the inspector writes
 * under, how a class reads with them (`md:hover:p-4`), and the class vocabulary's suggestions as the user types.
 */
import { classNameProblem } from '@contracts/source-grammar.js';
import { isBreakpoint, type BreakpointName } from '@contracts/tailwind-variants.js';

/** The state modifiers the inspector offers; the first six are the ones a frame can show at once. */
export const STATE_MODIFIERS = ['hover', 'focus', 'active', 'disabled', 'required', 'invalid', 'focus-visible', 'focus-within', 'checked', 'first', 'last', 'dark'] as const;

/** The modifiers of a change: the breakpoint first, then the states, each once (the order Tailwind writes them). */
export function modifiersFor(states: readonly string[], breakpoint: BreakpointName | null): string[] {
  return [...new Set([...(breakpoint ? [breakpoint] : []), ...states.filter((state) => !isBreakpoint(state))])];
}

/**
 * Splits a typed class into its variants and the bare class: `md:hover:content-['a:b']` → `md`, `hover` and
 * `content-['a:b']`. Colons inside brackets or parentheses belong to an arbitrary value, not to a variant.
 */
export function splitVariants(typed: string): { variants: string[]; className: string } {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < typed.length; index++) {
    const char = typed[index];
    if (char === '[' || char === '(') depth++;
    else if ((char === ']' || char === ')') && depth > 0) depth--;
    else if (char === ':' && depth === 0) {
      parts.push(typed.slice(start, index));
      start = index + 1;
    }
  }
  const className = typed.slice(start);
  return { variants: parts, className };
}

export type ClassInputCheck = { ok: true; className: string; modifiers: string[] } | { ok: false; error: string };

/**
 * Checks a typed class and merges its own variants with the chosen ones. One class at a time: the instant update
 * and the server's write both take a single class name.
 */
export function checkClassInput(typed: string, chosenModifiers: readonly string[]): ClassInputCheck {
  const text = typed.trim();
  if (!text) return { ok: false, error: 'Type a class name' };
  if (/\s/.test(text)) return { ok: false, error: 'One class at a time: a class name has no spaces' };
  if (text.length > 200) return { ok: false, error: 'A class name is at most 200 characters' };
  const { variants, className } = splitVariants(text);
  if (!className) return { ok: false, error: `"${text}" has variants but no class after the last ":"` };
  // The rule the server writes classes by: what it would refuse is refused here, with its reason.
  const unwritable = classNameProblem(text);
  if (unwritable) return { ok: false, error: unwritable };
  const badVariant = variants.find((variant) => !/^[A-Za-z0-9_-]+$/.test(variant));
  if (badVariant !== undefined) return { ok: false, error: `"${badVariant}:" is not a variant this editor can write` };
  const states = [...chosenModifiers.filter((m) => !isBreakpoint(m)), ...variants.filter((m) => !isBreakpoint(m))];
  const breakpoints = [...chosenModifiers.filter(isBreakpoint), ...variants.filter(isBreakpoint)];
  if (new Set(breakpoints).size > 1) return { ok: false, error: `A class applies from one breakpoint: ${[...new Set(breakpoints)].join(' and ')} given` };
  return { ok: true, className, modifiers: modifiersFor(states, breakpoints[0] ?? null) };
}

/**
 * Suggestions for a typed class from the project's vocabulary: classes that start with what was typed first (shorter
 * first), then those that contain it; the typed variants are kept in front of each suggestion.
 */
export function suggestClasses(vocabulary: readonly string[], typed: string, limit = 12): string[] {
  const { variants, className } = splitVariants(typed.trim());
  const query = className.toLowerCase();
  if (!query) return [];
  const prefix = variants.map((variant) => `${variant}:`).join('');
  const starts: string[] = [];
  const contains: string[] = [];
  for (const candidate of vocabulary) {
    const lower = candidate.toLowerCase();
    if (lower === query) continue;
    if (lower.startsWith(query)) starts.push(candidate);
    else if (lower.includes(query)) contains.push(candidate);
  }
  starts.sort((a, b) => a.length - b.length || a.localeCompare(b));
  contains.sort((a, b) => a.length - b.length || a.localeCompare(b));
  return [...starts, ...contains].slice(0, limit).map((candidate) => prefix + candidate);
}
