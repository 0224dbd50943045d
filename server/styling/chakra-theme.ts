/**
 * A Chakra project's own tokens, read from its theme: Chakra 3's `createSystem(defaultConfig, defineConfig({ theme:
 * { tokens: { colors: { brand: { 500: { value: '#…' } } } } } }))` and Chakra 2's `extendTheme({ colors: { brand:
 * { 500: '#…' } } })`, named as style props write them (`brand.500`). Chakra's own defaults are not listed: a style
 * prop takes them by name (`teal.500`) as it does the project's. Read only in the theme panel (they live in code).
 */
import type { ThemeScale, ThemeToken } from '../../contracts/project-theme.js';
import { objectAt, themeCallArgument, type Literal } from './theme-call.js';

const CHAKRA_THEME_CALLS = new Set(['createSystem', 'extendTheme']);

/** Chakra's token groups and the theme scale each is listed under. */
const GROUPS: Array<[string, ThemeScale]> = [
  ['colors', 'colors'],
  ['spacing', 'spacing'],
  ['space', 'spacing'],
  ['fontSizes', 'fontSize'],
  ['fontWeights', 'fontWeight'],
  ['fonts', 'fontFamily'],
  ['lineHeights', 'lineHeight'],
  ['letterSpacings', 'letterSpacing'],
  ['radii', 'radius'],
  ['shadows', 'shadow'],
];

/** A group's tokens, nested keys joined by dots (`brand.500`), a Chakra 3 token's `{ value }` as its value. */
function tokensOf(group: Record<string, Literal>, prefix: string, declaredIn: string, into: ThemeToken[]): void {
  for (const [key, value] of Object.entries(group)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string' || typeof value === 'number') into.push({ name, value: String(value), declaredIn });
    else if (typeof value.value === 'string' || typeof value.value === 'number') into.push({ name, value: String(value.value), declaredIn });
    else tokensOf(value, name, declaredIn, into);
  }
}

/** The project's own Chakra tokens as the theme's scales (none where its theme is Chakra's default system). */
export function readChakraScales(root: string): Partial<Record<ThemeScale, ThemeToken[]>> {
  const found = themeCallArgument(root, CHAKRA_THEME_CALLS);
  if (!found) return {};
  // Chakra 3 keeps them under `theme.tokens`, Chakra 2 at the top of the theme.
  const tokens = objectAt(objectAt(found.theme.theme).tokens);
  const groups = Object.keys(tokens).length > 0 ? tokens : found.theme;
  const scales: Partial<Record<ThemeScale, ThemeToken[]>> = {};
  for (const [group, scale] of GROUPS) {
    const read: ThemeToken[] = [];
    tokensOf(objectAt(groups[group]), '', found.relative, read);
    if (read.length > 0) scales[scale] = [...(scales[scale] ?? []), ...read];
  }
  return scales;
}
