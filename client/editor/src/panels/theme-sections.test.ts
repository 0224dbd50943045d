import { describe, expect, it } from 'vitest';
import type { ProjectTheme, ThemeScale, ThemeToken } from '@contracts/project-theme.js';
import { THEME_SCALES } from '@contracts/project-theme.js';
import { EMPTY_THEME } from '@contracts/theme-tokens.js';
import { themeEditProblem, themeSections, themeSource, tokenEdit, tokenEditProblem, tokenOrigin, THEME_SECTIONS } from './theme-sections';

function themeOf(scales: Partial<Record<ThemeScale, ThemeToken[]>>, tailwind: ProjectTheme['tailwind'] = { version: 4, entry: 'src/styles.css' }): ProjectTheme {
  return { tailwind, scales: { ...Object.fromEntries(THEME_SCALES.map((scale) => [scale, []])), ...scales } as ProjectTheme['scales'] };
}

const slate900: ThemeToken = { name: 'slate-900', value: 'oklch(20.8% 0.042 265.755)', variable: '--color-slate-900' };
const brand: ThemeToken = { name: 'emerald-600', value: '#00835d', variable: '--color-emerald-600', declaredIn: 'src/theme.css' };
const step: ThemeToken = { name: '3', value: '0.75rem' };
const theme = themeOf({ colors: [slate900, brand], spacing: [step], fontFamily: [{ name: 'sans', value: 'Inter, sans-serif', variable: '--font-sans' }] });

/** A stand-in for the browser's `CSS.supports`: colours are hex or oklch, lengths rem or px. */
const supports = (property: string, value: string) => (property === 'color' ? /^(#[0-9a-f]{3,8}|oklch\(.+\))$/i.test(value) : /^\d*\.?\d+(rem|px)$/.test(value) || property === 'font-family');
const colours = THEME_SECTIONS.find((section) => section.scale === 'colors')!;

describe('theme sections', () => {
  it('lists colours, fonts, font sizes, spacing and radii, filtered by name or value', () => {
    expect(themeSections(theme).map((section) => [section.title, section.tokens.length])).toEqual([
      ['Colours', 2],
      ['Fonts', 1],
      ['Font sizes', 0],
      ['Spacing', 1],
      ['Radii', 0],
    ]);
    expect(themeSections(theme, 'SLATE')[0]!.tokens).toEqual([slate900]);
    expect(themeSections(theme, '#00835')[0]!.tokens).toEqual([brand]);
    expect(themeSections(theme, 'slate')[0]!.total).toBe(2);
  });

  it("says which tokens the project declares and which are Tailwind's", () => {
    expect(tokenOrigin(brand)).toBe('Declared in src/theme.css');
    expect(tokenOrigin(slate900)).toBe("Tailwind's default");
  });
});

describe('an edit of a token', () => {
  it('writes a declared token in its own stylesheet and a default one in the CSS entry', () => {
    expect(tokenEdit(theme, colours, brand, ' #0b1020 ', supports)).toEqual({ fields: { variable: '--color-emerald-600', value: '#0b1020', stylesheet: 'src/theme.css' } });
    expect(tokenEdit(theme, colours, slate900, 'oklch(0.2 0.05 260)', supports)).toEqual({ fields: { variable: '--color-slate-900', value: 'oklch(0.2 0.05 260)', stylesheet: 'src/styles.css' } });
  });

  it('refuses, with the reason, a value that is not one for the scale, an empty one, or one that could end the declaration', () => {
    expect(tokenEdit(theme, colours, slate900, 'not-a-colour', supports)).toEqual({ problem: '"not-a-colour" is not a value of color: slate-900 keeps oklch(20.8% 0.042 265.755).' });
    expect(tokenEdit(theme, colours, slate900, '  ', supports)).toEqual({ problem: 'slate-900 needs a value.' });
    expect(tokenEdit(theme, colours, slate900, '#fff; } body { display: none', supports)).toMatchObject({ problem: expect.stringContaining('is not one CSS value') });
  });

  it('edits nothing of a Tailwind 3 project, a project without Tailwind, or a step with no variable of its own', () => {
    const v3 = themeOf({ colors: [slate900] }, { version: 3, entry: 'src/index.css', config: 'tailwind.config.js' });
    expect(themeEditProblem(v3)).toBe('Tailwind 3 keeps the theme in its config (tailwind.config.js): change the tokens there.');
    expect(tokenEdit(v3, colours, slate900, '#000', supports)).toEqual({ problem: themeEditProblem(v3) });
    expect(themeEditProblem(themeOf({}, null))).toMatch(/does not use Tailwind/);
    expect(tokenEditProblem(step)).toMatch(/no variable of its own/);
    expect(themeEditProblem(theme)).toBeNull();
    expect(tokenEditProblem(slate900)).toBeNull();
  });
});

describe("a MUI project's theme", () => {
  const mui = { tailwind: null, scales: { ...EMPTY_THEME.scales, colors: [{ name: 'primary.main', value: '#2e5e4e', declaredIn: 'src/theme.ts' }] }, styling: { systems: ['mui' as const], dominant: 'mui-sx' as const } };

  it('is named MUI, its defaults as MUI\'s, and read only, as its createTheme is code', () => {
    expect(themeSource(mui)).toBe('MUI');
    expect(themeSource({ ...mui, styling: { systems: [], dominant: null } })).toBe('Tailwind');
    expect(tokenOrigin({ name: 'info.main', value: '#0288d1' }, 'MUI')).toBe("MUI's default");
    expect(themeEditProblem(mui)).toMatch(/createTheme/);
  });
});

describe("a Bootstrap project's theme", () => {
  const bootstrap = { tailwind: null, scales: { ...EMPTY_THEME.scales, colors: [{ name: 'primary', value: '#2e5e4e', declaredIn: 'src/custom.scss' }] }, styling: { systems: ['bootstrap' as const], dominant: 'bootstrap' as const } };

  it("is named Bootstrap, its defaults as Bootstrap's, and read only, as its variables are in the project's Sass", () => {
    expect(themeSource(bootstrap)).toBe('Bootstrap');
    expect(tokenOrigin({ name: 'info', value: '#0dcaf0' }, 'Bootstrap')).toBe("Bootstrap's default");
    expect(themeEditProblem(bootstrap)).toMatch(/Sass/);
    expect(themeSource({ ...bootstrap, styling: { systems: ['chakra'], dominant: 'style-props' } })).toBe('Chakra');
    expect(themeEditProblem({ ...bootstrap, styling: { systems: ['chakra'], dominant: 'style-props' } })).toMatch(/createSystem/);
  });
});

