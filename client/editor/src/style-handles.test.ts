import { describe, expect, it } from 'vitest';
import type { ProjectTheme } from '@contracts/project-theme.js';
import { handleChange, handleScaleOf } from './style-handles';

const theme = (spacing: { name: string; value: string }[]): Pick<ProjectTheme, 'scales'> => ({ scales: { spacing } as ProjectTheme['scales'] });

describe('the handles in the editor', () => {
  it('snap to the theme’s spacing tokens that are lengths, smallest first, labelled as classes in a Tailwind canvas', () => {
    const scale = handleScaleOf(theme([{ name: '4', value: '1rem' }, { name: 'px', value: '1px' }, { name: 'odd', value: 'var(--x)' }, { name: '0', value: '0' }]), 'Tailwind');
    expect(scale).toEqual({ spacing: [{ name: '0', value: '0', px: 0 }, { name: 'px', value: '1px', px: 1 }, { name: '4', value: '1rem', px: 16 }], tailwind: true });
    expect(handleScaleOf(null, 'CSS')).toEqual({ spacing: [], tailwind: false });
  });

  it('write a released handle as one STYLING change in the canvas’s framework, under the chosen states and breakpoint', () => {
    const release = { elementKey: 'tempo-a|frame|0-1', codebaseId: 'tempo-a', styling: { 'padding-top': '1rem', 'padding-bottom': '1rem' } };
    expect(handleChange(release, { modifiers: ['hover'], breakpoint: 'md', canvas: { stylingFramework: 'Tailwind' } })).toEqual({
      fields: { codebaseId: 'tempo-a', stylingChanges: { 'padding-top': '1rem', 'padding-bottom': '1rem' }, stylingFramework: 'Tailwind', modifiers: ['md', 'hover'], customProperties: {} },
    });
    expect(handleChange(release, { modifiers: ['hover'], breakpoint: null, canvas: { stylingFramework: 'Inline' } })).toEqual({ problem: expect.stringMatching(/^An inline style cannot apply only for hover/) });
  });
});
