import { describe, expect, it } from 'vitest';
import { checkClassInput, modifiersFor, splitVariants, suggestClasses } from './class-variants';

describe('variants', () => {
  it('puts the breakpoint before the states, each once', () => {
    expect(modifiersFor(['hover', 'focus', 'hover'], 'md')).toEqual(['md', 'hover', 'focus']);
    expect(modifiersFor([], null)).toEqual([]);
  });

  it('splits typed variants, keeping colons of arbitrary values', () => {
    expect(splitVariants('md:hover:p-4')).toEqual({ variants: ['md', 'hover'], className: 'p-4' });
    expect(splitVariants("content-['a:b']")).toEqual({ variants: [], className: "content-['a:b']" });
    expect(splitVariants('hover:[mask-type:alpha]')).toEqual({ variants: ['hover'], className: '[mask-type:alpha]' });
  });
});

describe('checkClassInput', () => {
  it('merges the typed variants with the chosen ones', () => {
    expect(checkClassInput(' hover:p-4 ', ['md'])).toEqual({ ok: true, className: 'p-4', modifiers: ['md', 'hover'] });
    expect(checkClassInput('p-4', [])).toEqual({ ok: true, className: 'p-4', modifiers: [] });
  });

  it('refuses what cannot be one class', () => {
    expect(checkClassInput('', [])).toMatchObject({ ok: false, error: 'Type a class name' });
    expect(checkClassInput('p-4 m-2', [])).toMatchObject({ ok: false, error: expect.stringContaining('One class at a time') });
    expect(checkClassInput('hover:', [])).toMatchObject({ ok: false, error: expect.stringContaining('no class after') });
    expect(checkClassInput('lg:p-4', ['md'])).toMatchObject({ ok: false, error: expect.stringContaining('md and lg') });
    expect(checkClassInput('[&>*]:p-4', [])).toMatchObject({ ok: false, error: expect.stringContaining('not a variant') });
    expect(checkClassInput('content-["x"]', [])).toMatchObject({ ok: false, error: expect.stringContaining('contains a quote') });
    expect(checkClassInput('a}{b', [])).toMatchObject({ ok: false, error: expect.stringContaining('contains a brace') });
  });
});

describe('suggestClasses', () => {
  const vocabulary = ['p-4', 'p-40', 'px-4', 'pt-4', 'gap-4', 'bg-red-500', 'p-1'];
  it('prefix matches first, shorter first, then containing ones; the typed variants kept', () => {
    expect(suggestClasses(vocabulary, 'p-')).toEqual(['p-1', 'p-4', 'p-40', 'gap-4']);
    expect(suggestClasses(vocabulary, 'hover:bg-r')).toEqual(['hover:bg-red-500']);
    expect(suggestClasses(vocabulary, 'p-4')).toEqual(['p-40', 'gap-4']);
    expect(suggestClasses(vocabulary, '')).toEqual([]);
    expect(suggestClasses(vocabulary, 'p', 2)).toHaveLength(2);
  });
});
