/**
 * Class names an instant update puts on elements, and the selectors it styles them under. Which
 * modifiers it may show is the contract's (`contracts/tailwind-variants.ts`). See docs/editor.md#instant-updates.
 */
import { FORCE_STATE_CLASS_PREFIX } from '@contracts/dom.js';
import type { InstantModifier } from '@contracts/tailwind-variants.js';

export { isInstantModifier, type InstantModifier } from '@contracts/tailwind-variants.js';

/** Characters other than letters, digits, hyphen and underscore become hyphens; a leading digit gets a hyphen. */
export function sanitizeClassName(name: string): string {
  const replaced = name.replace(/[^A-Za-z0-9_-]/g, '-');
  return /^[0-9]/.test(replaced) ? `-${replaced}` : replaced;
}

/** The class that forces a pseudo-state on the selected element (`tempo-force-hover`, …). */
export function forceStateClass(modifier: InstantModifier): string {
  return `${FORCE_STATE_CLASS_PREFIX}${modifier}`;
}

/**
 * The selector of a generated rule for a class shown under modifiers: the real pseudo-class, and the force-state
 * class, so that the editor can show a hover style without the pointer on the element.
 */
export function selectorForModifiers(className: string, modifiers: readonly InstantModifier[]): string {
  const base = `.${className}`;
  if (modifiers.length === 0) return base;
  const pseudo = modifiers.map((modifier) => `:${modifier}`).join('');
  const forced = modifiers.map((modifier) => `.${forceStateClass(modifier)}`).join('');
  return `${base}${pseudo}, ${base}${forced}`;
}
