import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { compile } from '@tailwindcss/node';
import postcss from 'postcss';
import { converter, differenceEuclidean, formatCss } from 'culori';
import { twMerge } from 'tailwind-merge';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectTheme } from '../../contracts/project-theme.js';
import { COLOR_MATCH_TOLERANCE, EMPTY_THEME } from '../../contracts/theme-tokens.js';
import { fixtureProject } from '../../test-support/fixture-project.js';
import { loadProjectTheme } from '../tailwind/project-theme.js';
import { cssEscapeIdentifier } from '../tailwind/class-selectors.js';
import { probeClassFor, tailwindClassFor, themeCssValueFor } from './css-to-tailwind.js';

const CONSOLE = path.join(import.meta.dirname, '..', '..', 'client', 'console');

/** A Tailwind 3 theme as its config states it: literal values, no theme variables. */
const TAILWIND3: ProjectTheme = {
  tailwind: { version: 3, entry: 'src/index.css', config: 'tailwind.config.js' },
  scales: {
    ...EMPTY_THEME.scales,
    colors: [{ name: 'slate-950', value: '#020617' }, { name: 'brand', value: '#1d4ed8' }],
    spacing: [{ name: '2', value: '0.5rem' }, { name: '3', value: '0.75rem' }],
    fontSize: [{ name: 'base', value: '1rem', lineHeight: '1.5rem' }, { name: 'body', value: '15px', lineHeight: '22px' }],
    radius: [{ name: 'DEFAULT', value: '0.25rem' }, { name: 'lg', value: '0.5rem' }],
  },
};

let consoleTheme: ProjectTheme;
beforeAll(async () => {
  consoleTheme = await loadProjectTheme(CONSOLE);
}, 60_000);

const CONSOLE_CASES: Array<[property: string, value: string, className: string]> = [
    // Colours: compared in OKLab, whatever the notation; opacity as /N; the rest arbitrary in the shortest form.
    ['backgroundColor', '#020617', 'bg-slate-950'],
    ['background-color', 'oklch(12.9% 0.042 264.695)', 'bg-slate-950'],
    ['background-color', 'var(--color-slate-950)', 'bg-slate-950'],
    ['background-color', 'rgb(2 6 23 / 0.5)', 'bg-slate-950/50'],
    ['background-color', 'rgb(2 6 23 / 0.333)', 'bg-[rgb(2_6_23_/_0.333)]'],
    ['background-color', '#0b1020', 'bg-[#0b1020]'],
    ['background-color', 'transparent', 'bg-transparent'],
    ['color', 'currentColor', 'text-current'],
    ['background-color', 'var(--brand)', 'bg-(--brand)'],
    ['color', 'var(--brand)', 'text-(--brand)'],
    ['color', '#fff', 'text-white'],
    // One 8-bit step off white is still white; a colour no token is near stays arbitrary.
    ['color', '#fefefe', 'text-white'],
    ['color', '#fdf0e0', 'text-[#fdf0e0]'],
    ['color', 'rebeccapurple', 'text-[rebeccapurple]'],
    // Font sizes (px and rem alike), with the size's own line height as the developer's class has it.
    ['font-size', '16px', 'text-base'],
    ['font-size', '1rem', 'text-base'],
    ['font-size', '36px', 'text-4xl'],
    ['font-size', '40px', 'text-[40px]'],
    ['font-size', 'var(--size)', 'text-(length:--size)'],
    ['font-size', 'clamp(1rem, 2vw, 2rem)', 'text-[length:clamp(1rem,_2vw,_2rem)]'],
    // Spacing: the steps, and any half step of Tailwind 4's multiplier; negative margins; the words.
    ['padding-top', '12px', 'pt-3'],
    ['padding-top', '0.75rem', 'pt-3'],
    ['padding', '52px', 'p-13'],
    ['padding', '13px', 'p-[13px]'],
    ['margin-top', '-12px', '-mt-3'],
    ['margin', 'auto', 'm-auto'],
    ['width', '100%', 'w-full'],
    ['width', '120px', 'w-30'],
    ['width', '121px', 'w-[121px]'],
    ['gap', '0', 'gap-0'],
    // Radii, weights, leading, tracking, shadows: the project's names.
    ['border-radius', '8px', 'rounded-lg'],
    ['border-radius', '9999px', 'rounded-full'],
    ['border-radius', '7px', 'rounded-[7px]'],
    ['font-weight', '700', 'font-bold'],
    ['font-weight', '650', 'font-[650]'],
    ['line-height', '1.5', 'leading-normal'],
    ['line-height', '1.7', 'leading-[1.7]'],
    ['letter-spacing', '-0.025em', 'tracking-tight'],
    ['box-shadow', '0 1px 2px 0 rgb(0 0 0 / 0.05)', 'shadow-xs'],
    ['box-shadow', 'none', 'shadow-none'],
    // Counts Tailwind 4 takes as they are.
    ['opacity', '0.5', 'opacity-50'],
    ['opacity', '0.333', 'opacity-[0.333]'],
    ['z-index', '10', 'z-10'],
    ['border-width', '1px', 'border'],
    ['border-width', '2px', 'border-2'],
    // Keywords as before, and an arbitrary property where no utility exists.
    ['display', 'none', 'hidden'],
    ['justifyContent', 'space-between', 'justify-between'],
    ['grid-template-columns', 'repeat(2, 1fr)', '[grid-template-columns:repeat(2,_1fr)]'],
];

/** The rule the console's own Tailwind generates for a class: the text from its selector to the rule's end. */
async function consoleRules(classes: string[]): Promise<(className: string) => string | null> {
  const entry = path.join(CONSOLE, 'src', 'styles.css');
  const compiler = await compile(await readFile(entry, 'utf8'), { base: path.dirname(entry), onDependency: () => undefined });
  const css = compiler.build(classes);
  return (className) => {
    const at = css.indexOf(`.${cssEscapeIdentifier(className)} {`);
    return at === -1 ? null : css.slice(at, css.indexOf('}', at));
  };
}

describe('CSS declarations as the console theme’s classes', () => {
  it.each(CONSOLE_CASES)('%s: %s is %s', (property, value, className) => {
    expect(tailwindClassFor(property, value, consoleTheme)).toBe(className);
  });

  it('writes classes the console’s own Tailwind generates, each setting its property', async () => {
    const rules = await consoleRules(CONSOLE_CASES.map(([, , className]) => className));
    for (const [property, value, className] of CONSOLE_CASES) {
      const kebab = property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      const written = kebab === 'display' && value === 'none' ? 'display: none' : `${kebab}:`;
      expect(rules(className), className).toContain(written);
    }
  });

  it(`takes a colour within ${COLOR_MATCH_TOLERANCE} of a token in OKLab as the token, and one just past it as arbitrary`, () => {
    const slate = converter('oklab')('oklch(12.9% 0.042 264.695)')!;
    const distance = differenceEuclidean('oklab');
    const near = formatCss({ ...slate, l: slate.l + COLOR_MATCH_TOLERANCE * 0.98 });
    const far = formatCss({ ...slate, l: slate.l + COLOR_MATCH_TOLERANCE * 1.02 });
    expect(distance(near, slate)).toBeLessThan(COLOR_MATCH_TOLERANCE);
    expect(distance(far, slate)).toBeGreaterThan(COLOR_MATCH_TOLERANCE);
    expect(tailwindClassFor('background-color', near, consoleTheme)).toBe('bg-slate-950');
    expect(tailwindClassFor('background-color', far, consoleTheme)).toMatch(/^bg-\[oklab\(/);
  });

  it('writes what the theme has, not Tailwind’s defaults: the console’s own emerald-600', () => {
    expect(tailwindClassFor('background-color', '#00835d', consoleTheme)).toBe('bg-emerald-600');
    expect(tailwindClassFor('background-color', '#009966', consoleTheme)).toBe('bg-[#009966]');
  });

  it('writes each value as CSS mode does: the theme variable of the same token', () => {
    expect(themeCssValueFor('background-color', '#020617', consoleTheme)).toBe('var(--color-slate-950, oklch(12.9% 0.042 264.695))');
    expect(themeCssValueFor('font-size', '16px', consoleTheme)).toBe('var(--text-base, 1rem)');
    expect(themeCssValueFor('padding-top', '12px', consoleTheme)).toBe('calc(var(--spacing) * 3)');
    expect(themeCssValueFor('border-radius', '8px', consoleTheme)).toBe('var(--radius-lg, 0.5rem)');
    expect(themeCssValueFor('background-color', '#0b1020', consoleTheme)).toBe('#0b1020');
    expect(themeCssValueFor('background-color', 'rgb(2 6 23 / 0.5)', consoleTheme)).toBe('rgb(2 6 23 / 0.5)');
    expect(themeCssValueFor('display', 'flex', consoleTheme)).toBe('flex');
  });
});

describe('CSS declarations as a Tailwind 3 theme’s classes', () => {
  it.each([
    ['background-color', '#020617', 'bg-slate-950'],
    ['background-color', 'oklch(12.9% 0.042 264.695)', 'bg-slate-950'],
    ['color', '#1d4ed8', 'text-brand'],
    ['padding-top', '12px', 'pt-3'],
    // No multiplier in Tailwind 3: a value off the scale is arbitrary.
    ['padding-top', '52px', 'pt-[52px]'],
    ['font-size', '15px', 'text-body'],
    ['border-radius', '4px', 'rounded'],
    ['opacity', '0.5', 'opacity-[0.5]'],
    // Tailwind 3 has no `(--x)` shorthand.
    ['background-color', 'var(--brand)', 'bg-[color:var(--brand)]'],
  ])('%s: %s is %s', (property, value, className) => {
    expect(tailwindClassFor(property, value, TAILWIND3)).toBe(className);
  });

  it('writes a token as its value in CSS mode (a Tailwind 3 theme has no variables)', () => {
    expect(themeCssValueFor('background-color', 'oklch(12.9% 0.042 264.695)', TAILWIND3)).toBe('#020617');
    expect(themeCssValueFor('padding', '12px', TAILWIND3)).toBe('0.75rem');
  });
});

const TAILWIND3_PROJECT_CASES: Array<[property: string, value: string, className: string]> = [
  ['background-color', '#0f766e', 'bg-brand'],
  ['background-color', '#5eead4', 'bg-brand-light'],
  ['padding', '72px', 'p-18'],
  ['background-color', 'oklch(12.9% 0.042 264.695)', 'bg-slate-950'],
  ['background-color', 'rgb(2 6 23 / 0.5)', 'bg-slate-950/50'],
  ['font-size', '16px', 'text-base'],
  ['font-size', '40px', 'text-[40px]'],
  ['border-radius', '4px', 'rounded'],
  ['padding-top', '52px', 'pt-[52px]'],
  ['color', 'var(--ink)', 'text-[color:var(--ink)]'],
  ['margin-top', '-12px', '-mt-3'],
  ['font-weight', '700', 'font-bold'],
];

describe('CSS declarations as a Tailwind 3 project’s classes (its config and its own Tailwind 3)', () => {
  it('writes its tokens by name, and classes its own Tailwind generates, each setting its property', async () => {
    const project = await fixtureProject('tailwind3-postcss');
    try {
      const theme = await loadProjectTheme(project.root);
      expect(TAILWIND3_PROJECT_CASES.map(([property, value]) => tailwindClassFor(property, value, theme))).toEqual(TAILWIND3_PROJECT_CASES.map(([, , className]) => className));
      const config = ((await import(pathToFileURL(path.join(project.root, 'tailwind.config.js')).href)) as { default: object }).default;
      const tailwind3 = createRequire(import.meta.url)('tailwindcss-v3') as (config: object) => postcss.AcceptedPlugin;
      const raw = TAILWIND3_PROJECT_CASES.map(([, , className]) => className).join(' ');
      const { css } = await postcss([tailwind3({ ...config, content: [{ raw, extension: 'html' }], corePlugins: { preflight: false } })]).process('@tailwind utilities;', { from: undefined });
      for (const [property, , className] of TAILWIND3_PROJECT_CASES) {
        const at = css.indexOf(`.${cssEscapeIdentifier(className)} {`);
        expect(at, `${className} is generated`).not.toBe(-1);
        expect(css.slice(at, css.indexOf('}', at)), className).toContain(`${property}:`);
      }
    } finally {
      await project.remove();
    }
  }, 60_000);
});

describe('with no theme', () => {
  it('writes arbitrary values in their shortest form', () => {
    expect(tailwindClassFor('background-color', '#020617')).toBe('bg-[#020617]');
    expect(tailwindClassFor('font-size', '16px')).toBe('text-[16px]');
    expect(tailwindClassFor('padding-top', '12px')).toBe('pt-[12px]');
  });

  it('makes classes that tailwind-merge sees conflicting with the ones they replace', () => {
    expect(twMerge(`w-10 ${tailwindClassFor('width', '3rem')}`)).toBe('w-[3rem]');
    expect(twMerge(`p-2 ${tailwindClassFor('padding', '8px')}`)).toBe('p-[8px]');
    expect(twMerge(`block ${probeClassFor('display')}`)).toBe(probeClassFor('display'));
    for (const [property, token] of [['font-size', 'text-base'], ['color', 'text-slate-900'], ['font-family', 'font-sans'], ['font-weight', 'font-bold'], ['box-shadow', 'shadow-md'], ['border-radius', 'rounded-lg'], ['opacity', 'opacity-50'], ['z-index', 'z-10'], ['border-width', 'border-2'], ['border-color', 'border-slate-200'], ['line-height', 'leading-6'], ['letter-spacing', 'tracking-tight']] as const) {
      expect(twMerge(`${token} ${probeClassFor(property)}`), property).toBe(probeClassFor(property));
    }
  });
});
