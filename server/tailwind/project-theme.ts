/**
 * The project's design tokens (`GET /_studio/api/theme`), read from its own Tailwind: Tailwind 4's design system of
 * the project's CSS entry (the `@theme` variables, defaults and the project's own), or a Tailwind 3 project's
 * resolved config. Nothing is taken from a table of ours: a project that changes or removes a scale gets what it
 * declared.
 */
import fs from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { THEME_NAMESPACES, THEME_SCALES, type ProjectTheme, type ThemeScale, type ThemeToken } from '../../contracts/project-theme.js';
import { publicTailwind } from './project-tailwind.js';
import { DerivedFromTailwind, ProjectTailwindSource, readProjectTailwind, type TailwindRead } from './project-tailwind-source.js';
import type { DesignSystem } from './tailwind4.js';
import { multiplyLength, resolveThemeValue } from './theme-values.js';
import { readProjectStyling } from '../styling/styling-systems.js';
import { readMuiScales } from '../styling/mui-theme.js';
import { readBootstrapScales } from '../styling/bootstrap-theme.js';
import { readChakraScales } from '../styling/chakra-theme.js';

/** The steps of the spacing scale a developer writes (`p-3`, `gap-0.5`), which Tailwind 4 derives from `--spacing`. */
export const SPACING_STEPS = [
  '0', 'px', '0.5', '1', '1.5', '2', '2.5', '3', '3.5', '4', '5', '6', '7', '8', '9', '10', '11', '12', '14', '16', '20',
  '24', '28', '32', '36', '40', '44', '48', '52', '56', '60', '64', '72', '80', '96',
] as const;

const NAMESPACES = THEME_NAMESPACES;

/** Namespaces that begin like a scale's and are not of it. */
const EXCLUDED: Partial<Record<ThemeScale, string[]>> = {
  fontFamily: [NAMESPACES.fontWeight],
  fontSize: ['--text-shadow-'],
};

export function emptyScales(): Record<ThemeScale, ThemeToken[]> {
  return Object.fromEntries(THEME_SCALES.map((scale) => [scale, []])) as unknown as Record<ThemeScale, ThemeToken[]>;
}

/** The theme variables each of the project's own stylesheets declares in its `@theme` blocks, by variable. */
export function declaredThemeVariables(root: string, stylesheets: Map<string, string>): Map<string, string> {
  const declared = new Map<string, string>();
  for (const [file, css] of stylesheets) {
    const name = path.relative(root, file);
    if (name.startsWith('..') || path.isAbsolute(name) || name.split(path.sep).includes('node_modules')) continue;
    let parsed: postcss.Root;
    try {
      parsed = postcss.parse(css, { from: file });
    } catch {
      continue;
    }
    parsed.walkAtRules('theme', (rule) => {
      rule.walkDecls(/^--/, (decl) => {
        declared.set(decl.prop, name.split(path.sep).join('/'));
      });
    });
  }
  return declared;
}

const unescape = (name: string) => name.replace(/\\(.)/g, '$1');

function tokenNameIn(variable: string, scale: Exclude<ThemeScale, 'spacing'>): string | null {
  const prefix = NAMESPACES[scale];
  if (!variable.startsWith(prefix)) return null;
  const name = variable.slice(prefix.length);
  // `--text-base--line-height` is a property of `--text-base`, not a token.
  if (!name || name.includes('--')) return null;
  if (EXCLUDED[scale]?.some((other) => variable.startsWith(other))) return null;
  return unescape(name);
}

/** The scales of a Tailwind 4 design system; `declared` names the stylesheet of each variable the project declares. */
export function themeOfDesignSystem(designSystem: DesignSystem, declared: Map<string, string>): Record<ThemeScale, ThemeToken[]> {
  const values = new Map<string, string>();
  for (const [variable, { value }] of designSystem.theme.entries()) values.set(variable, value);
  // Tailwind's defaults wrap long font stacks over lines.
  const resolve = (value: string) => resolveThemeValue(value, (name) => values.get(name)).replace(/\s+/g, ' ');
  const scales = emptyScales();
  const token = (name: string, variable: string): ThemeToken => {
    const declaredIn = declared.get(variable);
    return { name, value: resolve(values.get(variable)!), variable, ...(declaredIn ? { declaredIn } : {}) };
  };
  const spacing = values.get('--spacing');
  if (spacing !== undefined) {
    const unit = resolve(spacing);
    const declaredIn = declared.get('--spacing');
    for (const step of SPACING_STEPS) {
      const value = step === 'px' ? '1px' : step === '0' ? '0px' : multiplyLength(unit, Number(step));
      if (value !== null) scales.spacing.push({ name: step, value, ...(declaredIn ? { declaredIn } : {}) });
    }
  }
  for (const variable of values.keys()) {
    if (variable.startsWith('--spacing-') && !variable.slice('--spacing-'.length).includes('--')) {
      scales.spacing.push(token(unescape(variable.slice('--spacing-'.length)), variable));
      continue;
    }
    for (const scale of Object.keys(NAMESPACES) as (keyof typeof NAMESPACES)[]) {
      const name = tokenNameIn(variable, scale);
      if (name === null) continue;
      const found = token(name, variable);
      const lineHeight = scale === 'fontSize' ? values.get(`${variable}--line-height`) : undefined;
      scales[scale].push(lineHeight === undefined ? found : { ...found, lineHeight: resolve(lineHeight) });
    }
  }
  return scales;
}

/** The theme of what was read of the project's Tailwind. */
export async function themeOfRead(root: string, read: TailwindRead): Promise<ProjectTheme> {
  const tailwind = publicTailwind(read.tailwind);
  if (read.designSystem) {
    const { value, stylesheets } = read.designSystem;
    return { tailwind, scales: themeOfDesignSystem(value, declaredThemeVariables(root, stylesheets)), stylingFramework: 'Tailwind', styling: readProjectStyling(root) };
  }
  if (read.config) {
    const { scalesOfConfig } = await import('./tailwind3.js');
    return { tailwind, scales: scalesOfConfig(read.config, read.tailwind?.config), stylingFramework: 'Tailwind', styling: readProjectStyling(root) };
  }
  // No entry found, but the project installs Tailwind (an entry the studio cannot follow, `tailwindcss/tailwind.css`):
  // its classes still work there, so Tailwind stays offered, without tokens.
  const styling = readProjectStyling(root);
  // Without Tailwind, a MUI project's tokens are its MUI theme's, which `sx` writes by their keys.
  // A Bootstrap project's, its Bootstrap variables (its Sass over Bootstrap's defaults), which its utilities name;
  // a Chakra project's, its own tokens, which its style props name.
  const scales = styling.systems.includes('mui')
    ? { ...emptyScales(), ...readMuiScales(root) }
    : styling.systems.includes('bootstrap')
      ? { ...emptyScales(), ...readBootstrapScales(root) }
      : styling.systems.includes('chakra')
        ? { ...emptyScales(), ...readChakraScales(root) }
        : emptyScales();
  return { tailwind: null, scales, stylingFramework: namesTailwind(root) ? 'Tailwind' : 'CSS', styling };
}

/** Whether the project's package.json depends on `tailwindcss` or it has a `tailwind.config.*`. */
function namesTailwind(root: string): boolean {
  if (fs.readdirSync(root).some((name) => /^tailwind\.config\.[cm]?[jt]s$/.test(name))) return true;
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    return Boolean(manifest.dependencies?.tailwindcss ?? manifest.devDependencies?.tailwindcss);
  } catch {
    return false;
  }
}

/** The project's theme, read once. */
export async function loadProjectTheme(root: string): Promise<ProjectTheme> {
  return themeOfRead(root, await readProjectTailwind(root));
}

/** Lasting state: the theme as last read, made again when the entry, a stylesheet it imports or the config changes. */
export class ProjectThemeCache {
  private readonly derived: DerivedFromTailwind<ProjectTheme>;

  constructor(root: string, source = new ProjectTailwindSource(root)) {
    this.derived = new DerivedFromTailwind(source, (read) => themeOfRead(root, read));
  }

  theme(): Promise<ProjectTheme> {
    return this.derived.value();
  }
}
