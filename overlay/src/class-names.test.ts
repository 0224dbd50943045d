import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forcedStateSelector, instantRule, sanitizeClassName, selectorForModifiers } from './class-names.js';

describe('sanitizeClassName', () => {
  it('turns characters other than letters, digits, hyphen and underscore into hyphens', () => {
    expect(sanitizeClassName('hover:bg-red-500/50')).toBe('hover-bg-red-500-50');
    expect(sanitizeClassName('w-[12.5px]')).toBe('w--12-5px-');
    expect(sanitizeClassName('a_b-C9')).toBe('a_b-C9');
  });

  it('prefixes a leading digit with a hyphen', () => {
    expect(sanitizeClassName('2xl:p-4')).toBe('-2xl-p-4');
  });

  it('always yields a usable class name', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (name) => {
        const clean = sanitizeClassName(name);
        expect(clean).toMatch(/^[A-Za-z_-][A-Za-z0-9_-]*$/);
      }),
    );
  });
});

describe('instant modifiers', () => {
  it('builds rules that apply on the real state and on the forced state', () => {
    expect(forcedStateSelector('hover')).toBe('[data-studio-force~="hover"]');
    expect(selectorForModifiers('x', [])).toBe('.x');
    expect(selectorForModifiers('x', ['hover'])).toBe('.x:hover, .x[data-studio-force~="hover"]');
  });

  it('shows a breakpoint from its width on, as Tailwind writes it', () => {
    expect(instantRule('x', ['md', 'hover'], 'color: red;')).toBe('@media (width >= 48rem) { .x:hover, .x[data-studio-force~="hover"] { color: red; } }');
    expect(instantRule('x', [], 'color: red;')).toBe('.x { color: red; }');
    // From the width the idiom's library gives the breakpoint (MUI's `md`), never from anything but a length.
    expect(instantRule('x', ['md'], 'color: red;', '900px')).toBe('@media (width >= 900px) { .x { color: red; } }');
    expect(instantRule('x', ['md'], 'color: red;', '1px) { * { color: red }')).toBe('@media (width >= 48rem) { .x { color: red; } }');
    expect(instantRule('x', [], 'color: red;', '900px')).toBe('.x { color: red; }');
  });
});
