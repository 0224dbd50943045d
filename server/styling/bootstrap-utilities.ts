/**
 * Bootstrap's idiom: a styling change written as the utilities of Bootstrap 5 (`mb-3`, `text-primary`, `fw-bold`,
 * `d-flex`, `justify-content-between`), at a breakpoint as its infix (`d-md-none`), each replacing the element's
 * utility of the same property and breakpoint. Utilities exist for a set of values only (the spacers, the theme
 * colours); a change with a value, a state or a breakpoint no utility has is written in the project's CSS instead,
 * whole, as a developer of such a project falls back to a stylesheet, and the utilities of the properties it sets go
 * (they would win over the rule with their `!important`).
 */
import { camelCase, kebabCase } from '../../contracts/css-properties.js';
import type { ThemeToken } from '../../contracts/project-theme.js';
import type { EditableFile } from '../engine/editable-file.js';
import type { LocatedElement, MutationContext } from '../engine/mutation-transform.js';
import { editClasses, staticClasses } from '../mutations/class-list.js';
import { lengthInPx } from '../../contracts/theme-tokens.js';
import { declarations, modifiersOf, type StylingBody } from './style-change.js';

/** Bootstrap's spacers (`$spacers`) in px at a 16px root: the suffix of `m-*`, `p-*` and `gap-*`. */
export const SPACERS: Record<string, string> = { '0': '0', '4': '1', '8': '2', '16': '3', '24': '4', '48': '5' };
/** Bootstrap's theme colours with their default values, and the text and background ones. */
export const THEME_COLORS: Record<string, string> = {
  primary: '#0d6efd',
  secondary: '#6c757d',
  success: '#198754',
  info: '#0dcaf0',
  warning: '#ffc107',
  danger: '#dc3545',
  light: '#f8f9fa',
  dark: '#212529',
  white: '#fff',
  black: '#000',
};
const TEXT_ONLY_COLORS = new Set(['body', 'muted', 'body-secondary', 'body-tertiary', 'body-emphasis']);
const BG_ONLY_COLORS = new Set(['body', 'transparent', 'body-secondary', 'body-tertiary']);
/** `fs-1` … `fs-6` at their root sizes (Bootstrap's headings scale). */
const FONT_SIZES: Record<string, string> = { '40': '1', '32': '2', '28': '3', '24': '4', '20': '5', '16': '6' };
const FONT_WEIGHTS: Record<string, string> = { '300': 'light', '400': 'normal', '500': 'medium', '600': 'semibold', '700': 'bold', lighter: 'lighter', bolder: 'bolder' };
const DISPLAYS = new Set(['none', 'inline', 'inline-block', 'block', 'grid', 'inline-grid', 'table', 'table-row', 'table-cell', 'flex', 'inline-flex']);
const FLEX_ALIGN: Record<string, string> = { 'flex-start': 'start', start: 'start', 'flex-end': 'end', end: 'end', center: 'center', baseline: 'baseline', stretch: 'stretch' };
const JUSTIFY: Record<string, string> = { ...FLEX_ALIGN, 'space-between': 'between', 'space-around': 'around', 'space-evenly': 'evenly' };
const SIZES: Record<string, string> = { '25%': '25', '50%': '50', '75%': '75', '100%': '100', auto: 'auto' };
const RADII: Record<string, string> = { '0': '0', '4': '1', '6': '2', '8': '3', '16': '4', '32': '5', '50%': 'circle' };
const TEXT_ALIGN: Record<string, string> = { left: 'start', start: 'start', center: 'center', right: 'end', end: 'end' };
/** Bootstrap's breakpoint infixes by the studio's breakpoint names (Tailwind's `2xl` is Bootstrap's `xxl`). */
const INFIXES: Record<string, string> = { sm: 'sm', md: 'md', lg: 'lg', xl: 'xl', '2xl': 'xxl' };

/** The sides of a spacing property: `margin-bottom` → `b`, `margin-left` → `s` (Bootstrap 5 speaks of start and end). */
const SIDES: Record<string, string> = { '': '', top: 't', bottom: 'b', left: 's', right: 'e', inline: 'x', block: 'y' };

interface Utility {
  /** What other utilities it replaces: one family per property and breakpoint (`mb@md`). */
  family: RegExp;
  /** The class with `{bp}` where the breakpoint infix goes (`mb{bp}-3`), or with none when it has no responsive form. */
  pattern: string;
  responsive: boolean;
}

function pxKey(value: string): string | null {
  if (value === '0') return '0';
  const px = lengthInPx(value);
  return px === null ? null : String(px);
}

const escape = (text: string) => text.replace(/[-]/g, '\\-');

/** A family matching `prefix{bp}-<suffix>` for every suffix in `suffixes`, at the breakpoint given. */
function family(prefix: string, infix: string, suffixes: string): RegExp {
  return new RegExp(`^${escape(prefix)}${infix ? `-${infix}` : ''}-(?:${suffixes})$`);
}

/** The Bootstrap utility of one declaration, or null when Bootstrap has none for it. */
function utilityFor(property: string, value: string, infix: string, themeColors: Readonly<Record<string, string>>): Utility | null {
  const name = kebabCase(camelCase(property));
  const bp = infix ? `-${infix}` : '';
  const v = value.trim().toLowerCase();
  const spacing = /^(margin|padding)(?:-(top|bottom|left|right|inline|block))?$/.exec(name);
  if (spacing) {
    const letter = `${spacing[1]![0]}${SIDES[spacing[2] ?? '']}`;
    const suffix = v === 'auto' && letter.startsWith('m') ? 'auto' : SPACERS[pxKey(v) ?? ''];
    if (!suffix) return null;
    return { family: family(letter, infix, '[0-5]|auto'), pattern: `${letter}${bp}-${suffix}`, responsive: true };
  }
  if (name === 'gap' || name === 'row-gap' || name === 'column-gap') {
    const suffix = SPACERS[pxKey(v) ?? ''];
    const prefix = name === 'gap' ? 'gap' : name;
    return suffix ? { family: family(prefix, infix, '[0-5]'), pattern: `${prefix}${bp}-${suffix}`, responsive: true } : null;
  }
  if (name === 'display' && DISPLAYS.has(v)) return { family: family('d', infix, [...DISPLAYS].join('|')), pattern: `d${bp}-${v}`, responsive: true };
  if (name === 'flex-direction' && /^(row|column)(-reverse)?$/.test(v)) return { family: family('flex', infix, '(?:row|column)(?:-reverse)?'), pattern: `flex${bp}-${v}`, responsive: true };
  if (name === 'flex-wrap' && /^(wrap|nowrap|wrap-reverse)$/.test(v)) return { family: family('flex', infix, 'wrap|nowrap|wrap-reverse'), pattern: `flex${bp}-${v}`, responsive: true };
  if (name === 'justify-content' && JUSTIFY[v]) return { family: family('justify-content', infix, '[a-z]+'), pattern: `justify-content${bp}-${JUSTIFY[v]}`, responsive: true };
  if (name === 'align-items' && FLEX_ALIGN[v]) return { family: family('align-items', infix, '[a-z]+'), pattern: `align-items${bp}-${FLEX_ALIGN[v]}`, responsive: true };
  if (name === 'text-align' && TEXT_ALIGN[v]) return { family: family('text', infix, 'start|center|end'), pattern: `text${bp}-${TEXT_ALIGN[v]}`, responsive: true };
  if (infix) return null;
  // The rest has no responsive form in Bootstrap.
  const colors = Object.keys(THEME_COLORS).join('|');
  if (name === 'color') {
    const token = colorName(v, TEXT_ONLY_COLORS, themeColors);
    return token ? { family: new RegExp(`^text-(?:${colors}|${[...TEXT_ONLY_COLORS].join('|')}|reset)$`), pattern: `text-${token}`, responsive: false } : null;
  }
  if (name === 'background-color') {
    const token = colorName(v, BG_ONLY_COLORS, themeColors);
    return token ? { family: new RegExp(`^bg-(?:${colors}|${[...BG_ONLY_COLORS].join('|')})$`), pattern: `bg-${token}`, responsive: false } : null;
  }
  if (name === 'font-weight' && FONT_WEIGHTS[v]) return { family: /^fw-[a-z]+$/, pattern: `fw-${FONT_WEIGHTS[v]}`, responsive: false };
  if (name === 'font-size' && FONT_SIZES[pxKey(v) ?? '']) return { family: /^fs-[1-6]$/, pattern: `fs-${FONT_SIZES[pxKey(v)!]}`, responsive: false };
  if (name === 'font-style' && (v === 'italic' || v === 'normal')) return { family: /^fst-(?:italic|normal)$/, pattern: `fst-${v}`, responsive: false };
  if (name === 'text-transform' && /^(lowercase|uppercase|capitalize)$/.test(v)) return { family: /^text-(?:lowercase|uppercase|capitalize)$/, pattern: `text-${v}`, responsive: false };
  if (name === 'text-decoration' && /^(underline|line-through|none)$/.test(v)) return { family: /^text-decoration-[a-z-]+$/, pattern: `text-decoration-${v}`, responsive: false };
  if ((name === 'width' || name === 'height') && SIZES[v]) return { family: new RegExp(`^${name[0]}-(?:25|50|75|100|auto)$`), pattern: `${name[0]}-${SIZES[v]}`, responsive: false };
  if (name === 'border-radius' && RADII[pxKey(v) ?? v]) return { family: /^rounded(?:-[0-5]|-circle|-pill)?$/, pattern: `rounded-${RADII[pxKey(v) ?? v]}`, responsive: false };
  if (name === 'opacity' && /^(0|0?\.25|0?\.5|0?\.75|1)$/.test(v)) return { family: /^opacity-(?:0|25|50|75|100)$/, pattern: `opacity-${Math.round(Number(v) * 100)}`, responsive: false };
  if (name === 'position' && /^(static|relative|absolute|fixed|sticky)$/.test(v)) return { family: /^position-[a-z]+$/, pattern: `position-${v}`, responsive: false };
  if (name === 'overflow' && /^(auto|hidden|visible|scroll)$/.test(v)) return { family: /^overflow-(?:auto|hidden|visible|scroll)$/, pattern: `overflow-${v}`, responsive: false };
  return null;
}

const longHex = (color: string) => color.trim().toLowerCase().replace(/^#([0-9a-f])([0-9a-f])([0-9a-f])$/, '#$1$1$2$2$3$3');

/** A theme colour's name for a value: the name itself, its `var(--bs-…)`, or its value in the project's theme. */
function colorName(value: string, extra: ReadonlySet<string>, themeColors: Readonly<Record<string, string>>): string | null {
  const variable = /^var\(--bs-([a-z-]+)\)$/.exec(value)?.[1];
  const name = variable ?? value;
  if (name in THEME_COLORS || extra.has(name)) return name;
  const hex = longHex(value);
  for (const [token, color] of Object.entries(themeColors)) if (longHex(color) === hex) return token;
  return null;
}

/**
 * The theme colours as the project has them: Bootstrap's defaults, with the values its Sass gives `$primary` and the
 * others (the theme's colour tokens, `server/styling/bootstrap-theme.ts`), so `text-primary` is the project's primary.
 */
export function projectThemeColors(tokens: readonly ThemeToken[]): Record<string, string> {
  const own = tokens.filter((token) => token.name in THEME_COLORS).map((token) => [token.name, token.value] as const);
  return { ...THEME_COLORS, ...Object.fromEntries(own) };
}

/**
 * The change as utilities to add, and the families of utilities it replaces; `add` is null when one of its parts has
 * no utility (then the whole change is CSS, which must still replace the utilities of the properties it sets).
 */
export function bootstrapUtilities(body: StylingBody, themeColors: Readonly<Record<string, string>> = THEME_COLORS): { add: string[] | null; families: RegExp[] } {
  const { states, breakpoints } = modifiersOf(body);
  const infix = breakpoints.length === 1 ? INFIXES[breakpoints[0]!] : '';
  const families: RegExp[] = [];
  let add: string[] | null = states.length > 0 || breakpoints.length > 1 || infix === undefined ? null : [];
  for (const [property, value] of declarations(body)) {
    // The family of a property is found with a value it surely has a utility for (a cleared value has none).
    const known = utilityFor(property, probeValue(property), infix ?? '', themeColors);
    if (known && states.length === 0) families.push(known.family);
    const utility = value === null || property.startsWith('--') || add === null ? null : utilityFor(property, value, infix!, themeColors);
    if (value !== null && !utility) add = null;
    if (utility) add?.push(utility.pattern);
  }
  return { add, families };
}

/** A value every property that has utilities takes, to find the family of a property being cleared. */
function probeValue(property: string): string {
  const name = kebabCase(camelCase(property));
  if (/^(margin|padding|gap|row-gap|column-gap|font-size|border-radius)/.test(name)) return '16px';
  if (name === 'color' || name === 'background-color') return 'primary';
  const probes: Record<string, string> = {
    display: 'flex',
    'flex-direction': 'row',
    'flex-wrap': 'wrap',
    'justify-content': 'center',
    'align-items': 'center',
    'text-align': 'center',
    'font-weight': '700',
    'font-style': 'italic',
    'text-transform': 'uppercase',
    'text-decoration': 'underline',
    width: '100%',
    height: '100%',
    opacity: '1',
    position: 'relative',
    overflow: 'auto',
  };
  return probes[name] ?? '';
}

/**
 * Bootstrap utilities on the element's class list: each replaces the element's utilities of the same family; a
 * change Bootstrap has no utility for goes to `fallback` (the project's CSS), told which utilities it replaces.
 */
export function bootstrapStyling(
  located: LocatedElement,
  body: StylingBody,
  context: MutationContext,
  fallback: (located: LocatedElement, body: StylingBody, context: MutationContext, overriding: readonly string[]) => EditableFile[],
): EditableFile[] {
  const { add, families } = bootstrapUtilities(body, projectThemeColors(context.theme.scales.colors));
  const present = staticClasses(located);
  const replaced = present.filter((name) => families.some((family) => family.test(name)) && !add?.includes(name));
  if (!add) return fallback(located, body, context, replaced);
  return editClasses(located, { add: add.filter((name) => !present.includes(name)), remove: replaced, replaceConflicts: false, requirePresent: false });
}
