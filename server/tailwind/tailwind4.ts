/**
 * A Tailwind 4 project's compiler and design system, built by the project's own `tailwindcss` (or the studio's, for
 * a console with no installation of its own) from the project's CSS entry: the one place that knows how a
 * stylesheet's `@import` is found, so the instant CSS, the class vocabulary and the theme all read the same CSS.
 */
import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import enhancedResolve from 'enhanced-resolve';
import { appError } from '../../contracts/errors.js';
import { isPreprocessed, withoutLineComments } from './preprocessed-stylesheet.js';
import { addStamp, type Stamps } from './stylesheet-stamps.js';

type TailwindModule = typeof import('tailwindcss');
export type DesignSystem = Awaited<ReturnType<TailwindModule['__unstable__loadDesignSystem']>>;
export type Tailwind4Compiler = Awaited<ReturnType<TailwindModule['compile']>>;

/** Where a Tailwind 4 project's CSS comes from. */
export interface Tailwind4Source {
  /** The CSS entry, absolute. */
  entry: string;
  /** The entry as the project names it (root-relative), for messages. */
  entryName: string;
  /** The folder of the `tailwindcss` package that builds it. */
  packageDir: string;
}

interface PackageManifest {
  exports?: Record<string, string | Record<string, string | Record<string, string>>>;
  module?: string;
  main?: string;
}

const modules = new Map<string, Promise<TailwindModule>>();

/** The ES module of the `tailwindcss` package in `packageDir` (loaded once per process). */
export function tailwindModule(packageDir: string): Promise<TailwindModule> {
  let loaded = modules.get(packageDir);
  if (!loaded) {
    loaded = (async () => {
      const manifest = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as PackageManifest;
      const main = manifest.exports?.['.'];
      const importTarget = typeof main === 'object' ? main.import : undefined;
      const file = (typeof importTarget === 'object' ? importTarget.default : importTarget) ?? manifest.module ?? manifest.main ?? 'index.js';
      return (await import(pathToFileURL(path.join(packageDir, file)).href)) as TailwindModule;
    })();
    modules.set(packageDir, loaded);
  }
  return loaded;
}

/**
 * Packages' stylesheets as Tailwind's own loader (`@tailwindcss/node`) and Vite find them: the `style` condition of
 * `exports` and the `style` field first. Why not Node's `require.resolve`: a CSS-only package (`tw-animate-css`)
 * exports its stylesheet under `style` alone, which Node's conditions never match. Why the file system uncached:
 * an install between two reads must be seen.
 */
const stylesheetResolver = enhancedResolve.ResolverFactory.createResolver({
  fileSystem: fs,
  useSyncFileSystemCalls: true,
  extensions: ['.css'],
  mainFields: ['style'],
  conditionNames: ['style'],
});

/**
 * Where an `@import` leads: `tailwindcss` and its subpaths to the building package (so the page and the studio agree
 * on the theme and preflight), relative paths beside the importer, packages from the importer's folder.
 */
function stylesheetPath(id: string, base: string, packageDir: string): string {
  if (id === 'tailwindcss') return path.join(packageDir, 'index.css');
  // A package resolves its own name through its `exports`.
  if (id.startsWith('tailwindcss/')) return createRequire(path.join(packageDir, 'package.json')).resolve(id);
  if (id.startsWith('.') || path.isAbsolute(id)) return path.resolve(base, id);
  const found = stylesheetResolver.resolveSync({}, base, id);
  if (!found) throw new Error(`Cannot find the stylesheet '${id}' from ${base}`);
  return found;
}

/** The loaders Tailwind's compiler and design system take, recording every file read and each stylesheet's text. */
async function loaders(source: Tailwind4Source, stamps: Stamps, stylesheets: Map<string, string>) {
  const { loadModule } = await import('@tailwindcss/node');
  return {
    base: path.dirname(source.entry),
    from: source.entry,
    loadStylesheet: async (id: string, base: string) => {
      const file = stylesheetPath(id, base, source.packageDir);
      await addStamp(stamps, file);
      const text = await readFile(file, 'utf8');
      const content = isPreprocessed(file) ? withoutLineComments(text) : text;
      stylesheets.set(file, content);
      return { path: file, base: path.dirname(file), content };
    },
    loadModule: async (id: string, base: string) => {
      const dependencies: string[] = [];
      const loaded = await loadModule(id, base, (file) => dependencies.push(file));
      for (const file of [loaded.path, ...dependencies]) await addStamp(stamps, file);
      return loaded;
    },
  };
}

export interface Loaded<T> {
  value: T;
  /** The entry and everything it imports, as they were when read. */
  stamps: Stamps;
  /** The text of every stylesheet read, the entry first. */
  stylesheets: Map<string, string>;
}

async function readEntry(source: Tailwind4Source, stamps: Stamps): Promise<string> {
  await addStamp(stamps, source.entry);
  try {
    // A Tailwind 4 entry in Sass syntax is not run through Sass: Tailwind's parser takes all of it but line comments.
    const text = await readFile(source.entry, 'utf8');
    return isPreprocessed(source.entry) ? withoutLineComments(text) : text;
  } catch {
    throw appError('NOT_FOUND', `The project's Tailwind entry ${source.entryName}`);
  }
}

async function build<T>(source: Tailwind4Source, make: (tailwind: TailwindModule, css: string, options: Awaited<ReturnType<typeof loaders>>) => Promise<T>): Promise<Loaded<T>> {
  const stamps: Stamps = new Map();
  const stylesheets = new Map<string, string>();
  const css = await readEntry(source, stamps);
  stylesheets.set(source.entry, css);
  const [tailwind, options] = await Promise.all([tailwindModule(source.packageDir), loaders(source, stamps, stylesheets)]);
  try {
    return { value: await make(tailwind, css, options), stamps, stylesheets };
  } catch (error) {
    throw appError('TAILWIND_ENTRY_FAILED', source.entryName, (error as Error).message);
  }
}

export function loadDesignSystem(source: Tailwind4Source): Promise<Loaded<DesignSystem>> {
  return build(source, (tailwind, css, options) => tailwind.__unstable__loadDesignSystem(css, options));
}

export function compileTailwind4(source: Tailwind4Source): Promise<Loaded<Tailwind4Compiler>> {
  return build(source, (tailwind, css, options) => tailwind.compile(css, options));
}
