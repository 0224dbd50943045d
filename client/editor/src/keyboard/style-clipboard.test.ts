import { describe, expect, it } from 'vitest';
import { styleSwap } from './style-clipboard';

describe('pasting a style', () => {
  it('removes what the copy lacks and adds what the target lacks, keeping the classes both have', () => {
    expect(styleSwap(['p-2', 'text-sm', 'font-bold'], ['p-4', 'font-bold'])).toEqual({ oldClasses: ['p-2', 'text-sm'], newClasses: ['p-4'] });
  });

  it('changes nothing when the target already has that style, and adds all to a target with no classes', () => {
    expect(styleSwap(['a', 'b'], ['b', 'a'])).toEqual({ oldClasses: [], newClasses: [] });
    expect(styleSwap([], ['a', 'b'])).toEqual({ oldClasses: [], newClasses: ['a', 'b'] });
  });
});
