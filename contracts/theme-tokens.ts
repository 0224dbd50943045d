/**
 * A style value as one of the project's theme tokens, exactly: `#020617` is `slate-950` when the theme's slate-950
 * is that colour (Tailwind 4 writes it in oklch), `12px` is spacing `3` when the spacing scale says 0.75rem. The
 * server writes the token's utility instead of an arbitrary value, and the editor shows the token a value is. Pure:
 * it runs in node and in the editor.
 */
import { differenceEuclidean, parse, type Color } from 'culori';
import type { ProjectTheme, ThemeScale, ThemeToken } from './project-theme.js';

/**
 * How far apart (Euclidean distance in OKLab, where 1 is black to white) two colours may be and still be the same
 * token. Writing a theme colour as 8-bit hex moves it by up to about 0.003 (`#020617` is 0.0014 from Tailwind 4's
 * slate-950); the closest two tokens of Tailwind's palette are about 0.014 apart (gray-950 and slate-950), so half
 * that keeps every token telling its neighbours apart.
 */
export const COLOR_MATCH_TOLERANCE = 0.005;

/** The root font size lengths are compared at: `1rem` is `16px`, as in every browser's default. */
export const PX_PER_REM = 16;

/** Lengths within this many pixels of each other are the same (float noise of rem arithmetic). */
const LENGTH_EPSILON_PX = 0.001;

const distance = differenceEuclidean('oklab');
/** Distances closer than this are the same colour written twice (float noise of the conversions). */
const TIE = 1e-9;

/** A length in px, for `px`, `rem` and a bare `0`; null for anything else (`em`, `%`, `calc()`). */
export function lengthInPx(value: string): number | null {
  const match = /^\s*(-?(?:\d+\.?\d*|\.\d+))(px|rem)?\s*$/i.exec(value);
  if (!match) return null;
  const amount = Number(match[1]);
  const unit = match[2]?.toLowerCase();
  if (!unit) return amount === 0 ? 0 : null;
  return unit === 'rem' ? amount * PX_PER_REM : amount;
}

function plainNumber(value: string): number | null {
  return /^\s*-?(?:\d+\.?\d*|\.\d+)\s*$/.test(value) ? Number(value) : null;
}

/** Whitespace and quotes as a comparison ignores them (`"Inter", sans-serif` is `'Inter',sans-serif`). */
function normalized(value: string): string {
  return value
    .trim()
    .replace(/["']/g, '"')
    .replace(/\s*([,/()])\s*/g, '$1')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/** Whether two non-colour values of a scale are the same: lengths in px, numbers as numbers, the rest as text. */
export function sameValue(a: string, b: string): boolean {
  const pxA = lengthInPx(a);
  const pxB = lengthInPx(b);
  if (pxA !== null && pxB !== null) return Math.abs(pxA - pxB) < LENGTH_EPSILON_PX;
  const numberA = plainNumber(a);
  const numberB = plainNumber(b);
  if (numberA !== null && numberB !== null) return numberA === numberB;
  return normalized(a) === normalized(b);
}

/** The first token of a scale whose value is `value` (lengths, numbers, or the same text). */
export function tokenWithValue(tokens: readonly ThemeToken[], value: string): ThemeToken | null {
  const same = tokens.filter((token) => sameValue(token.value, value));
  // A token the project declares itself says more than a default of the same value (`brand` over `teal-700`).
  return same.find((token) => token.declaredIn) ?? same[0] ?? null;
}

/** A colour as culori reads it; null for what is not one colour literal (`var()`, `currentColor`, a gradient). */
export function parseColor(value: string): Color | null {
  const trimmed = value.trim();
  if (/^(currentcolor|inherit|initial|unset|revert)$/i.test(trimmed) || trimmed.includes('var(')) return null;
  return parse(trimmed) ?? null;
}

const parsedTokens = new WeakMap<readonly ThemeToken[], Array<{ token: ThemeToken; color: Color }>>();

function colorsOf(tokens: readonly ThemeToken[]): Array<{ token: ThemeToken; color: Color }> {
  let parsed = parsedTokens.get(tokens);
  if (!parsed) {
    parsed = tokens.flatMap((token) => {
      const color = parseColor(token.value);
      return color ? [{ token, color }] : [];
    });
    parsedTokens.set(tokens, parsed);
  }
  return parsed;
}

export interface ColorMatch {
  token: ThemeToken;
  /** The value's own opacity in whole percent (`/50`), when it has one below 100%. */
  alphaPercent?: number;
}

/**
 * The colour token nearest to a colour value, within {@link COLOR_MATCH_TOLERANCE}. A value with an opacity matches
 * an opaque token of the same colour, with the opacity as Tailwind's `/N` (whole percents only: `/33.3` is not one
 * of the project's values, so such a colour stays arbitrary).
 */
export function colorTokenFor(tokens: readonly ThemeToken[], value: string): ColorMatch | null {
  const color = parseColor(value);
  if (!color) return null;
  const alpha = color.alpha ?? 1;
  let alphaPercent: number | undefined;
  if (alpha < 1) {
    const percent = alpha * 100;
    if (Math.abs(percent - Math.round(percent)) > 1e-6) return null;
    alphaPercent = Math.round(percent);
  }
  const opaque = { ...color, alpha: 1 };
  let best: { token: ThemeToken; gap: number } | null = null;
  for (const candidate of colorsOf(tokens)) {
    if ((candidate.color.alpha ?? 1) < 1) continue;
    const gap = distance(opaque, candidate.color);
    if (gap > COLOR_MATCH_TOLERANCE || (best && gap > best.gap + TIE)) continue;
    // Of colours equally near, the project's own token (`brand` over the default `teal-700` of the same hex).
    if (!best || gap < best.gap - TIE || (candidate.token.declaredIn && !best.token.declaredIn)) best = { token: candidate.token, gap };
  }
  if (!best) return null;
  return alphaPercent === undefined ? { token: best.token } : { token: best.token, alphaPercent };
}

/** The token of the theme a `var(--x)` names (Tailwind 4 theme variables): `var(--color-slate-950)` is slate-950. */
export function tokenOfVariable(theme: ProjectTheme, scale: ThemeScale, value: string): ThemeToken | null {
  const match = /^\s*var\(\s*(--[\w-]+)\s*\)\s*$/.exec(value);
  if (!match) return null;
  return theme.scales[scale].find((token) => token.variable === match[1]) ?? null;
}

/** A theme with no tokens: what a project without Tailwind has, and what the engine uses when it has no theme. */
export const EMPTY_THEME: ProjectTheme = {
  tailwind: null,
  scales: {
    colors: [],
    spacing: [],
    fontSize: [],
    fontWeight: [],
    fontFamily: [],
    lineHeight: [],
    letterSpacing: [],
    radius: [],
    shadow: [],
    breakpoints: [],
  },
};
