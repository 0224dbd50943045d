import { describe, expect, it } from 'vitest';
import { evaluateCalc, multiplyLength, resolveThemeValue } from './theme-values.js';

describe('theme values as literals', () => {
  it("evaluates the one-operator calc() of Tailwind's theme, and leaves what it cannot", () => {
    expect(evaluateCalc('calc(1.5 / 1)')).toBe('1.5');
    expect(evaluateCalc('calc(1 / 0.75)')).toBe('1.3333');
    expect(evaluateCalc('calc(0.25rem * 3)')).toBe('0.75rem');
    expect(evaluateCalc('calc(4 * 0.5px)')).toBe('2px');
    expect(evaluateCalc('calc(1rem + 2px)')).toBeNull();
    expect(evaluateCalc('calc(1rem * 2px)')).toBeNull();
    expect(evaluateCalc('calc(100% - var(--x))')).toBeNull();
    expect(multiplyLength('0.25rem', 0.5)).toBe('0.125rem');
    expect(multiplyLength('var(--x)', 2)).toBeNull();
  });

  it('puts in the variables the theme knows, keeps the others and never loops', () => {
    const theme = new Map([
      ['--spacing', '0.25rem'],
      ['--color-primary', 'var(--color-emerald-600)'],
      ['--color-emerald-600', '#00835d'],
      ['--a', 'var(--b)'],
      ['--b', 'var(--a)'],
    ]);
    const lookup = (name: string) => theme.get(name);
    expect(resolveThemeValue('calc(var(--spacing) * 3)', lookup)).toBe('0.75rem');
    expect(resolveThemeValue('var(--color-primary)', lookup)).toBe('#00835d');
    expect(resolveThemeValue('var(--runtime-brand)', lookup)).toBe('var(--runtime-brand)');
    expect(resolveThemeValue('var(--runtime-brand, var(--spacing))', lookup)).toBe('var(--runtime-brand, 0.25rem)');
    expect(resolveThemeValue('var(--a)', lookup)).toBe('var(--a)');
  });
});
