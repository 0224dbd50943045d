/**
 * The elements that render a component — in its own file, and in the files that import it when it is exported —
 * found once per component for one view of the project's sources: a lookup, a find or a change follows many
 * elements through the same component, and each would otherwise walk every file's imports again.
 */
import { ts } from 'ts-morph';
import type { JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';
import { findExport, resolveModule, type LoadSource } from './module-declarations.js';
import { keptPerParse } from './kept-per-parse.js';
import { isExported, relativeOf, type TextSources } from './text-parts.js';

type CallSite = { entry: JsxElementEntry };

type Importer = { relative: string; local: string };

/** Per view of the sources: each component's call sites found so far, and who imports what under which name. */
interface SourcesMemo {
  callSites: Map<string, CallSite[]>;
  /** `home\0name` → the files importing that export of `home`, with the local name; built on first need. */
  importers: Map<string, Importer[]> | null;
}

const memoOfSources = new WeakMap<TextSources, SourcesMemo>();

function memoOf(sources: TextSources): SourcesMemo {
  let memo = memoOfSources.get(sources);
  if (!memo) memoOfSources.set(sources, (memo = { callSites: new Map(), importers: null }));
  return memo;
}

export function componentCallSites(sources: TextSources, load: LoadSource, fn: ts.SignatureDeclaration, component: string): CallSite[] {
  const home = relativeOf(fn.getSourceFile());
  const memo = memoOf(sources);
  const key = `${home}\0${component}\0${fn.pos}`;
  let sites = memo.callSites.get(key);
  if (!sites) memo.callSites.set(key, (sites = searchCallSites(sources, load, memo, fn, home, component)));
  return sites;
}

function searchCallSites(sources: TextSources, load: LoadSource, memo: SourcesMemo, fn: ts.SignatureDeclaration, home: string, component: string): CallSite[] {
  const sites: CallSite[] = [];
  for (const entry of sources.parsed(home)?.entries ?? []) if (entry.tagName === component) sites.push({ entry });
  if (!isExported(fn)) return sites;
  memo.importers ??= importIndex(sources, load);
  for (const { relative, local } of memo.importers.get(`${home}\0${component}`) ?? []) {
    if (relative === home) continue;
    for (const entry of sources.parsed(relative)?.entries ?? []) if (entry.tagName === local) sites.push({ entry });
  }
  return sites;
}

/** A file's named and default imports of the project's own modules, as `home\0name` keys with the local name. */
function namedImports(sourceFile: ts.SourceFile, load: LoadSource): Array<{ key: string; local: string }> {
  const imports: Array<{ key: string; local: string }> = [];
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.importClause;
    const bindings = clause?.namedBindings;
    const named = bindings && ts.isNamedImports(bindings) ? bindings.elements : [];
    if (!clause?.name && named.length === 0) continue;
    const module = resolveModule(sourceFile, statement.moduleSpecifier.text, load);
    if (!module) continue;
    if (clause?.name) {
      // `import Heading from './heading'`: keyed by the name the default export is declared under, as call sites
      // are searched by the component's own name.
      const declared = findExport(module, 'default', load, 0);
      const name = declared && declared.node.name && ts.isIdentifier(declared.node.name) ? declared.node.name.text : null;
      if (name) imports.push({ key: `${relativeOf(declared!.file)}\0${name}`, local: clause.name.text });
    }
    for (const element of named) {
      const name = (element.propertyName ?? element.name).text;
      // Imported through a module that re-exports it (an `index.ts`): keyed by the module that declares it.
      const declared = findExport(module, name, load, 0);
      imports.push({ key: `${relativeOf(declared?.file ?? module)}\0${name}`, local: element.name.text });
    }
  }
  return imports;
}

/** A file's named imports, kept with its parse: a lookup's new view of the sources would otherwise resolve every file's imports again. */
export function keptNamedImports(sourceFile: ts.SourceFile, load: LoadSource): Array<{ key: string; local: string }> {
  return keptPerParse(sourceFile, load, 'named-imports', (recording) => namedImports(sourceFile, recording));
}

function addImports(index: Map<string, Importer[]>, relative: string, sourceFile: ts.SourceFile, load: LoadSource): void {
  for (const { key, local } of keptNamedImports(sourceFile, load)) {
    const list = index.get(key) ?? [];
    // A file importing one export twice renders it under either name; its sites are read once a name.
    if (!list.some((item) => item.relative === relative && item.local === local)) list.push({ relative, local });
    index.set(key, list);
  }
}

/**
 * Every named import of the root's JSX files, by the file and export it names: one pass over the imports, so that
 * finding a component's call sites is a map read and not a walk of every file per component.
 */
function importIndex(sources: TextSources, load: LoadSource): Map<string, Importer[]> {
  const index = new Map<string, Importer[]>();
  for (const relative of sources.jsxFiles?.() ?? []) {
    const sourceFile = sources.parsed(relative)?.sourceFile;
    if (sourceFile) addImports(index, relative, sourceFile, load);
  }
  return index;
}

/** The project's own modules a file imports from (any import or re-export), root-relative. */
export function importedHomes(sourceFile: ts.SourceFile, load: LoadSource): string[] {
  const homes = new Set<string>();
  for (const statement of sourceFile.statements) {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) continue;
    const module = resolveModule(sourceFile, specifier.text, load);
    if (module) homes.add(relativeOf(module));
  }
  return [...homes];
}

/**
 * Forgets, for files changed in place (the same files existing, so every import resolves as before), the call sites
 * they can have changed: those of the components whose home is in `homes` (each changed file and every module it
 * imported before or imports now: a file holds call sites of its own components and of those it imports, and no
 * other). The import index is patched for the changed files alone, read from `sources` as they are now.
 */
export function forgetCallSites(sources: TextSources, load: LoadSource, changed: readonly string[], homes: ReadonlySet<string>): void {
  const memo = memoOfSources.get(sources);
  if (!memo) return;
  for (const key of memo.callSites.keys()) if (homes.has(key.slice(0, key.indexOf('\0')))) memo.callSites.delete(key);
  if (!memo.importers) return;
  const gone = new Set(changed);
  for (const [key, list] of memo.importers) {
    const kept = list.filter((item) => !gone.has(item.relative));
    if (kept.length === 0) memo.importers.delete(key);
    else if (kept.length !== list.length) memo.importers.set(key, kept);
  }
  const jsx = new Set(sources.jsxFiles?.() ?? []);
  for (const relative of changed) {
    const sourceFile = jsx.has(relative) ? sources.parsed(relative)?.sourceFile : undefined;
    if (sourceFile) addImports(memo.importers, relative, sourceFile, load);
  }
}
