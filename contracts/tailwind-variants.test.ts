import { describe, expect, it } from 'vitest';
import { breakpointCondition, isBreakpoint, isInstantModifier, modifiersShowInstantly, withVariants } from './tailwind-variants.js';

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

  it('shows a change at once only under hover, required, focus, active, invalid, disabled and the breakpoints', () => {
    for (const modifier of ['hover', 'required', 'focus', 'active', 'invalid', 'disabled']) expect(isInstantModifier(modifier)).toBe(true);
    for (const modifier of ['md', 'dark', 'focus-visible', 'group-hover', '']) expect(isInstantModifier(modifier)).toBe(false);
    expect(modifiersShowInstantly([])).toBe(true);
    expect(modifiersShowInstantly(['hover', 'focus', 'active', 'disabled', 'required', 'invalid'])).toBe(true);
    expect(modifiersShowInstantly(['hover', 'md'])).toBe(true);
    expect(modifiersShowInstantly(['2xl'])).toBe(true);
    expect(modifiersShowInstantly(['md', 'dark'])).toBe(false);
    expect(modifiersShowInstantly(['focus-visible'])).toBe(false);
    expect(isInstantModifier('focus-visible')).toBe(false);
  });

  it('previews a breakpoint from the width Tailwind writes for it', () => {
    expect(breakpointCondition(['hover', 'md'])).toBe('(width >= 48rem)');
    expect(breakpointCondition(['sm'])).toBe('(width >= 40rem)');
    expect(breakpointCondition(['hover'])).toBeNull();
    expect(breakpointCondition([])).toBeNull();
  });
});
