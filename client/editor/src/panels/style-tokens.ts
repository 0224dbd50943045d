/**
 * The project's tokens as the style controls speak them: which scale of the theme a CSS property takes, the token
 * an element has now (read from its classes in the source, else its computed value matched to the theme), what a
 * typed token name, CSS value or arbitrary value writes, and the suggestions as a designer types.
 *
 * A token is written as its value: the server writes a value that equals a token as that token's utility, so
 * `slate-950` and `#020617` both become `bg-slate-950`.
 */
import { differenceEuclidean, formatHex, formatHex8, parse, type Color } from 'culori';
import type { ProjectTheme, ThemeScale, ThemeToken } from '@contracts/project-theme.js';
import { COLOR_MATCH_TOLERANCE, colorTokenFor } from '@contracts/theme-tokens.js';

/** A property's scale, and the utilities that set it, the most specific first (`pt` wins over `py` over `p`). */
export interface PropertyScale {
  scale: ThemeScale;
  utilities: readonly string[];
}

const sideUtilities = (letter: 'm' | 'p', side: 'top' | 'right' | 'bottom' | 'left'): string[] => {
  const axis = side === 'top' || side === 'bottom' ? 'y' : 'x';
  return [`${letter}${side[0]}`, `${letter}${axis}`, letter];
};

const PROPERTY_SCALES: Record<string, PropertyScale> = {
  color: { scale: 'colors', utilities: ['text'] },
  'background-color': { scale: 'colors', utilities: ['bg'] },
  'border-color': { scale: 'colors', utilities: ['border'] },
  ...Object.fromEntries(
    (['top', 'right', 'bottom', 'left'] as const).flatMap((side) => [
      [`margin-${side}`, { scale: 'spacing', utilities: sideUtilities('m', side) }],
      [`padding-${side}`, { scale: 'spacing', utilities: sideUtilities('p', side) }],
    ]),
  ),
  gap: { scale: 'spacing', utilities: ['gap'] },
  width: { scale: 'spacing', utilities: ['w', 'size'] },
  height: { scale: 'spacing', utilities: ['h', 'size'] },
  'font-size': { scale: 'fontSize', utilities: ['text'] },
  'font-weight': { scale: 'fontWeight', utilities: ['font'] },
  'font-family': { scale: 'fontFamily', utilities: ['font'] },
  'line-height': { scale: 'lineHeight', utilities: ['leading'] },
  'letter-spacing': { scale: 'letterSpacing', utilities: ['tracking'] },
  'border-radius': { scale: 'radius', utilities: ['rounded'] },
  'box-shadow': { scale: 'shadow', utilities: ['shadow'] },
};

export function scaleOfProperty(property: string): PropertyScale | null {
  return PROPERTY_SCALES[property] ?? null;
}

/** What a person calls each scale, in messages. */
const SCALE_NAMES: Record<ThemeScale, string> = {
  colors: 'colours',
  spacing: 'spacing',
  fontSize: 'font sizes',
  fontWeight: 'font weights',
  fontFamily: 'fonts',
  lineHeight: 'line heights',
  letterSpacing: 'letter spacings',
  radius: 'radii',
  shadow: 'shadows',
  breakpoints: 'breakpoints',
};

export function tokensOf(theme: ProjectTheme | null | undefined, property: string): readonly ThemeToken[] {
  const scale = scaleOfProperty(property);
  return scale && theme ? (theme.scales[scale.scale] ?? []) : [];
}

// ---------------------------------------------------------------------------------------------------------------
// Values as numbers and colours

/** The root font size a `rem` is read with: the browser's default, which the console does not change. */
const ROOT_PX = 16;

/** A length as pixels (`0.75rem` → 12, `12px` → 12, `0` → 0; `em` needs the font size); null when it is not one. */
export function pixelsOf(value: string, fontSizePx?: number): number | null {
  const match = /^(-?\d*\.?\d+)(px|rem|em)?$/.exec(value.trim());
  if (!match) return null;
  const number = Number(match[1]);
  if (!match[2]) return number === 0 ? 0 : null;
  if (match[2] === 'px') return number;
  if (match[2] === 'rem') return number * ROOT_PX;
  return fontSizePx === undefined ? null : number * fontSizePx;
}

const shortNumber = (value: number) => String(Math.round(value * 100) / 100);

/** A font size's line height in pixels: `calc(1.5 / 1)` and `1.5` are ratios of the size; `1.5rem` is a length. */
export function lineHeightPixels(lineHeight: string, fontSizePx: number): number | null {
  const ratio = /^calc\(\s*(\d*\.?\d+)\s*\/\s*(\d*\.?\d+)\s*\)$/.exec(lineHeight.trim());
  if (ratio) return (Number(ratio[1]) / Number(ratio[2])) * fontSizePx;
  if (/^\d*\.?\d+$/.test(lineHeight.trim())) return Number(lineHeight) * fontSizePx;
  return pixelsOf(lineHeight, fontSizePx);
}

/** A CSS colour as `#rrggbb` (the sRGB colour an `<input type=color>` takes, oklch included); null when it is none. */
export function hexOf(colour: string | undefined): string | null {
  const parsed = colour ? parse(colour) : undefined;
  return parsed ? formatHex(parsed) : null;
}

const oklabDistance = differenceEuclidean('oklab');

/** Whether two colours are one token's, by the rule the server writes tokens with (`COLOR_MATCH_TOLERANCE`). */
export function sameColour(a: string, b: string): boolean {
  const left = parse(a);
  const right = parse(b);
  if (!left || !right) return false;
  if (Math.abs((left.alpha ?? 1) - (right.alpha ?? 1)) > 0.01) return false;
  return oklabDistance(left as Color, right as Color) <= COLOR_MATCH_TOLERANCE;
}

// ---------------------------------------------------------------------------------------------------------------
// The current token

/** The variant prefix of a class written under these modifiers: `md:hover:` (Tailwind's order, as they come). */
const variantPrefix = (modifiers: readonly string[]) => modifiers.map((modifier) => `${modifier}:`).join('');

/**
 * The token an element's own classes set for a property under the given modifiers (`bg-slate-900` → slate-900, at
 * `md:` only `md:text-4xl`), the most specific utility first; null when no class names one of the scale's tokens.
 */
export function tokenFromClasses(property: string, classes: readonly string[], tokens: readonly ThemeToken[], modifiers: readonly string[] = []): ThemeToken | null {
  const scale = scaleOfProperty(property);
  if (!scale || tokens.length === 0) return null;
  const prefix = variantPrefix(modifiers);
  const byName = new Map(tokens.map((token) => [token.name, token]));
  for (const utility of scale.utilities) {
    // The last class of the list stands, as it would when the source is read.
    for (const className of [...classes].reverse()) {
      if (!className.startsWith(prefix)) continue;
      const bare = className.slice(prefix.length);
      if (bare.includes(':') || !bare.startsWith(`${utility}-`)) continue;
      let name = bare.slice(utility.length + 1);
      // `text-base/7` is text-base with another line height; a colour with `/50` is another colour.
      if (scale.scale === 'fontSize') name = name.split('/')[0] ?? name;
      const token = byName.get(name);
      if (token) return token;
    }
  }
  return null;
}

/** The token whose value equals a computed value; null when none does (or the scale's values cannot be compared). */
export function tokenOfComputed(property: string, computed: string, tokens: readonly ThemeToken[], fontSizePx?: number): ThemeToken | null {
  const scale = scaleOfProperty(property);
  if (!scale || !computed) return null;
  switch (scale.scale) {
    case 'colors': {
      // The token the server would write for this colour; with an opacity it is another value (`slate-900/50`).
      const match = colorTokenFor(tokens, computed);
      return match && match.alphaPercent === undefined ? match.token : null;
    }
    case 'fontWeight':
      return tokens.find((token) => token.value.trim() === computed.trim()) ?? null;
    case 'fontFamily': {
      const normal = (text: string) => text.replace(/["'\s]/g, '').toLowerCase();
      return tokens.find((token) => normal(token.value) === normal(computed)) ?? null;
    }
    case 'shadow':
      return null;
    default: {
      const pixels = pixelsOf(computed, fontSizePx);
      if (pixels === null) return null;
      return tokens.find((token) => {
        const value = scale.scale === 'lineHeight' && fontSizePx !== undefined ? lineHeightPixels(token.value, fontSizePx) : pixelsOf(token.value, fontSizePx);
        return value !== null && Math.abs(value - pixels) < 0.01;
      }) ?? null;
    }
  }
}

/** A token as a field shows it: `slate-900 · #0f172a`, `3 · 12px`, `base · 16px/24px`. */
export function describeToken(property: string, token: ThemeToken): string {
  const scale = scaleOfProperty(property)?.scale;
  if (scale === 'colors') return `${token.name} · ${hexOf(token.value) ?? token.value}`;
  const pixels = pixelsOf(token.value);
  if (scale === 'fontSize' && pixels !== null && token.lineHeight) {
    const lineHeight = lineHeightPixels(token.lineHeight, pixels);
    return `${token.name} · ${shortNumber(pixels)}px${lineHeight !== null ? `/${shortNumber(lineHeight)}px` : ''}`;
  }
  return `${token.name} · ${pixels !== null && /rem$/.test(token.value.trim()) ? `${shortNumber(pixels)}px` : token.value}`;
}

export interface CurrentValue {
  /** What the field shows when nothing is typed. */
  text: string;
  token: ThemeToken | null;
}

/**
 * What a field shows now: the token the element's own classes name under the chosen modifiers, else the token its
 * computed value equals, else the computed value itself.
 */
export function currentTokenValue(property: string, computed: string, classes: readonly string[], tokens: readonly ThemeToken[], modifiers: readonly string[], fontSizePx?: number): CurrentValue {
  const token = tokenFromClasses(property, classes, tokens, modifiers) ?? (modifiers.length ? null : tokenOfComputed(property, computed, tokens, fontSizePx));
  if (token) return { text: describeToken(property, token), token };
  return { text: scaleOfProperty(property)?.scale === 'colors' ? readableColour(computed) : computed, token: null };
}

/**
 * A computed colour no token matches, as a designer types one: the browser reports a translucent or mixed colour in
 * the space it was written in (`oklab(0.51 -0.09 0.01 / 0.5)`), which the field shows as hex, its alpha included.
 */
function readableColour(computed: string): string {
  const parsed = parse(computed);
  if (!parsed) return computed;
  if (parsed.alpha === 0) return 'transparent';
  return parsed.alpha !== undefined && parsed.alpha < 1 ? formatHex8(parsed) : formatHex(parsed);
}

// ---------------------------------------------------------------------------------------------------------------
// What a typed value writes

export type TokenInputRead = { kind: 'token'; token: ThemeToken; value: string } | { kind: 'value'; value: string } | { kind: 'refused'; error: string };

/**
 * Reads what a designer typed in a field with a scale: a token name (`slate-950`, `3`, `base`, also with its utility,
 * `bg-slate-950`) writes the token's value; an arbitrary value in brackets (`[40px]`) or a CSS value (`#020617`,
 * `12px`, a bare number for a length) writes itself when the browser takes it as a value of the property
 * (`supports`); anything else is refused, naming what would do.
 */
export function readTokenInput(property: string, label: string, text: string, tokens: readonly ThemeToken[], supports: (property: string, value: string) => boolean, isLength: boolean): TokenInputRead {
  const typed = text.trim();
  const byName = new Map(tokens.map((token) => [token.name, token]));
  const utility = scaleOfProperty(property)?.utilities.find((name) => typed.startsWith(`${name}-`));
  const token = byName.get(typed) ?? (utility ? byName.get(typed.slice(utility.length + 1)) : undefined);
  if (token) return { kind: 'token', token, value: token.value };
  const arbitrary = /^\[(.+)\]$/.exec(typed);
  let value = arbitrary?.[1] ? arbitrary[1].replace(/_/g, ' ') : typed;
  if (isLength && /^-?\d*\.?\d+$/.test(value)) value = value === '0' ? '0' : `${value}px`;
  if (supports(property, value)) return { kind: 'value', value };
  const scale = scaleOfProperty(property)?.scale;
  const example = tokens.length ? ` (such as ${tokens.slice(0, 3).map((t) => t.name).join(', ')})` : '';
  const scaleText = scale ? `a token of the project's ${SCALE_NAMES[scale]}${example}` : 'a token';
  return { kind: 'refused', error: `${label}: "${typed}" is neither ${scaleText} nor a value of ${property}` };
}

/** The palette's rows: a colour's shades together (`slate-50` … `slate-950`), the single colours in a row of their own. */
export function paletteRows(tokens: readonly ThemeToken[]): ThemeToken[][] {
  const families = new Map<string, ThemeToken[]>();
  for (const token of tokens) {
    const family = /^(.+)-\d+$/.exec(token.name)?.[1] ?? '';
    families.set(family, [...(families.get(family) ?? []), token]);
  }
  const singles = [...families].filter(([family, shades]) => family === '' || shades.length === 1).flatMap(([, shades]) => shades);
  const rows = [...families].filter(([family, shades]) => family !== '' && shades.length > 1).map(([, shades]) => shades);
  return singles.length ? [...rows, singles] : rows;
}

/** How many suggestions the list shows at most. */
const MAX_SUGGESTIONS = 60;

/**
 * The tokens to suggest for what is typed: all of them for nothing typed, else those whose name starts with it,
 * then those that contain it, then those whose value does (`#02` finds slate-950).
 */
export function suggestTokens(tokens: readonly ThemeToken[], typed: string): ThemeToken[] {
  const text = typed.trim().toLowerCase();
  if (!text) return tokens.slice(0, MAX_SUGGESTIONS);
  const starts = tokens.filter((token) => token.name.toLowerCase().startsWith(text));
  const contains = tokens.filter((token) => !starts.includes(token) && token.name.toLowerCase().includes(text));
  const byValue = text.startsWith('#')
    ? tokens.filter((token) => !starts.includes(token) && !contains.includes(token) && (hexOf(token.value) ?? '').startsWith(text))
    : [];
  return [...starts, ...contains, ...byValue].slice(0, MAX_SUGGESTIONS);
}
