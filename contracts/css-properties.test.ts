import { describe, expect, it } from 'vitest';
import { camelCase, kebabCase } from './css-properties.js';

describe('CSS property names', () => {
  it('converts property names both ways', () => {
    expect(camelCase('background-color')).toBe('backgroundColor');
    expect(kebabCase('backgroundColor')).toBe('background-color');
    expect(kebabCase('background-color')).toBe('background-color');
  });

  it('spells the -ms- prefix out both ways', () => {
    expect(kebabCase('msTransform')).toBe('-ms-transform');
    expect(camelCase('-ms-transform')).toBe('msTransform');
    expect(kebabCase('WebkitTransform')).toBe('-webkit-transform');
  });

  it('keeps custom properties as they are', () => {
    expect(camelCase('--gap')).toBe('--gap');
    expect(kebabCase('--myGap')).toBe('--myGap');
  });
});
