/**
 * Which Tailwind a project uses and where: the version of its own installation (resolved from the project root, as
 * its build resolves it), the CSS entry its page really loads (followed from `index.html`'s script through relative
 * imports to the stylesheet that loads Tailwind), and a Tailwind 3 config. A Tailwind 4 project with no installation
 * of its own (the console, bundled or copied by `init`) is built with the studio's Tailwind 4.
 */
import { existsSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ProjectTailwind } from '../../contracts/project-theme.js';
import { PACKAGE_ROOT } from '../package-info.js';
import { isPreprocessed, preprocessorCandidates, withoutLineComments } from './preprocessed-stylesheet.js';
import { addStamp, type Stamps } from './stylesheet-stamps.js';

export interface DetectedTailwind extends ProjectTailwind {
  /** The `tailwindcss` package folder that builds the project (its own, or the studio's for the console). */
  packageDir: string;
  /** Absolute paths of `entry` and `config`. */
  entryPath: string;
  configPath?: string;
}

export interface Detection {
  tailwind: DetectedTailwind | null;
  /** What the detection read (the page, the modules on the way to the entry, the manifest): a change re-detects. */
  stamps: Stamps;
}

const TAILWIND_3_CONFIGS = ['tailwind.config.js', 'tailwind.config.cjs', 'tailwind.config.mjs', 'tailwind.config.ts', 'tailwind.config.cts', 'tailwind.config.mts'];
const SCRIPT_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '.mts', '.mjs'];
/** Where projects keep their entry when the page's imports do not lead to one (an alias the follower does not know). */
const USUAL_ENTRIES = ['src/index.css', 'src/styles.css', 'src/main.css', 'src/globals.css', 'src/app.css', 'src/App.css', 'src/style.css', 'app/globals.css', 'src/index.scss', 'src/styles.scss', 'src/main.scss'];
/**
 * Stylesheets a page may import. Why the preprocessors' too: Vite compiles them to CSS before PostCSS, so Tailwind 3's
 * `@tailwind` directives in an `index.scss` work as they do in an `index.css`.
 */
const STYLESHEET_EXTENSIONS = ['.css', '.pcss', '.postcss', '.scss', '.sass', '.less', '.styl', '.stylus'];
const isStylesheet = (file: string) => STYLESHEET_EXTENSIONS.includes(path.extname(file).toLowerCase());
/** Enough modules for any page's way to its stylesheet, few enough to stay quick on a large app. */
const MODULE_LIMIT = 400;

/** The project's own `tailwindcss` package folder and major version, or null when it has none installed. */
function installedTailwind(root: string): { packageDir: string; version: number } | null {
  try {
    const manifest = createRequire(path.join(root, 'package.json')).resolve('tailwindcss/package.json');
    const packageDir = realpathSync(path.dirname(manifest));
    const version = Number(/^(\d+)/.exec((createRequire(manifest)(manifest) as { version: string }).version)?.[1]);
    return { packageDir, version };
  } catch {
    return null;
  }
}

/** How a stylesheet loads Tailwind: `@import "tailwindcss"` (4), `@tailwind` directives (3), or not at all. */
export function tailwindLoadOf(css: string): 3 | 4 | null {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  if (/@import\s+(?:url\()?\s*["']tailwindcss(?:\/[^"']*)?["']/.test(text)) return 4;
  if (/@tailwind\s+(?:base|components|utilities)\b/.test(text)) return 3;
  return null;
}

function localSpecifiers(code: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bimport\s*(?:[^'"`;]*?\bfrom\s*)?|\bexport\s+[^'"`;]*?\bfrom\s*|\bimport\s*\(\s*)(['"])(\.{1,2}\/[^'"]+|\/[^'"]+|[@~]\/[^'"]+)\1/g;
  for (const match of code.matchAll(pattern)) found.push(match[2]!);
  return found;
}

/** Where a specifier points: relative, root-absolute, or the `@/` and `~/` aliases most projects give `src/`. */
function specifierPath(specifier: string, from: string, root: string): string {
  if (specifier.startsWith('/')) return path.join(root, specifier);
  if (/^[@~]\//.test(specifier)) return path.join(root, 'src', specifier.slice(2));
  return path.resolve(path.dirname(from), specifier);
}

function resolveModule(specifier: string, from: string, root: string): string | null {
  const base = specifierPath(specifier, from, root);
  const candidates = [base, ...SCRIPT_EXTENSIONS.map((ext) => base + ext), ...SCRIPT_EXTENSIONS.map((ext) => path.join(base, `index${ext}`))];
  if (/\.[cm]?jsx?$/.test(base)) candidates.push(...SCRIPT_EXTENSIONS.map((ext) => base.replace(/\.[cm]?jsx?$/, ext)));
  return candidates.find((file) => existsSync(file) && !file.includes(`${path.sep}node_modules${path.sep}`) && path.extname(file) !== '') ?? null;
}

async function pageScripts(root: string, stamps: Stamps): Promise<string[]> {
  const page = path.join(root, 'index.html');
  await addStamp(stamps, page);
  const html = await readFile(page, 'utf8').catch(() => '');
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']([^"']+)["'][^>]*>/gi)].map((match) => match[1]!);
  const files = scripts.map((src) => resolveModule(src.startsWith('/') ? src : `/${src.replace(/^\.\//, '')}`, page, root)).filter((file) => file !== null);
  return files.length ? files : ['src/main.tsx', 'src/main.jsx', 'src/main.ts', 'src/index.tsx', 'src/index.jsx'].map((file) => path.join(root, file)).filter(existsSync);
}

/** The stylesheets `file` imports from the project: relative CSS `@import`s; a preprocessor's relative imports and uses. */
function importedStylesheets(file: string, css: string): string[] {
  if (!isPreprocessed(file)) {
    return [...css.matchAll(/@import\s+(?:url\()?\s*["'](\.{1,2}\/[^"']+)["']/g)].map((match) => path.resolve(path.dirname(file), match[1]!));
  }
  // Sass and Less resolve a name without `./` beside the importer too; `sass:math`, `~package` and URLs are not files.
  const specifiers = [...css.matchAll(/@(?:import|use|forward|require)\s*(?:\([^)]*\)\s*)?((?:["'][^"']+["']\s*,?\s*)+)/g)].flatMap((match) =>
    [...match[1]!.matchAll(/["']([^"']+)["']/g)].map((quoted) => quoted[1]!),
  );
  return specifiers
    .filter((specifier) => !/^(?:[a-z][\w+.-]*:|~|\/\/)/i.test(specifier))
    .map((specifier) => preprocessorCandidates(specifier, file).find((candidate) => existsSync(candidate)))
    .filter((found) => found !== undefined);
}

/** Whether a stylesheet loads Tailwind itself or through an import of the project's own. */
async function stylesheetLoad(file: string, seen: Set<string>): Promise<3 | 4 | null> {
  if (seen.has(file)) return null;
  seen.add(file);
  const text = await readFile(file, 'utf8').catch(() => '');
  const css = isPreprocessed(file) ? withoutLineComments(text) : text;
  const own = tailwindLoadOf(css);
  if (own) return own;
  for (const imported of importedStylesheets(file, css)) {
    const load = await stylesheetLoad(imported, seen);
    if (load) return load;
  }
  return null;
}

/**
 * The stylesheet that loads Tailwind, reached from the page's scripts through relative imports (breadth first, so
 * the main module's own stylesheet wins), with the modules on the way stamped.
 */
async function findEntry(root: string, stamps: Stamps): Promise<{ file: string; load: 3 | 4 } | null> {
  const queue = (await pageScripts(root, stamps)).map((file) => ({ file, via: [] as string[] }));
  const seen = new Set<string>();
  while (queue.length && seen.size < MODULE_LIMIT) {
    const { file, via } = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (isStylesheet(file)) {
      const load = await stylesheetLoad(file, new Set());
      if (load) {
        for (const step of via) await addStamp(stamps, step);
        return { file, load };
      }
      continue;
    }
    const code = await readFile(file, 'utf8').catch(() => '');
    for (const specifier of localSpecifiers(code)) {
      const next = isStylesheet(specifier) ? specifierPath(specifier, file, root) : resolveModule(specifier, file, root);
      if (next && !seen.has(next)) queue.push({ file: next, via: [...via, file] });
    }
  }
  for (const candidate of USUAL_ENTRIES) {
    const file = path.join(root, candidate);
    await addStamp(stamps, file);
    const load = existsSync(file) ? await stylesheetLoad(file, new Set()) : null;
    if (load) return { file, load };
  }
  return null;
}

function configFile(root: string): string | undefined {
  return TAILWIND_3_CONFIGS.map((name) => path.join(root, name)).find(existsSync);
}

const relative = (root: string, file: string) => path.relative(root, file).split(path.sep).join('/');

/** The project's Tailwind, or null for a project without one (no installation, or no stylesheet that loads it). */
export async function detectProjectTailwind(root: string): Promise<Detection> {
  const stamps: Stamps = new Map();
  await addStamp(stamps, path.join(root, 'package.json'));
  const found = await findEntry(root, stamps);
  if (!found) return { tailwind: null, stamps };
  // Why the studio's Tailwind 4 for a project with none installed: the console (bundled, or copied by `init`) is
  // built with it, as its Vite config says.
  const installed = installedTailwind(root) ?? (found.load === 4 ? studioTailwind() : null);
  if (!installed || (installed.version !== 3 && installed.version !== 4)) return { tailwind: null, stamps };
  const version = installed.version;
  const config = version === 3 ? configFile(root) : undefined;
  for (const name of TAILWIND_3_CONFIGS) await addStamp(stamps, path.join(root, name));
  const tailwind: DetectedTailwind = {
    version,
    entry: relative(root, found.file),
    entryPath: found.file,
    packageDir: installed.packageDir,
    ...(config ? { config: relative(root, config), configPath: config } : {}),
  };
  return { tailwind, stamps };
}

/** The studio's own Tailwind 4, which builds the console. */
function studioTailwind(): { packageDir: string; version: number } {
  return installedTailwind(PACKAGE_ROOT)!;
}

/** What the theme route answers about the project's Tailwind (no absolute paths). */
export function publicTailwind(tailwind: DetectedTailwind | null): ProjectTailwind | null {
  if (!tailwind) return null;
  return { version: tailwind.version, entry: tailwind.entry, ...(tailwind.config ? { config: tailwind.config } : {}) };
}
