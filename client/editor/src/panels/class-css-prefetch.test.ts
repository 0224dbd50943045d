import { describe, expect, it } from 'vitest';
import { isWholeClassName } from './class-css-prefetch';

describe('which typed names are worth asking the CSS of', () => {
  const known = new Set(['p-4', 'bg-emerald-700', 'uppercase']);
  it('takes classes the project lists and closed arbitrary values', () => {
    expect(isWholeClassName('bg-emerald-700', known)).toBe(true);
    expect(isWholeClassName('text-[#c80000]', known)).toBe(true);
    expect(isWholeClassName('w-[12px]', known)).toBe(true);
  });
  it('leaves out names typed on the way', () => {
    expect(isWholeClassName('bg-emer', known)).toBe(false);
    expect(isWholeClassName('text-[#c8', known)).toBe(false);
    expect(isWholeClassName('text-[', known)).toBe(false);
  });
});
