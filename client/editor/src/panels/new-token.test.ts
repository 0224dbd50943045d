import { describe, expect, it } from 'vitest';
import type { ProjectTheme } from '@contracts/project-theme.js';
import { newTokenChanges, type NewTokenRequest } from './new-token';

const theme = (version: 3 | 4 = 4): ProjectTheme =>
  ({
    tailwind: { version, entry: 'src/index.css', ...(version === 3 ? { config: 'tailwind.config.js' } : {}) },
    scales: { colors: [{ name: 'slate-900', value: '#0f172a' }], spacing: [{ name: '4', value: '1rem' }] },
  }) as unknown as ProjectTheme;
const supports = (property: string, value: string) => (property.includes('color') ? /^#|^oklch/.test(value) : /^\d+(px|rem)$/.test(value));
const request = (over: Partial<NewTokenRequest> = {}): NewTokenRequest => ({ property: 'background-color', name: 'brand', value: '#0a7', codebaseId: 'tempo-a', framework: 'Tailwind', modifiers: [], ...over });

describe('a new token from a style field', () => {
  it('declares the variable in the theme’s entry, then gives the element its class in a Tailwind canvas', () => {
    expect(newTokenChanges(theme(), request({ modifiers: ['hover'] }), supports)).toEqual({
      token: { variable: '--color-brand', value: '#0a7', stylesheet: 'src/index.css' },
      addClass: { codebaseIdToAddClass: 'tempo-a', className: 'bg-brand', addingTailwindClass: true, modifiers: ['hover'], cssEquivalent: 'background-color: var(--color-brand);' },
    });
    const spacing = newTokenChanges(theme(), request({ property: 'padding-top', name: 'gutter', value: '18px' }), supports);
    expect(spacing).toMatchObject({ token: { variable: '--spacing-gutter' }, addClass: { className: 'pt-gutter' } });
  });

  it("adds a Tailwind 3 token under its config's theme.extend, previewed with its value (such a theme makes no variables)", () => {
    expect(newTokenChanges(theme(3), request(), supports)).toEqual({
      token: { variable: '--color-brand', value: '#0a7', stylesheet: 'tailwind.config.js' },
      addClass: { codebaseIdToAddClass: 'tempo-a', className: 'bg-brand', addingTailwindClass: true, modifiers: [], cssEquivalent: 'background-color: #0a7;' },
    });
  });

  it('sets the property to the variable in a CSS canvas', () => {
    expect(newTokenChanges(theme(), request({ framework: 'CSS' }), supports)).toMatchObject({
      styling: { codebaseId: 'tempo-a', stylingChanges: { 'background-color': 'var(--color-brand)' }, stylingFramework: 'CSS' },
    });
  });

  it('refuses with the reason a bad name, a taken name, a bad value, and a theme kept in a config', () => {
    expect(newTokenChanges(theme(), request({ name: 'my brand' }), supports)).toEqual({ problem: expect.stringMatching(/^"my brand" is not a token name/) });
    expect(newTokenChanges(theme(), request({ name: 'slate-900' }), supports)).toEqual({ problem: expect.stringMatching(/^slate-900 is already a token of the theme \(#0f172a\)/) });
    expect(newTokenChanges(theme(), request({ value: 'bluish' }), supports)).toEqual({ problem: '"bluish" is not a value of background-color: no token was added.' });
    expect(newTokenChanges(theme(), request({ value: 'red; x: y' }), supports)).toEqual({ problem: expect.stringMatching(/is not one CSS value/) });
    expect(newTokenChanges(theme(), request({ value: ' ' }), supports)).toEqual({ problem: 'brand needs a value.' });
    expect(newTokenChanges(theme(3), request({ framework: 'CSS' }), supports)).toEqual({ problem: expect.stringMatching(/^A Tailwind 3 token is used through its class/) });
    expect(newTokenChanges(null, request(), supports)).toEqual({ problem: expect.stringMatching(/not been read yet/) });
    expect(newTokenChanges(theme(), request({ property: 'display' }), supports)).toEqual({ problem: 'display takes no token of the theme.' });
  });
});
