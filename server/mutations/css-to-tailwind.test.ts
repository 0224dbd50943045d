import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { probeClassFor, tailwindClassFor } from './css-to-tailwind.js';

describe('CSS declarations as Tailwind classes', () => {
  // Keyword utilities, property utilities with arbitrary values, or arbitrary properties.
  it.each([
    ['display', 'none', 'hidden'],
    ['justifyContent', 'space-between', 'justify-between'],
    ['width', '120px', 'w-[120px]'],
    ['color', '#fff', 'text-[color:#fff]'],
    ['grid-template-columns', 'repeat(2, 1fr)', '[grid-template-columns:repeat(2,_1fr)]'],
  ])('%s: %s is %s', (property, value, className) => {
    expect(tailwindClassFor(property, value)).toBe(className);
  });

  it('makes classes that tailwind-merge sees conflicting with the ones they replace', () => {
    expect(twMerge(`w-10 ${tailwindClassFor('width', '3rem')}`)).toBe('w-[3rem]');
    expect(twMerge(`p-2 ${tailwindClassFor('padding', '8px')}`)).toBe('p-[8px]');
    expect(twMerge(`block ${probeClassFor('display')}`)).toBe(probeClassFor('display'));
  });
});
