/**
 * The elements that render a component — in its own file, and in the files that import it when it is exported —
 * found once per component for one view of the project's sources: a lookup, a find or a change follows many
 * elements through the same component, and each would otherwise walk every file's imports again.
 */
import { ts } from 'ts-morph';
import type { JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';
import { resolveModule, type LoadSource } from './module-declarations.js';
import { isExported, relativeOf, type TextSources } from './text-parts.js';

type CallSite = { entry: JsxElementEntry };

/** Per view of the sources: each component's call sites found so far, and who imports what under which name. */
interface SourcesMemo {
  callSites: Map<string, CallSite[]>;
  /** `home\0name` → the files importing that export of `home`, with the local name; built on first need. */
  importers: Map<string, Array<{ relative: string; local: string }>> | null;
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

/**
 * The JSX files of the root that import the export `name` of the module `home` (as its import resolves), with the
 * name each gives it: read from the same index the call sites are found with, built once per view of the sources.
 */
export function importersOf(sources: TextSources, load: LoadSource, home: string, name: string): ReadonlyArray<{ relative: string; local: string }> {
  const memo = memoOf(sources);
  memo.importers ??= importIndex(sources, load);
  return memo.importers.get(`${home}\0${name}`) ?? [];
}

/**
 * Every named import of the root's JSX files, by the file and export it names: one pass over the imports, so that
 * finding a component's call sites is a map read and not a walk of every file per component.
 */
function importIndex(sources: TextSources, load: LoadSource): Map<string, Array<{ relative: string; local: string }>> {
  const index = new Map<string, Array<{ relative: string; local: string }>>();
  for (const relative of sources.jsxFiles?.() ?? []) {
    const sourceFile = sources.parsed(relative)?.sourceFile;
    if (!sourceFile) continue;
    for (const statement of sourceFile.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings) || bindings.elements.length === 0) continue;
      const module = resolveModule(sourceFile, statement.moduleSpecifier.text, load);
      if (!module) continue;
      const home = relativeOf(module);
      for (const element of bindings.elements) {
        const key = `${home}\0${(element.propertyName ?? element.name).text}`;
        const list = index.get(key) ?? [];
        // A file importing one export twice renders it under either name; its sites are read once a name.
        if (!list.some((item) => item.relative === relative && item.local === element.name.text)) list.push({ relative, local: element.name.text });
        index.set(key, list);
      }
    }
  }
  return index;
}
