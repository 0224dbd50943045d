import { describe, expect, it } from 'vitest';
import type { ThemeToken } from '@contracts/project-theme.js';
import { breakpointLabel, breakpointPreviewFrom, offeredStylingFrameworks, offersBreakpoint } from './offered-styling';

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

  it("names a breakpoint by the library's own width where the element is written in its idiom", () => {
    const breakpoints: ThemeToken[] = ['xs:0px', 'sm:600px', 'md:900px', 'lg:1200px', 'xl:1536px'].map((entry) => ({ name: entry.split(':')[0]!, value: entry.split(':')[1]! }));
    const mui = { stylingFramework: 'CSS' as const, scales: { breakpoints } as never };
    // `sx={{ fontSize: { md: … } }}` applies from MUI's 900px, not from 48rem.
    expect(breakpointLabel('md', '48rem', mui, 'mui-sx')).toBe('md (from 900px)');
    expect(breakpointLabel('sm', '40rem', mui, 'styled-object')).toBe('sm (from 600px)');
    expect(offersBreakpoint('2xl', mui, 'mui-sx')).toBe(false);
    // A CSS rule on the same element is still written from the studio's widths.
    expect(breakpointLabel('md', '48rem', mui, 'css')).toBe('from 48rem');
    expect(offersBreakpoint('2xl', mui, 'css')).toBe(true);
    // The frame previews it from there too.
    expect(breakpointPreviewFrom(['md', 'hover'], mui, 'mui-sx')).toBe('900px');
    expect(breakpointPreviewFrom(['md'], mui, 'css')).toBeUndefined();
    expect(breakpointPreviewFrom(['hover'], mui, 'mui-sx')).toBeUndefined();
  });
});
