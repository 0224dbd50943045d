/**
 * A Tailwind 3 project through its own installation: its config loaded and resolved by its own `tailwindcss`
 * (`loadConfig`, `resolveConfig`), which gives the theme, the class list and the CSS of classes. Nothing of the
 * studio's Tailwind 4 is used for such a project: its utilities, colours and defaults differ.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { appError } from '../../contracts/errors.js';
import type { ThemeScale, ThemeToken } from '../../contracts/project-theme.js';
import { addStamp, type Stamps } from './stylesheet-stamps.js';
import type { DetectedTailwind } from './project-tailwind.js';

type ThemeSection = Record<string, unknown>;

/** What the two config functions give (their types are the project's, so only the parts read here). */
export interface Tailwind3Config {
  theme: Record<string, unknown> & { extend?: Record<string, unknown> };
  [key: string]: unknown;
}

export interface LoadedTailwind3 {
  /** The config as the project wrote it (`{}` without a config file). */
  own: Partial<Tailwind3Config>;
  /** The config resolved with Tailwind's defaults. */
  resolved: Tailwind3Config;
  /** The project's installed `tailwindcss` package, loaded with Node's require. */
  require: NodeJS.Require;
  stamps: Stamps;
}

type Jiti = (file: string) => unknown;
type JitiFactory = (from: string, options: object) => Jiti;

/**
 * The config as it is on disk now, loaded as Tailwind 3's own loader does (jiti with sucrase: ESM, CommonJS and
 * TypeScript configs alike). Why not its `loadConfig`: it `require`s the file first, and Node's module caches (the
 * ES one cannot be cleared) would answer an edited config as it was first read.
 */
function loadConfigFresh(fromTailwind: NodeJS.Require, file: string): Partial<Tailwind3Config> {
  // Tailwind 3's own dependencies, as its installation resolves them.
  const jiti = fromTailwind('jiti') as JitiFactory;
  const { transform } = fromTailwind('sucrase') as { transform: (source: string, options: object) => { code: string } };
  const load = jiti(file, {
    interopDefault: true,
    cache: false,
    requireCache: false,
    transform: (options: { source: string }) => transform(options.source, { transforms: ['typescript', 'imports'] }),
  });
  const config = load(file) as Partial<Tailwind3Config> & { default?: Partial<Tailwind3Config> };
  return config.default ?? config;
}

/** Whether the installed Tailwind loads configs with jiti: 3.3 added it (and ES module and TypeScript configs). */
function loadsWithJiti(fromTailwind: NodeJS.Require): { jiti: boolean; version: string } {
  const { version } = fromTailwind('./package.json') as { version: string };
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return { jiti: major > 3 || (major === 3 && minor >= 3), version };
}

/** Whether Node loads `file` as CommonJS: `.cjs`, or `.js` where the nearest package.json is not `"type": "module"`. */
export function isCommonJs(file: string): boolean {
  if (file.endsWith('.cjs')) return true;
  if (!file.endsWith('.js')) return false;
  for (let folder = path.dirname(file); ; folder = path.dirname(folder)) {
    const manifest = path.join(folder, 'package.json');
    if (existsSync(manifest)) return (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: string }).type !== 'module';
    if (path.dirname(folder) === folder) return true;
  }
}

/** Drops a module and the project files it required (not packages) from Node's CommonJS cache. */
function forgetModule(cache: NodeJS.Require['cache'], file: string): void {
  const cached = cache[file];
  if (!cached) return;
  delete cache[file];
  for (const child of cached.children) {
    if (!child.filename.includes(`${path.sep}node_modules${path.sep}`)) forgetModule(cache, child.filename);
  }
}

/**
 * The config as Tailwind 3.0 to 3.2 loads it: `require`d, its cache entry (and its local imports') dropped first so
 * an edit is seen, as that version's own loader does. Such a Tailwind cannot load an ES module or TypeScript config
 * at all, so neither does the studio: the message says what the project's build would need.
 */
function requireConfigFresh(fromTailwind: NodeJS.Require, file: string, version: string): Partial<Tailwind3Config> {
  if (!isCommonJs(file)) {
    throw new Error(
      `Tailwind ${version} loads its config with require, so ${path.basename(file)} must be CommonJS (module.exports); ES module and TypeScript configs need Tailwind 3.3 or newer`,
    );
  }
  forgetModule(fromTailwind.cache, file);
  const config = fromTailwind(file) as Partial<Tailwind3Config> & { default?: Partial<Tailwind3Config> };
  return config.default ?? config;
}

/** Loads and resolves the project's Tailwind 3 config with its own Tailwind, reading the config from disk again. */
export async function loadTailwind3(tailwind: DetectedTailwind): Promise<LoadedTailwind3> {
  const require = createRequire(path.join(tailwind.packageDir, 'package.json'));
  const stamps: Stamps = new Map();
  let own: Partial<Tailwind3Config> = {};
  if (tailwind.configPath) await addStamp(stamps, tailwind.configPath);
  try {
    if (tailwind.configPath) {
      const loader = loadsWithJiti(require);
      own = loader.jiti ? loadConfigFresh(require, tailwind.configPath) : requireConfigFresh(require, tailwind.configPath, loader.version);
    }
    const resolveConfig = require(path.join(tailwind.packageDir, 'resolveConfig.js')) as (config: object) => Tailwind3Config;
    return { own, resolved: resolveConfig(own), require, stamps };
  } catch (error) {
    throw appError('TAILWIND_ENTRY_FAILED', tailwind.config ?? tailwind.entry, (error as Error).message);
  }
}

const KEYWORD_COLORS = new Set(['inherit', 'current', 'transparent']);

/** `{slate: {50: …}, brand: {DEFAULT: …}}` → `slate-50`, `brand`, as the utilities name them. */
function flattenColors(colors: ThemeSection, prefix = ''): [string, string][] {
  const flat: [string, string][] = [];
  for (const [key, value] of Object.entries(colors)) {
    const name = key === 'DEFAULT' ? prefix.replace(/-$/, '') : `${prefix}${key}`;
    if (typeof value === 'string') {
      if (!KEYWORD_COLORS.has(name)) flat.push([name, value.replace(/\s*\/\s*<alpha-value>/, '')]);
    } else if (value && typeof value === 'object') {
      flat.push(...flattenColors(value as ThemeSection, `${name}-`));
    }
  }
  return flat;
}

function fontSizeToken(name: string, value: unknown): Omit<ThemeToken, 'declaredIn'> | null {
  if (typeof value === 'string') return { name, value };
  if (!Array.isArray(value) || typeof value[0] !== 'string') return null;
  const second: unknown = value[1];
  const lineHeight = typeof second === 'string' ? second : (second as { lineHeight?: unknown } | undefined)?.lineHeight;
  return { name, value: value[0], ...(typeof lineHeight === 'string' ? { lineHeight } : {}) };
}

function familyValue(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return null;
  // `[['Inter', 'sans-serif'], {fontFeatureSettings}]` or `['Inter', 'sans-serif']`.
  const stack: unknown = Array.isArray(value[0]) ? value[0] : value;
  return (stack as unknown[]).filter((part): part is string => typeof part === 'string').join(', ');
}

function screenValue(value: unknown): string | null {
  if (typeof value === 'string') return value;
  const min = (value as { min?: unknown } | null)?.min;
  return typeof min === 'string' ? min : null;
}

/** A length in pixels for ordering the spacing scale as a developer reads it; non-lengths last. */
function pixels(value: string): number {
  const match = /^(-?[\d.]+)(px|rem|em)?$/.exec(value.trim());
  if (!match) return Number.POSITIVE_INFINITY;
  return Number(match[1]) * (match[2] === 'rem' || match[2] === 'em' ? 16 : 1);
}

/** Theme key of the resolved config, and how one entry becomes a token. */
const SECTIONS: Record<ThemeScale, { key: string; token: (name: string, value: unknown) => Omit<ThemeToken, 'declaredIn'> | null }> = {
  colors: { key: 'colors', token: () => null },
  spacing: { key: 'spacing', token: (name, value) => (typeof value === 'string' ? { name, value } : null) },
  fontSize: { key: 'fontSize', token: fontSizeToken },
  fontWeight: { key: 'fontWeight', token: (name, value) => (typeof value === 'string' || typeof value === 'number' ? { name, value: String(value) } : null) },
  fontFamily: { key: 'fontFamily', token: (name, value) => ((v) => (v === null ? null : { name, value: v }))(familyValue(value)) },
  lineHeight: { key: 'lineHeight', token: (name, value) => (typeof value === 'string' ? { name, value } : null) },
  letterSpacing: { key: 'letterSpacing', token: (name, value) => (typeof value === 'string' ? { name, value } : null) },
  radius: { key: 'borderRadius', token: (name, value) => (typeof value === 'string' ? { name, value } : null) },
  shadow: { key: 'boxShadow', token: (name, value) => (typeof value === 'string' ? { name, value } : null) },
  breakpoints: { key: 'screens', token: (name, value) => ((v) => (v === null ? null : { name, value: v }))(screenValue(value)) },
};

/** The names a config section declares itself, in `theme` or `theme.extend` (colours flattened). */
function ownNames(own: Partial<Tailwind3Config>, key: string): Set<string> {
  const names = new Set<string>();
  for (const section of [own.theme?.[key], own.theme?.extend?.[key]]) {
    if (!section || typeof section !== 'object') continue;
    const entries = key === 'colors' ? flattenColors(section as ThemeSection).map(([name]) => name) : Object.keys(section);
    for (const name of entries) names.add(name);
  }
  return names;
}

/** The scales of a resolved Tailwind 3 config; what the project's config declares names that file. */
export function scalesOfConfig(loaded: Pick<LoadedTailwind3, 'own' | 'resolved'>, configName: string | undefined): Record<ThemeScale, ThemeToken[]> {
  const scales = {} as Record<ThemeScale, ThemeToken[]>;
  for (const [scale, { key, token }] of Object.entries(SECTIONS) as [ThemeScale, (typeof SECTIONS)[ThemeScale]][]) {
    const section = (loaded.resolved.theme[key] ?? {}) as ThemeSection;
    const own = configName ? ownNames(loaded.own, key) : new Set<string>();
    const entries: Omit<ThemeToken, 'declaredIn'>[] =
      scale === 'colors'
        ? flattenColors(section).map(([name, value]) => ({ name, value }))
        : Object.entries(section).flatMap(([name, value]) => token(name, value) ?? []);
    if (scale === 'spacing') entries.sort((a, b) => pixels(a.value) - pixels(b.value));
    scales[scale] = entries.map((entry) => (own.has(entry.name) ? { ...entry, declaredIn: configName! } : entry));
  }
  return scales;
}
