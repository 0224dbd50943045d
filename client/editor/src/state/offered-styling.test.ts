import { describe, expect, it } from 'vitest';
import { breakpointLabel, offeredStylingFrameworks } from './offered-styling';

describe('what the style controls offer', () => {
  it('leaves Tailwind and its breakpoint names out where the project has none', () => {
    expect(offeredStylingFrameworks({ stylingFramework: 'CSS' })).toEqual(['Inline', 'CSS']);
    expect(breakpointLabel('md', '48rem', { stylingFramework: 'CSS' })).toBe('from 48rem');
  });

  it('offers them with Tailwind, and before the theme is known', () => {
    expect(offeredStylingFrameworks({ stylingFramework: 'Tailwind' })).toContain('Tailwind');
    expect(offeredStylingFrameworks(null)).toContain('Tailwind');
    expect(breakpointLabel('md', '48rem', { stylingFramework: 'Tailwind' })).toBe('md (from 48rem)');
  });
});
