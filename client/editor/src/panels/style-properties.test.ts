import { describe, expect, it } from 'vitest';
import { readStyleValue, STYLE_GROUPS, stylingFields, stylingNote, stylingProblem, type StyleControl } from './style-properties';

const control = (property: string): StyleControl => STYLE_GROUPS.flatMap((group) => group.controls).find((c) => c.property === property)!;

describe('style controls', () => {
  it('covers spacing, size, colour, typography, border, layout and flex', () => {
    expect(STYLE_GROUPS.map((group) => group.title)).toEqual(['Spacing', 'Size', 'Colour', 'Typography', 'Border', 'Layout and flex']);
    const properties = STYLE_GROUPS.flatMap((group) => group.controls.map((c) => c.property));
    expect(properties).toContain('padding-left');
    expect(properties).toContain('justify-content');
    expect(new Set(properties).size).toBe(properties.length);
  });

  it('reads a bare number as pixels for a length, and empty as removing the property', () => {
    expect(readStyleValue(control('margin-top'), '12')).toEqual({ ok: true, value: '12px' });
    expect(readStyleValue(control('margin-top'), '0')).toEqual({ ok: true, value: '0' });
    expect(readStyleValue(control('width'), '50%')).toEqual({ ok: true, value: '50%' });
    expect(readStyleValue(control('line-height'), '1.5')).toEqual({ ok: true, value: '1.5' });
    expect(readStyleValue(control('width'), '  ')).toEqual({ ok: true, value: null });
  });

  it('refuses a value that would write more than one declaration, or an unknown choice', () => {
    expect(readStyleValue(control('color'), 'red; display: none')).toMatchObject({ ok: false });
    expect(readStyleValue(control('display'), 'flexy')).toMatchObject({ ok: false, error: expect.stringContaining('one of block') });
    expect(readStyleValue(control('display'), 'inherit')).toEqual({ ok: true, value: 'inherit' });
    expect(readStyleValue(control('color'), 'red /* note')).toMatchObject({ ok: false, error: expect.stringContaining('comment') });
    expect(readStyleValue(control('width'), 'calc(100% - 2rem')).toMatchObject({ ok: false, error: expect.stringContaining('do not match') });
  });

  it('builds the STYLING fields in the canvas framework with the modifiers', () => {
    expect(stylingFields('tempo-x', 'padding-top', '8px', 'Tailwind', ['md', 'hover'])).toEqual({
      codebaseId: 'tempo-x',
      stylingChanges: { 'padding-top': '8px' },
      stylingFramework: 'Tailwind',
      modifiers: ['md', 'hover'],
      customProperties: {},
    });
  });

  it('says inline styles cannot take modifiers, and when the frame shows the edit', () => {
    expect(stylingProblem('Inline', ['hover'])).toContain('inline style cannot apply only for hover');
    expect(stylingProblem('Inline', [])).toBeNull();
    expect(stylingProblem('CSS', ['hover'])).toBeNull();
    expect(stylingNote('Tailwind', [])).toBe('Written as Tailwind classes.');
    expect(stylingNote('CSS', ['dark'])).toContain('shown after the file is written');
    expect(stylingNote('CSS', ['md', 'hover'])).not.toContain('shown after the file is written');
  });
});
