import { describe, expect, it } from 'vitest';
import type { ThemeToken } from './project-theme.js';
import { colorTokenFor, lengthInPx, sameValue, tokenWithValue } from './theme-tokens.js';

describe('theme tokens', () => {
  it('compares lengths in px at 16px per rem, numbers as numbers, the rest as text', () => {
    expect(lengthInPx('0.75rem')).toBe(12);
    expect(lengthInPx('0')).toBe(0);
    expect(lengthInPx('1em')).toBeNull();
    expect(sameValue('12px', '0.75rem')).toBe(true);
    expect(sameValue('1.5', '1.50')).toBe(true);
    expect(sameValue('"Inter", sans-serif', "'Inter',sans-serif")).toBe(true);
    expect(sameValue('1em', '16px')).toBe(false);
  });

  it('prefers the token the project declares among those of the same value', () => {
    const teal: ThemeToken = { name: 'teal-700', value: '#0f766e' };
    const brand: ThemeToken = { name: 'brand', value: '#0f766e', declaredIn: 'tailwind.config.js' };
    expect(colorTokenFor([teal, brand], '#0f766e')?.token.name).toBe('brand');
    expect(tokenWithValue([{ name: '18', value: '4.5rem' }, { name: 'hero', value: '72px', declaredIn: 'src/styles.css' }], '72px')?.name).toBe('hero');
  });

  it('takes an opacity in whole percents, and no colour that is not a literal', () => {
    const tokens: ThemeToken[] = [{ name: 'ink', value: '#111111' }];
    expect(colorTokenFor(tokens, 'rgb(17 17 17 / 40%)')).toEqual({ token: tokens[0], alphaPercent: 40 });
    expect(colorTokenFor(tokens, 'rgb(17 17 17 / 0.405)')).toBeNull();
    expect(colorTokenFor(tokens, 'var(--ink)')).toBeNull();
    expect(colorTokenFor(tokens, 'currentColor')).toBeNull();
  });
});
