import { describe, expect, it } from 'vitest';
import { isBreakpoint, isInstantModifier, modifiersShowInstantly, withVariants } from './tailwind-variants.js';

describe('Tailwind variants', () => {
  it('puts breakpoints before state variants, each once', () => {
    expect(withVariants('underline', ['hover', 'md'])).toBe('md:hover:underline');
    expect(withVariants('p-4', ['focus', 'lg', 'focus'])).toBe('lg:focus:p-4');
    expect(withVariants('p-4', [])).toBe('p-4');
  });

  it('knows the breakpoints by their own names only', () => {
    expect(isBreakpoint('2xl')).toBe(true);
    expect(isBreakpoint('hover')).toBe(false);
    expect(isBreakpoint('constructor')).toBe(false);
    expect(withVariants('p-4', ['constructor'])).toBe('constructor:p-4');
  });

  it('shows a change at once only under hover, required, focus, active, invalid and disabled', () => {
    for (const modifier of ['hover', 'required', 'focus', 'active', 'invalid', 'disabled']) expect(isInstantModifier(modifier)).toBe(true);
    for (const modifier of ['md', 'dark', 'focus-visible', 'group-hover', '']) expect(isInstantModifier(modifier)).toBe(false);
    expect(modifiersShowInstantly([])).toBe(true);
    expect(modifiersShowInstantly(['hover', 'focus', 'active', 'disabled', 'required', 'invalid'])).toBe(true);
    expect(modifiersShowInstantly(['hover', 'md'])).toBe(false);
    expect(isInstantModifier('focus-visible')).toBe(false);
  });
});
