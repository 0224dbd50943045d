/**
 * A Bootstrap project's theme as tokens: Bootstrap 5's theme colours, spacers and grid breakpoints, under the values
 * of a Bootstrap-based library it installs (CoreUI's own `$primary`), under the values the project's own Sass gives
 * them as Sass would compute them (`settled-sass-variables.ts`: followed from the stylesheets its scripts import, in
 * Sass's order, `$primary: $teal;` followed to its colour, a `@use … with (…)`). A variable worked out by a Sass
 * function is left at the library's default, with where and why. The theme panel lists them, read only (they live
 * in the project's Sass, which the studio does not rewrite).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ThemeScale, ThemeToken } from '../../contracts/project-theme.js';
import { SPACERS, THEME_COLORS } from './bootstrap-utilities.js';
import { settledSassVariables, type SassVariables } from './settled-sass-variables.js';
import type { Unread } from './theme-call.js';

/** Bootstrap's named colours (`_variables.scss`), which its theme colours and a project's Sass refer to. */
const NAMED_COLORS: Record<string, string> = {
  blue: '#0d6efd', indigo: '#6610f2', purple: '#6f42c1', pink: '#d63384', red: '#dc3545', orange: '#fd7e14',
  yellow: '#ffc107', green: '#198754', teal: '#20c997', cyan: '#0dcaf0', black: '#000', white: '#fff',
  'gray-100': '#f8f9fa', 'gray-200': '#e9ecef', 'gray-300': '#dee2e6', 'gray-400': '#ced4da', 'gray-500': '#adb5bd',
  'gray-600': '#6c757d', 'gray-700': '#495057', 'gray-800': '#343a40', 'gray-900': '#212529',
};
const BREAKPOINTS: Record<string, string> = { sm: '576px', md: '768px', lg: '992px', xl: '1200px', xxl: '1400px' };
const VARIABLE = /^\s*\$([\w-]+)\s*:\s*([^;]+?)\s*(!default\s*)?;/gm;
const LITERAL_COLOR = /^(#[0-9a-f]{3,8}|rgba?\([^()]*\)|hsla?\([^()]*\))$/i;
/** The Bootstrap-based libraries whose own Sass variables replace Bootstrap's defaults, by their package. */
const SASS_LIBRARIES = ['@coreui/coreui'];

type Variables = SassVariables;

/** The Bootstrap-based library the project installs (`@coreui/react` brings CoreUI's styles with it), or null. */
function installedLibrary(root: string): string | null {
  let manifest: { dependencies?: Record<string, string>; devDependencies?: Record<string, string> } = {};
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as typeof manifest;
  } catch {
    return null;
  }
  const dependencies = { ...manifest.devDependencies, ...manifest.dependencies };
  return SASS_LIBRARIES.find((name) => name in dependencies || (name === '@coreui/coreui' && '@coreui/react' in dependencies)) ?? null;
}

/**
 * The `!default` variables of the Bootstrap-based library the project installs (CoreUI's `scss/_variables.scss`),
 * which stand where the project sets none; empty for Bootstrap itself, whose defaults are the ones listed here.
 */
function libraryVariables(root: string, library: string | null): Variables {
  const variables: Variables = new Map();
  if (!library) return variables;
  for (let folder = root; ; folder = path.dirname(folder)) {
    const file = path.join(folder, 'node_modules', library, 'scss', '_variables.scss');
    if (fs.existsSync(file)) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(VARIABLE)) if (!variables.has(match[1]!)) variables.set(match[1]!, { value: match[2]! });
      return variables;
    }
    if (path.dirname(folder) === folder) return variables;
  }
}

/** A variable's colour: a literal, else the variable it names followed (the project's, then Bootstrap's), else null. */
function colorOf(value: string, variables: Variables, hops = 0): string | null {
  if (LITERAL_COLOR.test(value)) return value;
  const named = /^\$([\w-]+)$/.exec(value)?.[1];
  if (!named || hops > 8) return null;
  const own = variables.get(named);
  if (own) return colorOf(own.value, variables, hops + 1);
  return NAMED_COLORS[named] ?? THEME_COLORS[named] ?? null;
}

const fileOf = (at: string | undefined): string | undefined => at?.replace(/:\d+$/, '');

/**
 * Bootstrap's colours, spacers and breakpoints as the theme's scales, the project's own values over the library's,
 * and what of the project's own was left at the library's value, with where and why.
 */
export function readBootstrapTheme(root: string): { scales: Partial<Record<ThemeScale, ThemeToken[]>>; unread: Unread[] } {
  const library = installedLibrary(root);
  const settled = settledSassVariables(root, library ?? 'bootstrap');
  // Without Sass that loads the library (`bootstrap.min.css` imported as is), the project's theme is its library's.
  const variables: Variables = new Map([...libraryVariables(root, library), ...(settled.variables ?? [])]);
  const unread = [...settled.unread];
  const colors = Object.entries(THEME_COLORS).map(([name, fallback]): ThemeToken => {
    const own = variables.get(name);
    const value = own ? colorOf(own.value, variables) : null;
    if (own?.at && !value) unread.push({ at: own.at, reason: `$${name} is \`${own.value}\`, which only Sass works out` });
    if (!value || !own) return { name, value: fallback };
    return own.at ? { name, value, declaredIn: fileOf(own.at)! } : { name, value };
  });
  const spacer = variables.get('spacer');
  const spacerRem = spacer && /^[\d.]+rem$/.test(spacer.value) ? Number.parseFloat(spacer.value) : 1;
  if (spacer?.at && !/^[\d.]+rem$/.test(spacer.value)) unread.push({ at: spacer.at, reason: `$spacer is \`${spacer.value}\`, not a length in rem` });
  const spacing = Object.entries(SPACERS).map(([px, step]): ThemeToken => ({
    name: step,
    value: `${(Number(px) / 16) * spacerRem}rem`.replace(/^0rem$/, '0'),
    ...(spacer?.at && spacerRem !== 1 ? { declaredIn: fileOf(spacer.at)! } : {}),
  }));
  return { scales: { colors, spacing, breakpoints: Object.entries(BREAKPOINTS).map(([name, value]) => ({ name, value })) }, unread };
}

/** Bootstrap's colours, spacers and breakpoints as the theme's scales. */
export function readBootstrapScales(root: string): Partial<Record<ThemeScale, ThemeToken[]>> {
  return readBootstrapTheme(root).scales;
}
