/**
 * Where a constant of the project is used: in the file that declares it and in every JSX file of the project that
 * imports it (under whatever name, through re-exports), as `file:line`. A write to the constant's literal shows at
 * each of them, so the editor names them before the write ("also shown at …").
 */
import { ts } from 'ts-morph';
import { findDeclaration, findExport, resolveModule, type LoadSource } from '../mutations/module-declarations.js';
import { keptPerParse } from '../mutations/kept-per-parse.js';
import { placeOf, relativeOf } from '../mutations/text-parts.js';

/** The top-level `const` whose declaration holds this position of the file (its initializer, an entry of it), or null. */
export function constantAt(sourceFile: ts.SourceFile, position: number): ts.VariableDeclaration | null {
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.getStart(sourceFile) <= position && position < declaration.end) return declaration;
    }
  }
  return null;
}

const sameNode = (a: ts.Node, b: ts.Node) => relativeOf(a.getSourceFile()) === relativeOf(b.getSourceFile()) && a.pos === b.pos;

/** What a file's imports resolve to: each named import's declaration, each namespace import's module, every module. */
interface ResolvedImports {
  named: Array<{ local: string; declared: ts.Node | null }>;
  spaces: Map<string, ts.SourceFile>;
  modules: ts.SourceFile[];
}

/**
 * A file's imports resolved, kept with its parse while the files the resolution read stay the same (`keptPerParse`):
 * every constant's uses are looked for across every JSX file, and resolving them all again for each literal of each
 * element took seconds a lookup on a project of two thousand files (issue 29).
 */
export function resolvedImports(sourceFile: ts.SourceFile, load: LoadSource): ResolvedImports {
  return keptPerParse(sourceFile, load, 'constant-uses', (reading) => {
    const resolved: ResolvedImports = { named: [], spaces: new Map(), modules: [] };
    for (const statement of sourceFile.statements) {
      const specifier = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : null;
      const module = specifier ? resolveModule(sourceFile, specifier, reading) : null;
      if (module) resolved.modules.push(module);
      // A default import (`import Heading from './Heading'`) names what the module exports as its default.
      const defaultName = ts.isImportDeclaration(statement) ? statement.importClause?.name : undefined;
      if (defaultName && module) resolved.named.push({ local: defaultName.text, declared: findExport(module, 'default', reading, 0)?.node ?? null });
      const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
      if (bindings && ts.isNamespaceImport(bindings) && module) resolved.spaces.set(bindings.name.text, module);
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      for (const element of bindings.elements) resolved.named.push({ local: element.name.text, declared: findDeclaration(sourceFile, element.name.text, reading, 0)?.node ?? null });
    }
    return resolved;
  });
}

/**
 * The names a file imports the declaration under, and those of the modules it imports whole (`import * as texts`)
 * whose members may be it (`texts.EMPTY`).
 */
function importedNames(sourceFile: ts.SourceFile, declaration: ts.VariableDeclaration, load: LoadSource): { names: string[]; spaces: Map<string, ts.SourceFile> } {
  const resolved = resolvedImports(sourceFile, load);
  const names = resolved.named.flatMap(({ local, declared }) => (declared && sameNode(declared, declaration) ? [local] : []));
  return { names, spaces: resolved.spaces };
}

/**
 * The project's modules that are not JSX files but that the JSX files import, directly or through other such
 * modules (`index.ts` re-exporting, a `.ts` module building a list out of a constant): a constant read there shows
 * where those modules' values show.
 */
function scriptModules(files: readonly string[], load: LoadSource): string[] {
  const found = new Set<string>();
  const queue = files.map(load).filter((file): file is ts.SourceFile => file !== null);
  while (queue.length > 0) {
    const file = queue.pop()!;
    for (const module of resolvedImports(file, load).modules) {
      if (/\.[jt]sx$/.test(relativeOf(module)) || found.has(relativeOf(module))) continue;
      found.add(relativeOf(module));
      queue.push(module);
    }
  }
  return [...found];
}

/** Per loader (one view of the sources): each constant's uses (by the members read), as each literal of one array asks for the same. */
const usesOfLoad = new WeakMap<LoadSource, Map<ts.VariableDeclaration, Map<string, string[]>>>();

/**
 * Every place the constant is read, its own declaration and imports left out, in file then line order. With
 * `members` (`['KEY']` of `group.KEY`), a read of another member of its object is left out; any other read of the
 * object (passed whole, destructured) is kept, since it may show that member.
 */
export function constantUses(declaration: ts.VariableDeclaration, files: readonly string[], load: LoadSource, members: readonly string[] = []): string[] {
  let known = usesOfLoad.get(load);
  if (!known) usesOfLoad.set(load, (known = new Map()));
  let byMembers = known.get(declaration);
  if (!byMembers) known.set(declaration, (byMembers = new Map()));
  const key = members.join('.');
  let uses = byMembers.get(key);
  if (!uses) byMembers.set(key, (uses = searchUses(declaration, files, load, members)));
  return uses;
}

/** Whether a read of the constant (`group`, `texts.group`) reads another member of it than `members` says. */
function readsOtherMember(read: ts.Expression, members: readonly string[]): boolean {
  let node: ts.Node = read;
  for (const member of members) {
    const parent = node.parent;
    if (!ts.isPropertyAccessExpression(parent) || parent.expression !== node) return false;
    if (parent.name.text !== member) return true;
    node = parent;
  }
  return false;
}

function searchUses(declaration: ts.VariableDeclaration, files: readonly string[], load: LoadSource, members: readonly string[]): string[] {
  const home = relativeOf(declaration.getSourceFile());
  const uses = new Set<string>();
  for (const relative of new Set([home, ...files, ...scriptModules(files, load)])) {
    const sourceFile = relative === home ? declaration.getSourceFile() : load(relative);
    if (!sourceFile) continue;
    const imported = relative === home ? { names: [(declaration.name as ts.Identifier).text], spaces: new Map<string, ts.SourceFile>() } : importedNames(sourceFile, declaration, load);
    const names = new Set(imported.names);
    if (names.size === 0 && imported.spaces.size === 0) continue;
    const isMember = (node: ts.PropertyAccessExpression) => {
      const module = ts.isIdentifier(node.expression) ? imported.spaces.get(node.expression.text) : undefined;
      const found = module ? findExport(module, node.name.text, load, 0) : null;
      return found !== null && sameNode(found.node, declaration);
    };
    const visit = (node: ts.Node): void => {
      // A closing tag (`</Heading>`) is the same use as its opening one.
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isJsxClosingElement(node)) return;
      if (ts.isIdentifier(node) && names.has(node.text) && node !== declaration.name && !isMemberName(node) && !readsOtherMember(node, members)) uses.add(placeOf(node));
      if (ts.isPropertyAccessExpression(node) && imported.spaces.size > 0 && isMember(node) && !readsOtherMember(node, members)) uses.add(placeOf(node));
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return [...uses].sort(byPlace);
}

/** `file:line` places in file then line order. */
function byPlace(a: string, b: string): number {
  const [fileA, lineA] = [a.slice(0, a.lastIndexOf(':')), Number(a.slice(a.lastIndexOf(':') + 1))];
  const [fileB, lineB] = [b.slice(0, b.lastIndexOf(':')), Number(b.slice(b.lastIndexOf(':') + 1))];
  return fileA === fileB ? lineA - lineB : fileA < fileB ? -1 : 1;
}

/** `x.NAME` or `{ NAME: … }`: a member's name, not a use of the constant. */
function isMemberName(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (ts.isPropertyAccessExpression(parent) && parent.name === node) || (ts.isPropertyAssignment(parent) && parent.name === node);
}
