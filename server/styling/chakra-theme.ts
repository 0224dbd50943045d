/**
 * A Chakra project's tokens, read from its theme: Chakra 3's `createSystem(defaultConfig, defineConfig({ theme:
 * { tokens: { colors: { brand: { 500: { value: '#…' } } } } } }))` and Chakra 2's `extendTheme({ colors: { brand:
 * { 500: '#…' } } })`, named as style props write them (`brand.500`), then Chakra's own built-in tokens (`blue.500`,
 * the space scale) from the project's installed Chakra, which its style props take by name just the same. Read only
 * in the theme panel (they live in code: the project's in its theme, Chakra's in its package).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ThemeScale, ThemeToken } from '../../contracts/project-theme.js';
import { objectAt, themeCallArgument, type Literal } from './theme-call.js';

const CHAKRA_THEME_CALLS = new Set(['createSystem', 'extendTheme']);
/** Chakra 2's default theme package, a dependency of its `@chakra-ui/react` (the studio installs Chakra 3 only). */
const CHAKRA_2_THEME = '@chakra-ui/theme';

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
function tokensOf(group: Record<string, Literal>, prefix: string, declaredIn: string | undefined, into: ThemeToken[]): void {
  for (const [key, value] of Object.entries(group)) {
    const name = prefix ? `${prefix}.${key}` : key;
    const token = (literal: string | number): ThemeToken => (declaredIn ? { name, value: String(literal), declaredIn } : { name, value: String(literal) });
    if (typeof value === 'string' || typeof value === 'number') into.push(token(value));
    else if (typeof value.value === 'string' || typeof value.value === 'number') into.push(token(value.value));
    // A value per colour mode or condition (`{ value: { _light, _dark } }`) is no one value.
    else if ('value' in value) continue;
    else tokensOf(value, name, declaredIn, into);
  }
}

/** The tokens of Chakra's groups (`colors`, `spacing`…) as the theme's scales, declared in `declaredIn` (the project's). */
function scalesOfGroups(groups: Record<string, Literal>, declaredIn: string | undefined): Partial<Record<ThemeScale, ThemeToken[]>> {
  const scales: Partial<Record<ThemeScale, ThemeToken[]>> = {};
  for (const [group, scale] of GROUPS) {
    const read: ThemeToken[] = [];
    tokensOf(objectAt(groups[group]), '', declaredIn, read);
    if (read.length > 0) scales[scale] = [...(scales[scale] ?? []), ...read];
  }
  return scales;
}

/**
 * Chakra's built-in tokens from the project's own installation: Chakra 3's `defaultConfig` (its light `preset`
 * entry, `theme.tokens`), else Chakra 2's default theme (`@chakra-ui/theme`, groups at its top). None where neither loads.
 */
export function chakraDefaultScales(root: string): Partial<Record<ThemeScale, ThemeToken[]>> {
  const require = createRequire(path.join(root, 'package.json'));
  const attempts: Array<() => Record<string, Literal>> = [
    () => objectAt(objectAt((require('@chakra-ui/react/preset') as { defaultConfig: { theme: Record<string, Literal> } }).defaultConfig.theme).tokens),
    () => objectAt((require(CHAKRA_2_THEME) as { theme: Literal }).theme),
  ];
  for (const attempt of attempts) {
    try {
      const groups = attempt();
      if (Object.keys(groups).length > 0) return scalesOfGroups(groups, undefined);
    } catch {
      // Not this major's entry: the next one.
    }
  }
  return {};
}

/** The project's own Chakra tokens (none where its theme is Chakra's default system), then Chakra's built-in ones. */
export function readChakraScales(root: string): Partial<Record<ThemeScale, ThemeToken[]>> {
  const found = themeCallArgument(root, CHAKRA_THEME_CALLS);
  // Chakra 3 keeps them under `theme.tokens`, Chakra 2 at the top of the theme.
  const tokens = found ? objectAt(objectAt(found.theme.theme).tokens) : {};
  const own = found ? scalesOfGroups(Object.keys(tokens).length > 0 ? tokens : found.theme, found.relative) : {};
  const scales: Partial<Record<ThemeScale, ThemeToken[]>> = { ...own };
  for (const [scale, defaults] of Object.entries(chakraDefaultScales(root)) as Array<[ThemeScale, ThemeToken[]]>) {
    // A token the project declares again is the project's.
    const names = new Set((own[scale] ?? []).map((token) => token.name));
    const kept = defaults.filter((token) => !names.has(token.name));
    if (kept.length > 0) scales[scale] = [...(own[scale] ?? []), ...kept];
  }
  return scales;
}
