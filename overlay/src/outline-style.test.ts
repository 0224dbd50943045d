import { describe, expect, it } from 'vitest';
import { outlineStyle, sizeLabel } from './outline-style.js';

describe('outline style', () => {
  it('uses the outline colours in normal and AI mode', () => {
    expect(outlineStyle('primary', 1, false).color).toBe('#4597F7');
    expect(outlineStyle('secondary', 1, false).color).toBe('#4597F7');
    expect(outlineStyle('component', 1, false).color).toBe('#6183e4');
    expect(outlineStyle('primary', 1, true).color).toBe('#6858f5');
    expect(outlineStyle('component', 1, true).color).toBe('#5246C2');
  });

  it('stacks move over primary over secondary over child', () => {
    expect(outlineStyle('move', 1, false).zIndex).toBe(2000000003);
    expect(outlineStyle('primary', 1, false).zIndex).toBe(2000000002);
    expect(outlineStyle('secondary', 1, false).zIndex).toBe(2000000001);
    expect(outlineStyle('child', 1, false).zIndex).toBe(2000000000);
  });

  it('scales the width by the inverse zoom, the secondary half as wide, children and moves dashed', () => {
    expect(outlineStyle('primary', 0.5, false).width).toBe(4);
    expect(outlineStyle('primary', 2, false).width).toBe(1);
    expect(outlineStyle('secondary', 1, false).width).toBe(1);
    expect(outlineStyle('child', 1, false).dashed).toBe(true);
    expect(outlineStyle('move', 1, false).dashed).toBe(true);
    expect(outlineStyle('primary', 1, false).dashed).toBe(false);
  });

  it('labels the size as width x height', () => {
    expect(sizeLabel(120.4, 39.6)).toBe('120 x 40');
  });
});
