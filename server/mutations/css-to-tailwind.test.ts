import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { probeClassFor, tailwindClassFor } from './css-to-tailwind.js';

describe('CSS declarations as Tailwind classes', () => {
  it('uses keyword utilities, property utilities with arbitrary values, or arbitrary properties', () => {
    expect(tailwindClassFor('display', 'none')).toBe('hidden');
    expect(tailwindClassFor('justifyContent', 'space-between')).toBe('justify-between');
    expect(tailwindClassFor('width', '120px')).toBe('w-[120px]');
    expect(tailwindClassFor('color', '#fff')).toBe('text-[color:#fff]');
    expect(tailwindClassFor('grid-template-columns', 'repeat(2, 1fr)')).toBe('[grid-template-columns:repeat(2,_1fr)]');
  });

  it('makes classes that tailwind-merge sees conflicting with the ones they replace', () => {
    expect(twMerge(`w-10 ${tailwindClassFor('width', '3rem')}`)).toBe('w-[3rem]');
    expect(twMerge(`p-2 ${tailwindClassFor('padding', '8px')}`)).toBe('p-[8px]');
    expect(twMerge(`block ${probeClassFor('display')}`)).toBe(probeClassFor('display'));
  });
});
