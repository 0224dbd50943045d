import { describe, expect, it } from 'vitest';
import { camelCase, kebabCase } from './css-properties.js';

/** kebab-case → camelCase: the -ms- prefix is spelled out both ways, custom properties stay as they are. */
const SPELLINGS = { 'background-color': 'backgroundColor', '-ms-transform': 'msTransform', '-webkit-transform': 'WebkitTransform', '--gap': '--gap' };

describe('CSS property names', () => {
  it('converts property names both ways, and leaves a name already in the wanted spelling as it is', () => {
    for (const [kebab, camel] of Object.entries(SPELLINGS)) {
      expect(camelCase(kebab), kebab).toBe(camel);
      expect(kebabCase(camel), camel).toBe(kebab);
      expect(kebabCase(kebab), kebab).toBe(kebab);
    }
  });
});
