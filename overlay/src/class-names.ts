/**
 * Class names an instant update puts on elements, and which modifiers it may style (spec §5, §9).
 */
import { FORCE_STATE_CLASS_PREFIX } from '@contracts/dom.js';

/** Characters other than letters, digits, hyphen and underscore become hyphens; a leading digit gets a hyphen. */
export function sanitizeClassName(name: string): string {
  const replaced = name.replace(/[^A-Za-z0-9_-]/g, '-');
  return /^[0-9]/.test(replaced) ? `-${replaced}` : replaced;
}

/** The only modifiers an instant styling change may be shown for (spec §5). */
export const INSTANT_MODIFIERS = ['hover', 'required', 'focus', 'active', 'invalid', 'disabled'] as const;

export type InstantModifier = (typeof INSTANT_MODIFIERS)[number];

export function isInstantModifier(modifier: string): modifier is InstantModifier {
  return (INSTANT_MODIFIERS as readonly string[]).includes(modifier);
}

/** Whether every modifier of a change can be shown instantly. */
export function modifiersAllowInstantUpdate(modifiers: readonly string[]): boolean {
  return modifiers.every(isInstantModifier);
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
