/**
 * How the project imports its own modules, so that an import the engine writes is the one its developer would:
 * through the project's path alias (`@/components/Badge`, from its tsconfig `paths` or its Vite `resolve.alias`)
 * where the file already imports through it or a relative path would climb out of the folder (`../../components`),
 * and placed among the file's imports where its kind goes (packages, then aliases, then relative paths, each group
 * apart), at its sorted place when that group is sorted. A tsconfig's `baseUrl` counts as an alias of its folder
 * for a file that imports through it. Read through the change's context: no I/O of its own.
 */
import path from 'node:path';
import { ts } from 'ts-morph';
import type { MutationContext } from './mutation-transform.js';

/**
 * An alias: specifiers starting with `prefix` name files under the root-relative folder `folder` (`@/` → `src/`).
 * A tsconfig's `baseUrl` is one without a prefix (`components/Button` → `src/components/Button`): which bare
 * specifiers are its and which are packages only the files can tell, so it carries `resolves`.
 */
export interface PathAlias {
  prefix: string;
  folder: string;
  /** For a `baseUrl`: whether a bare specifier names a file under `folder`. */
  resolves?: (specifier: string) => boolean;
}

/** The endings a specifier without one is tried with, as TypeScript and Vite resolve it. */
const RESOLVED_ENDINGS = ['.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts', '/index.jsx', '/index.js'];

const TSCONFIGS = ['tsconfig.json', 'tsconfig.app.json', 'jsconfig.json'];
const VITE_CONFIGS = ['vite.config.ts', 'vite.config.js', 'vite.config.mts', 'vite.config.mjs'];

/** `@/*` → `./src/*` of a tsconfig's `paths` (with its `baseUrl`), as aliases of a folder each. */
function tsconfigAliases(text: string, exists: (relative: string) => boolean): PathAlias[] {
  const { config } = ts.parseConfigFileTextToJson('tsconfig.json', text) as { config?: { compilerOptions?: { baseUrl?: string; paths?: Record<string, string[]> } } };
  const options = config?.compilerOptions;
  const aliases: PathAlias[] = [];
  if (options?.baseUrl !== undefined) {
    const folder = path.posix.normalize(options.baseUrl.replace(/\/?$/, '/'));
    if (!folder.startsWith('..')) aliases.push(baseUrlAlias(folder === './' ? '' : folder, exists));
  }
  if (!options?.paths) return aliases;
  const base = options.baseUrl ?? '.';
  for (const [pattern, [target]] of Object.entries(options.paths)) {
    if (!pattern.endsWith('/*') || !target?.endsWith('/*')) continue;
    const folder = path.posix.normalize(path.posix.join(base, target.slice(0, -1)));
    if (folder.startsWith('..')) continue;
    aliases.push({ prefix: pattern.slice(0, -1), folder: folder === './' || folder === '.' ? '' : folder.replace(/\/?$/, '/') });
  }
  return aliases;
}

/** A `baseUrl` folder as an alias: a bare specifier is its when a file under the folder answers to it. */
function baseUrlAlias(folder: string, exists: (relative: string) => boolean): PathAlias {
  const answers = new Map<string, boolean>();
  const resolves = (specifier: string): boolean => {
    if (/^(?:\.|\/|[\w-]+:)/.test(specifier)) return false;
    let answer = answers.get(specifier);
    if (answer === undefined) {
      const endings = path.posix.extname(specifier) ? ['', ...RESOLVED_ENDINGS] : RESOLVED_ENDINGS;
      answer = endings.some((ending) => exists(`${folder}${specifier}${ending}`));
      answers.set(specifier, answer);
    }
    return answer;
  };
  return { prefix: '', folder, resolves };
}

/** `'@': path.resolve(__dirname, './src')` or `fileURLToPath(new URL('./src', import.meta.url))` in a Vite config. */
function viteAliases(text: string): PathAlias[] {
  const aliases: PathAlias[] = [];
  const pattern = /['"]([@~#$][\w-]*)['"]\s*:\s*[^,\n}]*?['"]\.?\/?([\w-]+(?:\/[\w-]+)*)\/?['"]/g;
  for (const match of text.matchAll(pattern)) aliases.push({ prefix: `${match[1]}/`, folder: `${match[2]}/` });
  return aliases;
}

/** The project's path aliases, its tsconfig's first, then its Vite config's. */
export function projectAliases(context: Pick<MutationContext, 'file'>): PathAlias[] {
  const read = (name: string) => {
    try {
      return context.file(name).text;
    } catch {
      return '';
    }
  };
  const exists = (name: string) => {
    try {
      return context.file(name).existed;
    } catch {
      return false;
    }
  };
  const aliases: PathAlias[] = [];
  for (const name of TSCONFIGS) {
    const text = read(name);
    if (text) aliases.push(...tsconfigAliases(text, exists));
  }
  for (const name of VITE_CONFIGS) {
    const text = read(name);
    if (text) aliases.push(...viteAliases(text));
  }
  return aliases.filter((alias) => alias.resolves || (alias.prefix !== '' && alias.prefix !== '/'));
}

/** Whether the specifier goes through the alias. */
function through(alias: PathAlias, specifier: string): boolean {
  return alias.resolves ? alias.resolves(specifier) : specifier.startsWith(alias.prefix);
}

/**
 * The root-relative paths (without ending) a specifier written in `fromRelative` may name: its relative path, else
 * every alias it goes through, the most specific first (`@/` before a `baseUrl`'s bare names). None for a package.
 */
export function moduleBases(fromRelative: string, specifier: string, aliases: readonly PathAlias[]): string[] {
  if (specifier.startsWith('./') || specifier.startsWith('../')) return [path.posix.normalize(path.posix.join(path.posix.dirname(fromRelative), specifier))];
  return aliases
    .filter((alias) => through(alias, specifier))
    .sort((a, b) => b.prefix.length - a.prefix.length)
    .map((alias) => path.posix.normalize(alias.folder + specifier.slice(alias.prefix.length)));
}

/**
 * The specifier a file of the project imports `target` (a root-relative path without extension) with: through an
 * alias that covers it when the file already uses that alias, or when the relative path climbs out of the file's
 * folder and the file has no such climb of its own (a `baseUrl` only when the file imports through it: many projects
 * set one and never use it); else `relative`.
 */
export function preferredSpecifier(aliases: readonly PathAlias[], sourceFile: ts.SourceFile, target: string, relative: string): string {
  const specifiers = sourceFile.statements.filter(ts.isImportDeclaration).map((d) => (d.moduleSpecifier as ts.StringLiteral).text);
  // A climb out of the folder is written as the alias, unless the file already climbs that way itself.
  const climbs = relative.startsWith('../') && !specifiers.some((specifier) => specifier.startsWith('../'));
  for (const alias of aliases) {
    if (!target.startsWith(alias.folder)) continue;
    const usesIt = specifiers.some((specifier) => through(alias, specifier));
    if (usesIt || (climbs && !alias.resolves)) return `${alias.prefix}${target.slice(alias.folder.length)}`;
  }
  return relative;
}

/** The root-relative file (without extension) a specifier written in `fromFile` names, or the package's name. */
export function specifierTarget(aliases: readonly PathAlias[], fromFile: string, specifier: string): string {
  if (specifier.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  const alias = aliases.find((candidate) => through(candidate, specifier));
  return alias ? `${alias.folder}${specifier.slice(alias.prefix.length)}` : specifier;
}

/** `relative` (a specifier the file's folder resolves) as the project writes it: `preferredSpecifier` of its target. */
export function projectSpecifier(aliases: readonly PathAlias[], sourceFile: ts.SourceFile, fromFile: string, relative: string): string {
  if (!relative.startsWith('.') || aliases.length === 0) return relative;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), relative));
  if (target.startsWith('..')) return relative;
  return preferredSpecifier(aliases, sourceFile, target, relative);
}

/** The rank of an import's kind in the usual order: packages (`node:` first), aliases, parent paths, siblings. */
export function importRank(specifier: string, aliases: readonly PathAlias[]): number {
  if (specifier.startsWith('node:')) return 0;
  if (aliases.some((alias) => through(alias, specifier))) return 2;
  if (specifier.startsWith('../')) return 3;
  if (specifier.startsWith('./') || specifier === '.') return 4;
  return 1;
}

/**
 * Where a new import of `specifier` goes among the file's imports: after the import it sorts after among those of
 * its kind (before the first one it sorts before, when they are sorted), else after the last import of a kind
 * that comes before its kind, else before the first import. `after` says on which side of `declaration`.
 */
export function importPlace(declarations: readonly ts.ImportDeclaration[], specifier: string, aliases: readonly PathAlias[]): { declaration: ts.ImportDeclaration; after: boolean } | null {
  const specifierOf = (d: ts.ImportDeclaration) => (d.moduleSpecifier as ts.StringLiteral).text;
  const rank = importRank(specifier, aliases);
  const same = declarations.filter((d) => importRank(specifierOf(d), aliases) === rank);
  if (same.length > 0) {
    const names = same.map(specifierOf);
    const sorted = names.every((name, i) => i === 0 || names[i - 1]!.localeCompare(name) <= 0);
    const before = sorted ? same.find((d) => specifier.localeCompare(specifierOf(d)) < 0) : undefined;
    return before ? { declaration: before, after: false } : { declaration: same.at(-1)!, after: true };
  }
  const earlier = declarations.filter((d) => importRank(specifierOf(d), aliases) < rank).at(-1);
  if (earlier) return { declaration: earlier, after: true };
  const first = declarations[0];
  return first ? { declaration: first, after: false } : null;
}
