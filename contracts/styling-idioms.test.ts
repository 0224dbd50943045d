import { describe, expect, it } from 'vitest';
import { idiomFor, projectIdiomFor, type IdiomChoice } from './styling-idioms.js';

const muiComponent = { own: null, fits: ['mui-sx', 'css', 'inline'] } as const;
const choice = (over: Partial<IdiomChoice>): IdiomChoice => ({ framework: 'CSS', own: null, fits: ['css', 'inline'], dominant: null, ...over });

describe('the idiom a styling change is written in', () => {
  it('is the one named, whatever the framework', () => {
    expect(idiomFor(choice({ requested: 'css', own: 'mui-sx', framework: 'Tailwind' }))).toBe('css');
  });

  it('is Tailwind or Inline when the framework says so', () => {
    expect(idiomFor(choice({ framework: 'Tailwind', own: 'mui-sx' }))).toBe('tailwind');
    expect(idiomFor(choice({ framework: 'Inline', own: 'styled-template' }))).toBe('inline');
  });

  it("in CSS mode: the element's own, else the project's dominant where it fits, else a CSS rule", () => {
    expect(idiomFor(choice({ own: 'styled-template', dominant: 'mui-sx' }))).toBe('styled-template');
    expect(idiomFor(choice({ ...muiComponent, fits: [...muiComponent.fits], dominant: 'mui-sx' }))).toBe('mui-sx');
    // A host element of a MUI project: sx would do nothing there.
    expect(idiomFor(choice({ dominant: 'mui-sx' }))).toBe('css');
    expect(idiomFor(choice({ dominant: 'tailwind' }))).toBe('css');
    expect(idiomFor(choice({}))).toBe('css');
  });

  it("in CSS mode on a plain element: the project's way with one, where the dominant idiom cannot style it", () => {
    expect(idiomFor(choice({ fits: ['styled-object', 'css', 'inline'], dominant: 'mui-sx', host: 'styled-object' }))).toBe('styled-object');
    expect(idiomFor(choice({ fits: ['styled-template', 'css', 'inline'], dominant: 'styled-template', host: 'styled-template' }))).toBe('styled-template');
    // The way must fit the element (`withProjectIdioms` adds it to a plain element's only).
    expect(idiomFor(choice({ dominant: 'mui-sx', host: 'styled-object' }))).toBe('css');
    expect(projectIdiomFor({ own: null, fits: ['css', 'inline'], plain: true }, { systems: ['mui'], dominant: 'mui-sx', host: { idiom: 'mui-sx', styled: { specifier: '@mui/material/styles', isDefault: false } } }, 'CSS')).toBe('mui-sx');
    expect(projectIdiomFor({ own: null, fits: ['css', 'inline'] }, { systems: ['mui'], dominant: 'mui-sx', host: { idiom: 'mui-sx', styled: { specifier: '@mui/material/styles', isDefault: false } } }, 'CSS')).toBe('css');
  });
});
