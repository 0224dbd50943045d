import { describe, expect, it } from 'vitest';
import { camelCase, kebabCase } from './css-properties.js';

describe('CSS property names', () => {
  // kebab-case, camelCase: the -ms- prefix is spelled out both ways, custom properties stay as they are.
  it.each([
    ['background-color', 'backgroundColor'],
    ['-ms-transform', 'msTransform'],
    ['-webkit-transform', 'WebkitTransform'],
    ['--gap', '--gap'],
  ])('%s ⇄ %s', (kebab, camel) => {
    expect(camelCase(kebab)).toBe(camel);
    expect(kebabCase(camel)).toBe(kebab);
    expect(kebabCase(kebab)).toBe(kebab);
  });
});
