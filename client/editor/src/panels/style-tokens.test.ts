import { describe, expect, it } from 'vitest';
import type { ThemeToken } from '@contracts/project-theme.js';
import { currentTokenValue, describeToken, hexOf, paletteRows, pixelsOf, readTokenInput, sameColour, suggestTokens, tokenFromClasses, tokenOfComputed } from './style-tokens';

// A test theme in the shape of the theme route's answer: Tailwind 4's values, a project's own colour among them.
const colours: ThemeToken[] = [
  { name: 'slate-900', value: 'oklch(20.8% 0.042 265.755)', variable: '--color-slate-900' },
  { name: 'slate-950', value: 'oklch(12.9% 0.042 264.695)', variable: '--color-slate-950' },
  { name: 'emerald-600', value: '#00835d', variable: '--color-emerald-600', declaredIn: 'src/styles.css' },
  { name: 'white', value: '#fff' },
];
const spacing: ThemeToken[] = [
  { name: '2', value: '0.5rem' },
  { name: '3', value: '0.75rem' },
  { name: '4', value: '1rem' },
];
const fontSizes: ThemeToken[] = [
  { name: 'sm', value: '0.875rem', lineHeight: 'calc(1.25 / 0.875)' },
  { name: 'base', value: '1rem', lineHeight: 'calc(1.5 / 1)' },
  { name: '4xl', value: '2.25rem', lineHeight: 'calc(2.5 / 2.25)' },
];
const supports = (property: string, value: string) =>
  property.includes('color') ? /^(#[0-9a-f]{3,8}|oklch\(.+\)|rgb\(.+\)|red)$/i.test(value) : /^-?\d*\.?\d+(px|rem|em|%)?$/.test(value);

describe('tokens of the style controls', () => {
  it('reads the token from the element classes, the most specific utility first, under the chosen variants', () => {
    expect(tokenFromClasses('background-color', ['flex', 'bg-slate-900', 'text-slate-100'], colours)?.name).toBe('slate-900');
    expect(tokenFromClasses('padding-top', ['p-2', 'py-3'], spacing)?.name).toBe('3');
    expect(tokenFromClasses('padding-left', ['p-2', 'py-3'], spacing)?.name).toBe('2');
    expect(tokenFromClasses('font-size', ['text-slate-900', 'text-base/7'], fontSizes)?.name).toBe('base');
    expect(tokenFromClasses('color', ['text-base', 'text-white'], colours)?.name).toBe('white');
    expect(tokenFromClasses('font-size', ['text-sm', 'md:text-4xl'], fontSizes, ['md'])?.name).toBe('4xl');
    expect(tokenFromClasses('font-size', ['text-sm', 'md:text-4xl'], fontSizes)?.name).toBe('sm');
    expect(tokenFromClasses('background-color', ['bg-slate-900/50'], colours)).toBeNull();
  });

  it('matches a computed value to a token: colours in Oklab within the stated tolerance, lengths in pixels', () => {
    expect(tokenOfComputed('background-color', 'oklch(0.208 0.042 265.755)', colours)?.name).toBe('slate-900');
    expect(tokenOfComputed('color', 'rgb(0, 131, 93)', colours)?.name).toBe('emerald-600');
    expect(tokenOfComputed('color', 'rgba(0, 131, 93, 0.5)', colours)).toBeNull();
    expect(tokenOfComputed('color', 'rgb(0, 140, 93)', colours)).toBeNull();
    expect(tokenOfComputed('padding-top', '12px', spacing)?.name).toBe('3');
    expect(tokenOfComputed('padding-top', '13px', spacing)).toBeNull();
    expect(tokenOfComputed('font-size', '16px', fontSizes)?.name).toBe('base');
  });

  it('holds one colour apart from the next shade, and the same colour written two ways together', () => {
    expect(sameColour('#020617', 'oklch(12.9% 0.042 264.695)')).toBe(true);
    // Tailwind 3's slate-900 is Tailwind 4's slate-900 written in hex, not slate-950.
    expect(sameColour('#0f172a', 'oklch(20.8% 0.042 265.755)')).toBe(true);
    expect(sameColour('#0f172a', 'oklch(12.9% 0.042 264.695)')).toBe(false);
    expect(sameColour('not a colour', '#000')).toBe(false);
  });

  it('shows a token with its value as a person reads it', () => {
    expect(describeToken('background-color', colours[0]!)).toBe('slate-900 · #0f172b');
    expect(describeToken('padding-top', spacing[1]!)).toBe('3 · 12px');
    expect(describeToken('font-size', fontSizes[1]!)).toBe('base · 16px/24px');
    expect(currentTokenValue('background-color', 'oklch(0.208 0.042 265.755)', ['bg-slate-900'], colours, []).text).toBe('slate-900 · #0f172b');
    expect(currentTokenValue('padding-top', '12px', [], spacing, []).text).toBe('3 · 12px');
    // At a breakpoint the computed value is the frame's width's, so only a class of that breakpoint names a token.
    expect(currentTokenValue('font-size', '16px', ['text-base'], fontSizes, ['md'])).toEqual({ text: '16px', token: null });
  });

  it('shows a colour no token matches as hex, never the raw oklab the browser computes for a translucent one', () => {
    expect(currentTokenValue('background-color', 'oklab(0.51 -0.09 0.01 / 0.5)', [], colours, [])).toEqual({ text: '#17776280', token: null });
    expect(currentTokenValue('color', 'rgb(255, 0, 16)', [], colours, []).text).toBe('#ff0010');
    expect(currentTokenValue('background-color', 'rgba(0, 0, 0, 0)', [], colours, []).text).toBe('transparent');
    expect(currentTokenValue('padding-top', '13px', [], spacing, []).text).toBe('13px');
  });

  it('turns any CSS colour into the sRGB hex a colour input takes', () => {
    expect(hexOf('oklch(20.8% 0.042 265.755)')).toBe('#0f172b');
    expect(hexOf('rgb(255, 0, 16)')).toBe('#ff0010');
    expect(hexOf('#ABCDEF')).toBe('#abcdef');
    expect(hexOf('nonsense')).toBeNull();
    expect(hexOf(undefined)).toBeNull();
  });

  it('reads a token name, a CSS value or an arbitrary value, and refuses anything else with the reason', () => {
    expect(readTokenInput('background-color', 'Background colour', 'slate-950', colours, supports, false)).toMatchObject({ kind: 'token', value: 'oklch(12.9% 0.042 264.695)' });
    expect(readTokenInput('background-color', 'Background colour', 'bg-slate-950', colours, supports, false)).toMatchObject({ kind: 'token' });
    expect(readTokenInput('padding-top', 'Padding top', '3', spacing, supports, true)).toMatchObject({ kind: 'token', value: '0.75rem' });
    expect(readTokenInput('font-size', 'Font size', 'base', fontSizes, supports, true)).toMatchObject({ kind: 'token', value: '1rem' });
    expect(readTokenInput('background-color', 'Background colour', '#020617', colours, supports, false)).toEqual({ kind: 'value', value: '#020617' });
    expect(readTokenInput('padding-top', 'Padding top', '13', spacing, supports, true)).toEqual({ kind: 'value', value: '13px' });
    expect(readTokenInput('font-size', 'Font size', '[40px]', fontSizes, supports, true)).toEqual({ kind: 'value', value: '40px' });
    const refused = readTokenInput('background-color', 'Background colour', 'slate-951', colours, supports, false);
    expect(refused).toEqual({
      kind: 'refused',
      error: `Background colour: "slate-951" is neither a token of the project's colours (such as slate-900, slate-950, emerald-600) nor a value of background-color`,
    });
  });

  it('suggests the tokens that start with what is typed, then those that contain it, then colours by their hex', () => {
    expect(suggestTokens(colours, 'sl').map((token) => token.name)).toEqual(['slate-900', 'slate-950']);
    expect(suggestTokens(colours, '950').map((token) => token.name)).toEqual(['slate-950']);
    expect(suggestTokens(colours, '#0206').map((token) => token.name)).toEqual(['slate-950']);
    expect(suggestTokens(colours, '')).toHaveLength(colours.length);
  });

  it('lays the palette out a colour per row, the single colours together last', () => {
    expect(paletteRows(colours).map((row) => row.map((token) => token.name))).toEqual([['slate-900', 'slate-950'], ['emerald-600', 'white']]);
  });

  it('reads lengths as pixels', () => {
    expect(pixelsOf('0.75rem')).toBe(12);
    expect(pixelsOf('0')).toBe(0);
    expect(pixelsOf('-0.025em', 16)).toBe(-0.4);
    expect(pixelsOf('1.5')).toBeNull();
  });
});
