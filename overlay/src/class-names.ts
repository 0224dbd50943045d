/**
 * Class names an instant update puts on elements, and the rules it styles them with. Which modifiers it may show
 * is the contract's (`contracts/tailwind-variants.ts`). See docs/editor.md#instant-updates.
 */
import { breakpointCondition, isInstantModifier, type InstantModifier } from '@contracts/tailwind-variants.js';

export { isInstantModifier, type InstantModifier } from '@contracts/tailwind-variants.js';

/**
 * The attribute that forces pseudo-states on the selected element (`data-studio-force="hover focus"`). An
 * attribute, not a class: React rewrites an element's whole class attribute when a hot reload changes its classes,
 * and leaves attributes it does not render alone.
 */
export const FORCED_STATES_ATTRIBUTE = 'data-studio-force';

/** The selector part that stands for a pseudo-state while it is forced. */
export function forcedStateSelector(modifier: InstantModifier): string {
  return `[${FORCED_STATES_ATTRIBUTE}~="${modifier}"]`;
}

/** Characters other than letters, digits, hyphen and underscore become hyphens; a leading digit gets a hyphen. */
export function sanitizeClassName(name: string): string {
  const replaced = name.replace(/[^A-Za-z0-9_-]/g, '-');
  return /^[0-9]/.test(replaced) ? `-${replaced}` : replaced;
}

/**
 * The selector of a generated rule for a class shown under modifiers: the real pseudo-class, and the forced state,
 * so that the editor can show a hover style without the pointer on the element.
 */
export function selectorForModifiers(className: string, modifiers: readonly InstantModifier[]): string {
  const base = `.${className}`;
  if (modifiers.length === 0) return base;
  const pseudo = modifiers.map((modifier) => `:${modifier}`).join('');
  const forced = modifiers.map(forcedStateSelector).join('');
  return `${base}${pseudo}, ${base}${forced}`;
}

/**
 * The whole rule of a class shown under modifiers: its states in the selector, its breakpoint as the media
 * condition Tailwind writes for it, or from the width the idiom's library gives it (`from`: MUI's `md` from 900px),
 * so a frame narrower than the breakpoint does not show it, as it will not show what is written.
 */
export function instantRule(className: string, modifiers: readonly string[], declarations: string, from?: string): string {
  const rule = `${selectorForModifiers(className, modifiers.filter(isInstantModifier))} { ${declarations} }`;
  // Only a plain length: the width comes with the change, and goes into the frame's style sheet.
  const own = from && /^\d+(?:\.\d+)?(?:px|r?em)$/.test(from) ? from : null;
  const condition = own && breakpointCondition(modifiers) ? `(width >= ${own})` : breakpointCondition(modifiers);
  return condition ? `@media ${condition} { ${rule} }` : rule;
}
