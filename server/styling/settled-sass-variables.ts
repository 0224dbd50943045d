/**
 * The values a Sass library's variables take when the project's Sass compiles it: followed from the stylesheets the
 * project's scripts import, in the order Sass meets them (`@import` in place, sharing its variables; `@use` and
 * `@forward` as modules of their own, configured by `with (…)`), into the project's partials and index files and,
 * by `~` or package paths, the installed library. A `$name: value !default` sets a variable only where it has no
 * value yet, a plain one always; the library's values are the ones set when its `_variables.scss` has run (what is
 * set after no longer reaches its `$theme-colors`), or, where the library is not installed, when the project's Sass
 * loads it. Read from the text without running Sass: what it cannot follow is left out with where and why.
 */
import fs from 'node:fs';
import path from 'node:path';
import { preprocessorCandidates, withoutLineComments } from '../tailwind/preprocessed-stylesheet.js';
import { projectSourceFiles } from './styling-systems.js';
import type { Unread } from './theme-call.js';

/** A variable's value as written; `at` (`src/scss/_variables.scss:3`) where the project's own Sass sets it. */
export interface SassValue {
  value: string;
  at?: string;
}
export type SassVariables = Map<string, SassValue>;

export interface SettledVariables {
  /** The variables as the library's stylesheet sees them, or null when no stylesheet of the project loads it. */
  variables: SassVariables | null;
  unread: Unread[];
}

/** A statement at a stylesheet's top level, with the line it starts on. */
interface Statement {
  text: string;
  line: number;
}

/** One Sass compilation, from one entry stylesheet: the modules already loaded, and the library's values once set. */
interface Compilation {
  root: string;
  library: string;
  modules: Set<string>;
  importing: Set<string>;
  settled: SassVariables | null;
  unread: Unread[];
}

const SCRIPT_STYLESHEET_IMPORT = /\bimport\s*(?:[^'"`;]*?\bfrom\s*)?(['"])([^'"]+\.s[ac]ss)(?:\?[^'"]*)?\1/g;
const DECLARATION = /^\$([\w-]+)\s*:\s*([\s\S]*?)\s*((?:!(?:default|global)\s*)*)$/;
const LOAD = /^@(import|use|forward)\s+([\s\S]+)$/;
const QUOTED = /(["'])([^"']+)\1/g;
/** A `with (…)` configuration's entries (`$primary: #321fdb`, a value with one level of parentheses). */
const WITH_ENTRY = /\$([\w-]+)\s*:\s*((?:[^,()]|\([^()]*\))+?)\s*(!default\s*)?(?=,|$)/g;
/** Where a module's configuration starts: `with (` after the URL and any `as`/`show`/`hide`. */
const WITH = /\bwith\s*\(([\s\S]*)\)\s*$/;
/** The first files of the project's scripts that import a stylesheet: Vite's entry modules, then the app's. */
const ENTRY_SCRIPTS = /^(?:src\/)?(?:main|index)\.[cm]?[jt]sx?$/;

/** The top-level statements of a `.scss` text: blocks (rules, mixins, `@if`) skipped, comments out. */
function statementsOf(text: string): Statement[] {
  const source = withoutLineComments(text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' ')));
  const statements: Statement[] = [];
  let start = 0;
  let braces = 0;
  let parens = 0;
  let quote: string | null = null;
  // Lines counted up to `counted`, as statements are met.
  let line = 1;
  let counted = 0;
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quote) {
      if (char === quote && source[i - 1] !== '\\') quote = null;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    // `#{…}` interpolates inside a statement or selector: no block.
    else if (char === '#' && source[i + 1] === '{') i = Math.max(i, source.indexOf('}', i));
    else if (char === '(') parens++;
    else if (char === ')') parens = Math.max(0, parens - 1);
    else if (char === '{') braces++;
    else if (char === '}') {
      braces = Math.max(0, braces - 1);
      if (braces === 0) start = i + 1;
    } else if (char === ';' && braces === 0 && parens === 0) {
      const raw = source.slice(start, i);
      const text = raw.trim();
      if (text) {
        const begins = start + raw.indexOf(text);
        for (; counted < begins; counted++) if (source[counted] === '\n') line++;
        statements.push({ text, line });
      }
      start = i + 1;
    }
  }
  return statements;
}

/** The folder of an installed package, looked for from the folder up as Node does. */
function packageFolder(name: string, from: string): string | null {
  for (let folder = from; ; folder = path.dirname(folder)) {
    const candidate = path.join(folder, 'node_modules', name);
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(folder) === folder) return null;
  }
}

/** The package a bare specifier names (`@coreui/coreui/scss/coreui` → `@coreui/coreui`), with the rest of its path. */
function packageOf(specifier: string): { name: string; subpath: string } {
  const parts = specifier.split('/');
  const count = specifier.startsWith('@') ? 2 : 1;
  return { name: parts.slice(0, count).join('/'), subpath: parts.slice(count).join('/') };
}

const firstFile = (candidates: string[]): string | null => candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile()) ?? null;

/**
 * The file a load of `specifier` from `from` reads, as Vite's Sass finds it: beside the importer first (a partial,
 * an index), then `~name`, `pkg:name` or a bare name in node_modules (the package's `sass` entry for its bare name);
 * the `@/` and `~/` aliases of `src/` as most projects have them. `package` names the package a bare one points into.
 */
function resolveLoad(specifier: string, from: string, root: string): { file: string | null; package: string | null } {
  if (/^\/|^[@~]\//.test(specifier)) {
    const target = specifier.startsWith('/') ? path.join(root, specifier) : path.join(root, 'src', specifier.slice(2));
    return { file: firstFile(preprocessorCandidates(target, from)), package: null };
  }
  const bare = specifier.replace(/^~|^pkg:/, '');
  if (bare === specifier) {
    const beside = firstFile(preprocessorCandidates(specifier, from));
    if (beside || specifier.startsWith('.')) return { file: beside, package: null };
  }
  const { name, subpath } = packageOf(bare);
  const folder = packageFolder(name, path.dirname(from)) ?? packageFolder(name, root);
  if (!folder) return { file: null, package: name };
  if (subpath) return { file: firstFile(preprocessorCandidates(path.join(folder, subpath), from)), package: name };
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as { sass?: string; style?: string };
    const entry = manifest.sass ?? (manifest.style?.endsWith('.scss') ? manifest.style : undefined);
    return { file: entry ? firstFile([path.join(folder, entry)]) : null, package: name };
  } catch {
    return { file: null, package: name };
  }
}

/** A file as the project names it; null in an installed package (whose values are the library's). */
function projectPathOf(file: string, root: string): string | null {
  const relative = path.relative(root, file).split(path.sep).join('/');
  return relative.split('/').includes('node_modules') ? null : relative;
}

/** A `with (…)` configuration as variables, set where the `@use` stands. */
function configurationOf(load: string, at: string | null): SassVariables {
  const configuration: SassVariables = new Map();
  const body = WITH.exec(load)?.[1];
  for (const entry of body?.matchAll(WITH_ENTRY) ?? []) configuration.set(entry[1]!, at ? { value: entry[2]!.trim(), at } : { value: entry[2]!.trim() });
  return configuration;
}

const isLibraryVariables = (file: string, library: string): boolean =>
  file.split(path.sep).join('/').endsWith(`/node_modules/${library}/scss/_variables.scss`);

/** Runs a stylesheet's top-level statements into `variables`, following its loads, until the library's values are set. */
function run(compilation: Compilation, file: string, variables: SassVariables, configuration: SassVariables): void {
  if (compilation.importing.has(file)) return;
  if (!file.endsWith('.scss')) {
    if (file.endsWith('.sass')) {
      compilation.unread.push({ at: projectPathOf(file, compilation.root) ?? file, reason: 'Sass in the indented syntax is not read' });
    }
    return;
  }
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return;
  }
  compilation.importing.add(file);
  const relative = projectPathOf(file, compilation.root);
  for (const { text: statement, line } of statementsOf(text)) {
    if (compilation.settled) break;
    const at = relative === null ? null : `${relative}:${line}`;
    const declaration = DECLARATION.exec(statement);
    if (declaration) {
      const [, name, value, flags] = declaration;
      const current = variables.get(name!);
      if (flags!.includes('!default') && current && current.value !== 'null') continue;
      variables.set(name!, at ? { value: value!, at } : { value: value! });
      continue;
    }
    const load = LOAD.exec(statement);
    if (load) loadAll(compilation, load[1] as 'import' | 'use' | 'forward', load[2]!, file, at, variables, configuration);
  }
  compilation.importing.delete(file);
  if (!compilation.settled && isLibraryVariables(file, compilation.library)) compilation.settled = new Map(variables);
}

/** An `@import` of its URLs in place; a `@use` or `@forward` as a module, once, under its configuration. */
function loadAll(compilation: Compilation, kind: 'import' | 'use' | 'forward', load: string, from: string, at: string | null, variables: SassVariables, configuration: SassVariables): void {
  // `@import` lists URLs; `@use`/`@forward` take one, before `as`/`with`.
  const urls = [...(kind === 'import' ? load : (/^(["'])[^"']+\1/.exec(load)?.[0] ?? '')).matchAll(QUOTED)].map((match) => match[2]!);
  for (const url of urls) {
    if (compilation.settled) return;
    // Plain CSS imports and Sass's own modules carry no variables.
    if (/^(?:sass:|https?:|\/\/)|\.css$/.test(url) || (kind === 'import' && /^url\(/.test(load))) continue;
    const { file, package: named } = resolveLoad(url, from, compilation.root);
    const library = named === compilation.library || (named !== null && compilation.library === '@coreui/coreui' && named === '@coreui/react');
    const moduleVariables = kind === 'import' ? variables : new Map([...(kind === 'forward' ? configuration : []), ...configurationOf(load, at)]);
    if (!file) {
      // The library not installed: its stylesheet compiles here, from what is set so far.
      if (library) compilation.settled = new Map(moduleVariables);
      else if (at) compilation.unread.push({ at, reason: `'${url}' is no file the reader finds (a load path of the project's Vite config is not followed)` });
      continue;
    }
    if (kind === 'import') {
      run(compilation, file, variables, configuration);
      continue;
    }
    if (compilation.modules.has(file)) continue;
    compilation.modules.add(file);
    run(compilation, file, moduleVariables, moduleVariables);
  }
}

/** The stylesheets the project's scripts import, as (specifier, importer) pairs: its entry modules' first. */
function entryStylesheets(root: string): Array<{ specifier: string; from: string }> {
  const scripts = projectSourceFiles(root).filter((file) => /\.[cm]?[jt]sx?$/.test(file));
  scripts.sort((a, b) => Number(ENTRY_SCRIPTS.test(b)) - Number(ENTRY_SCRIPTS.test(a)));
  const entries: Array<{ specifier: string; from: string }> = [];
  for (const script of scripts) {
    const from = path.join(root, script);
    let code: string;
    try {
      code = fs.readFileSync(from, 'utf8');
    } catch {
      continue;
    }
    if (!code.includes('.scss') && !code.includes('.sass')) continue;
    for (const match of code.matchAll(SCRIPT_STYLESHEET_IMPORT)) entries.push({ specifier: match[2]!, from });
  }
  return entries;
}

/**
 * The variables of `library` (`bootstrap`, `@coreui/coreui`) as the first of the project's entry stylesheets that
 * loads it sets them; a stylesheet no script reaches counts for nothing, as in the app.
 */
export function settledSassVariables(root: string, library: string): SettledVariables {
  const unread: Unread[] = [];
  for (const { specifier, from } of entryStylesheets(root)) {
    // Vite compiles each stylesheet a script imports on its own.
    const compilation: Compilation = { root, library, modules: new Set(), importing: new Set(), settled: null, unread: [] };
    const { file, package: named } = resolveLoad(specifier, from, root);
    if (file) run(compilation, file, new Map(), new Map());
    else if (named === library) compilation.settled = new Map();
    unread.push(...compilation.unread);
    if (compilation.settled) return { variables: compilation.settled, unread };
  }
  return { variables: null, unread };
}
