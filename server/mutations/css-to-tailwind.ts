/**
 * A CSS declaration as the one Tailwind class a developer of the project would write: the keyword utilities for
 * the values that have one (`display: flex` → `flex`), the utility of the project's own token when the value is one
 * (`background-color: #020617` → `bg-slate-950`, `padding-top: 12px` → `pt-3`, `font-size: 1rem` → `text-base`),
 * and only otherwise an arbitrary value, in its shortest form Tailwind reads right (`text-[40px]`, `bg-[#0b1020]`,
 * `text-(--brand)`, `text-(length:--size)`), or an arbitrary property for a property with no utility
 * (`[mix-blend-mode:multiply]`).
 * Using the property's own utility matters: it is what lets tailwind-merge see that `w-[120px]` replaces `w-10`.
 */
import { kebabCase } from '../../contracts/css-properties.js';
import type { ProjectTheme, ThemeScale, ThemeToken } from '../../contracts/project-theme.js';
import { classNameProblem, shown } from '../../contracts/source-grammar.js';
import { colorTokenFor, EMPTY_THEME, lengthInPx, parseColor, tokenOfVariable, tokenWithValue } from '../../contracts/theme-tokens.js';
import { appError } from '../../contracts/errors.js';

const KEYWORDS: Record<string, Record<string, string>> = {
  display: { flex: 'flex', block: 'block', 'inline-block': 'inline-block', inline: 'inline', grid: 'grid', 'inline-flex': 'inline-flex', none: 'hidden', contents: 'contents' },
  position: { static: 'static', relative: 'relative', absolute: 'absolute', fixed: 'fixed', sticky: 'sticky' },
  'flex-direction': { row: 'flex-row', 'row-reverse': 'flex-row-reverse', column: 'flex-col', 'column-reverse': 'flex-col-reverse' },
  'flex-wrap': { wrap: 'flex-wrap', nowrap: 'flex-nowrap', 'wrap-reverse': 'flex-wrap-reverse' },
  'text-align': { left: 'text-left', center: 'text-center', right: 'text-right', justify: 'text-justify', start: 'text-start', end: 'text-end' },
  'justify-content': {
    'flex-start': 'justify-start', start: 'justify-start', center: 'justify-center', 'flex-end': 'justify-end', end: 'justify-end',
    'space-between': 'justify-between', 'space-around': 'justify-around', 'space-evenly': 'justify-evenly',
  },
  'align-items': { 'flex-start': 'items-start', start: 'items-start', center: 'items-center', 'flex-end': 'items-end', end: 'items-end', baseline: 'items-baseline', stretch: 'items-stretch' },
  'font-style': { italic: 'italic', normal: 'not-italic' },
  'text-decoration-line': { underline: 'underline', 'line-through': 'line-through', none: 'no-underline' },
  overflow: { hidden: 'overflow-hidden', auto: 'overflow-auto', scroll: 'overflow-scroll', visible: 'overflow-visible' },
};

/** Values every sizing utility has a word for, whatever the theme. */
const SIZE_WORDS: Record<string, string> = { '100%': 'full', auto: 'auto', 'min-content': 'min', 'max-content': 'max', 'fit-content': 'fit' };
/** Values every colour utility has a word for. */
const COLOR_WORDS: Record<string, string> = { transparent: 'transparent', currentcolor: 'current', inherit: 'inherit' };

/** What an arbitrary value must be told as when Tailwind cannot tell it from the value (`text-` is a colour or a size). */
type Hint = 'color' | 'length' | 'number';

interface Utility {
  prefix: string;
  /** The theme scale whose tokens the utility takes. */
  scale?: ThemeScale;
  /** The type hint an arbitrary value needs when its form does not say it. */
  hint?: Hint;
  /** `-mt-3` for `margin-top: -12px`. */
  negative?: boolean;
  /** Words that are not tokens (`w-full`, `m-auto`, `rounded-none`). */
  words?: Record<string, string>;
  /** Tailwind 4 takes any count of this as the bare value (`opacity-35`, `z-5`, `border-3`). */
  bare?: 'percent' | 'integer' | 'pixels';
  /** A value of this utility for every kind of value it takes (what {@link probeClassFor} asks tailwind-merge about). */
  probe?: string;
}

const spacing = (prefix: string, negative = false, words?: Record<string, string>): Utility => ({ prefix, scale: 'spacing', negative, words });
const sizing = (prefix: string): Utility => spacing(prefix, false, SIZE_WORDS);
const color = (prefix: string): Utility => ({ prefix, scale: 'colors', hint: 'color', words: COLOR_WORDS });

const UTILITIES: Record<string, Utility> = {
  width: sizing('w'), height: sizing('h'), 'min-width': sizing('min-w'), 'max-width': sizing('max-w'), 'min-height': sizing('min-h'), 'max-height': sizing('max-h'),
  padding: spacing('p'), 'padding-top': spacing('pt'), 'padding-right': spacing('pr'), 'padding-bottom': spacing('pb'), 'padding-left': spacing('pl'),
  margin: spacing('m', true, { auto: 'auto' }), 'margin-top': spacing('mt', true, { auto: 'auto' }), 'margin-right': spacing('mr', true, { auto: 'auto' }),
  'margin-bottom': spacing('mb', true, { auto: 'auto' }), 'margin-left': spacing('ml', true, { auto: 'auto' }),
  gap: spacing('gap'), 'row-gap': spacing('gap-y'), 'column-gap': spacing('gap-x'),
  top: spacing('top', true, { auto: 'auto' }), right: spacing('right', true, { auto: 'auto' }), bottom: spacing('bottom', true, { auto: 'auto' }),
  left: spacing('left', true, { auto: 'auto' }), inset: spacing('inset', true, { auto: 'auto' }),
  'z-index': { prefix: 'z', hint: 'number', negative: true, words: { auto: 'auto' }, bare: 'integer' },
  opacity: { prefix: 'opacity', hint: 'number', bare: 'percent' },
  color: color('text'), 'background-color': color('bg'), 'border-color': color('border'),
  'font-size': { prefix: 'text', scale: 'fontSize', hint: 'length' },
  'font-weight': { prefix: 'font', scale: 'fontWeight', hint: 'number' },
  'font-family': { prefix: 'font', scale: 'fontFamily', probe: 'font-[family-name:probe]' },
  'line-height': { prefix: 'leading', scale: 'lineHeight' },
  'letter-spacing': { prefix: 'tracking', scale: 'letterSpacing', negative: true },
  'border-width': { prefix: 'border', hint: 'length', bare: 'pixels' },
  'border-radius': { prefix: 'rounded', scale: 'radius', words: { '0': 'none', '0px': 'none', '9999px': 'full' } },
  'box-shadow': { prefix: 'shadow', scale: 'shadow', words: { none: 'none' }, probe: 'shadow-[0_0_1px_#010203]' },
};

/** Spaces become underscores in an arbitrary value (and literal underscores are escaped). */
function arbitrary(value: string): string {
  return value.trim().replace(/_/g, '\\_').replace(/\s+/g, '_');
}

/** `prefix-name`, or the bare prefix for a scale's default token (`rounded`, `shadow`, `border`). */
function utilityClass(prefix: string, name: string, negative = false): string {
  const base = name === '' || name === 'DEFAULT' ? prefix : `${prefix}-${name}`;
  return negative ? `-${base}` : base;
}

/** Whether an arbitrary value's own form tells Tailwind its type, so no hint is needed. */
function formSays(hint: Hint, value: string): boolean {
  if (hint === 'color') return parseColor(value) !== null;
  if (hint === 'length') return /^-?(?:\d+\.?\d*|\.\d+)(px|rem|em|%|vw|vh|svh|dvh|ch|ex|pt)$/.test(value.trim());
  return /^-?(?:\d+\.?\d*|\.\d+)$/.test(value.trim());
}

/**
 * The arbitrary form: `text-[40px]` where the value says what it is, `text-[color:var(--x)]` where it does not;
 * Tailwind 4's own shorthand for a variable (`bg-(--brand)`, `text-(color:--brand)`).
 */
function arbitraryClass(utility: Utility, value: string, version: 3 | 4): string {
  const variable = /^\s*var\(\s*(--[\w-]+)\s*\)\s*$/.exec(value)?.[1];
  const hint = utility.hint && !formSays(utility.hint, value) ? `${utility.hint}:` : '';
  // Tailwind 4 (and tailwind-merge) take a bare variable of a colour utility for a colour (`text-(--brand)`).
  if (variable && version === 4) return `${utility.prefix}-(${utility.hint === 'color' ? '' : hint}${variable})`;
  return `${utility.prefix}-[${hint}${arbitrary(value)}]`;
}

/** Spacing in Tailwind 4 is a multiplier: any whole or half count of the theme's `1` is a class (`p-13`, `p-2.5`). */
function spacingCount(theme: ProjectTheme, px: number): string | null {
  if (theme.tailwind?.version !== 4) return null;
  const unit = theme.scales.spacing.find((token) => token.name === '1');
  const unitPx = unit ? lengthInPx(unit.value) : null;
  if (!unitPx || px < 0) return null;
  const count = px / unitPx;
  return Math.abs(count * 2 - Math.round(count * 2)) < 1e-9 ? String(Math.round(count * 2) / 2) : null;
}

/** The token-or-word part of a class (`slate-950`, `3`, `base`, `full`, `50`), or null when the value has none. */
function tokenName(utility: Utility, value: string, theme: ProjectTheme): string | null {
  const word = utility.words?.[value.trim().toLowerCase()];
  if (word) return word;
  const { scale } = utility;
  const version = theme.tailwind?.version ?? 4;
  if (scale) {
    const tokens: readonly ThemeToken[] = theme.scales[scale];
    const named = tokenOfVariable(theme, scale, value);
    if (named) return named.name;
    if (scale === 'colors') {
      const match = colorTokenFor(tokens, value);
      if (match) return match.alphaPercent === undefined ? match.token.name : `${match.token.name}/${match.alphaPercent}`;
      return null;
    }
    const token = tokenWithValue(tokens, value);
    if (token) return token.name;
    const px = lengthInPx(value);
    if (scale === 'spacing' && px !== null) return spacingCount(theme, px);
    return null;
  }
  if (version !== 4 || !utility.bare) return null;
  const trimmed = value.trim();
  if (utility.bare === 'integer') return /^\d+$/.test(trimmed) ? trimmed : null;
  if (utility.bare === 'percent') {
    const percent = Number(trimmed) * 100;
    return /^(?:\d+\.?\d*|\.\d+)$/.test(trimmed) && Number.isInteger(Math.round(percent * 1e6) / 1e6) ? String(Math.round(percent)) : null;
  }
  const px = lengthInPx(trimmed);
  if (px === 1) return '';
  return px !== null && Number.isInteger(px) && /px$|^0$/.test(trimmed) ? String(px) : null;
}

export function tailwindClassFor(property: string, value: string, theme: ProjectTheme = EMPTY_THEME): string {
  const name = kebabCase(property);
  const keyword = KEYWORDS[name]?.[value.trim()];
  if (keyword) return keyword;
  const utility = UTILITIES[name];
  if (!utility) return `[${name}:${arbitrary(value)}]`;
  const token = tokenName(utility, value, theme);
  if (token !== null) return utilityClass(utility.prefix, token);
  // `margin-top: -12px` is `-mt-3`: the token of the value's size, negated.
  const positive = value.trim().replace(/^-(?=[\d.])/, '');
  if (utility.negative && positive !== value.trim()) {
    const negated = tokenName({ ...utility, words: undefined }, positive, theme);
    if (negated !== null && negated !== '0') return utilityClass(utility.prefix, negated, true);
  }
  return arbitraryClass(utility, value, theme.tailwind?.version ?? 4);
}

/**
 * The class for a declaration, checked against the class grammar: a value that would need a quote, a brace or
 * whitespace in its class is refused (400, naming `field`) rather than written as something else.
 */
export function checkedTailwindClassFor(property: string, value: string, kind: string, field: string, theme?: ProjectTheme): string {
  const className = tailwindClassFor(property, value, theme);
  const problem = classNameProblem(className);
  if (problem) throw appError('INVALID_CHANGE', kind, `${field}: ${shown(value)} cannot be a Tailwind class (${problem}); write it as CSS or Inline`);
  return className;
}

/** A class of the property's utility, to find (with tailwind-merge) the classes that set the property now. */
export function probeClassFor(property: string): string {
  const name = kebabCase(property);
  const keywords = KEYWORDS[name];
  if (keywords) return Object.values(keywords)[0]!;
  const utility = UTILITIES[name];
  if (!utility) return `[${name}:1px]`;
  if (utility.probe) return utility.probe;
  const probe = utility.hint === 'color' ? '#010203' : utility.hint === 'number' ? '1' : '1px';
  return arbitraryClass(utility, probe, 4);
}

/**
 * A declaration's value as CSS mode writes it, with the same choice of token as the class would make: the token's
 * theme variable (`var(--color-slate-950, oklch(…))`, `var(--text-base, 1rem)`; a spacing step as Tailwind 4 computes it,
 * `calc(var(--spacing) * 3)`), the token's own value where the theme has no variables (Tailwind 3), and the value
 * as given when it is no token.
 */
export function themeCssValueFor(property: string, value: string, theme: ProjectTheme = EMPTY_THEME): string {
  const utility = UTILITIES[kebabCase(property)];
  const scale = utility?.scale;
  if (!scale || tokenOfVariable(theme, scale, value)) return value;
  const tokens = theme.scales[scale];
  let token: ThemeToken | null;
  if (scale === 'colors') {
    const match = colorTokenFor(tokens, value);
    // A colour with its own opacity keeps it: the token alone would drop it.
    token = match && match.alphaPercent === undefined ? match.token : null;
  } else {
    token = tokenWithValue(tokens, value);
  }
  if (scale === 'spacing' && theme.tailwind?.version === 4) {
    const px = lengthInPx(value);
    const count = token && /^\d+(\.\d+)?$/.test(token.name) ? token.name : px !== null ? spacingCount(theme, px) : null;
    if (count !== null && !token?.variable) return count === '0' ? '0' : `calc(var(--spacing) * ${count})`;
  }
  if (!token) return value;
  // Tailwind 4 emits only the theme variables its utilities use, and it does not read stylesheets beside the
  // components: the token's value stands behind the variable, so a token no utility uses still shows.
  return token.variable ? `var(${token.variable}, ${token.value})` : token.value;
}
