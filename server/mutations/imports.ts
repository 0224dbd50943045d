/**
 * The names an element's source refers to, and the imports that bring them into another file. An element can
 * be carried to another file faithfully only if every outside name it uses is an import (copied along, with a
 * relative path adjusted) or a global; a name declared in its own file (a prop, a state, a helper) cannot.
 */
import path from 'node:path';
import { ts } from 'ts-morph';
import type { EditableFile } from '../engine/editable-file.js';
import { insertImports, type NewImport } from '../engine/file-conventions.js';
import { sourceOf, unwritable } from '../engine/jsx-source.js';
import type { LocatedElement } from '../engine/mutation-transform.js';
import { projectSpecifier, specifierTarget, type PathAlias } from '../engine/import-conventions.js';

const GLOBALS = new Set([
  'undefined', 'NaN', 'Infinity', 'console', 'Math', 'JSON', 'Date', 'Number', 'String', 'Boolean', 'Object', 'Array',
  'window', 'document', 'Intl', 'Promise', 'encodeURIComponent', 'decodeURIComponent', 'parseInt', 'parseFloat',
]);

function bindingNames(name: ts.BindingName, into: Set<string>): void {
  if (ts.isIdentifier(name)) into.add(name.text);
  else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bindingNames(element.name, into);
}

/** Identifiers the node uses that it does not declare itself (globals left out). */
export function freeNames(node: ts.Node): Set<string> {
  const used = new Set<string>();
  const declared = new Set<string>();
  const visit = (current: ts.Node): void => {
    if (ts.isParameter(current) || ts.isVariableDeclaration(current) || ts.isBindingElement(current)) bindingNames(current.name, declared);
    if ((ts.isFunctionDeclaration(current) || ts.isFunctionExpression(current)) && current.name) declared.add(current.name.text);
    if (ts.isIdentifier(current)) {
      const parent = current.parent;
      const isMemberName = ts.isPropertyAccessExpression(parent) && parent.name === current;
      const isKey = (ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent)) && parent.name === current;
      const isAttribute = ts.isJsxAttribute(parent) && parent.name === current;
      const isHostTag = (ts.isJsxOpeningElement(parent) || ts.isJsxSelfClosingElement(parent) || ts.isJsxClosingElement(parent)) && /^[a-z]/.test(current.text);
      if (!isMemberName && !isKey && !isAttribute && !isHostTag) used.add(current.text);
    }
    ts.forEachChild(current, visit);
  };
  visit(node);
  for (const name of declared) used.delete(name);
  for (const name of GLOBALS) used.delete(name);
  return used;
}

interface ImportedName {
  name: string;
  /** `default`, `*` or the exported name. */
  imported: string;
  specifier: string;
  typeOnly: boolean;
}

/** The file's import bindings by local name. */
export function importsOf(sourceFile: ts.SourceFile): Map<string, ImportedName> {
  const imports = new Map<string, ImportedName>();
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.importClause;
    if (!clause) continue;
    const specifier = statement.moduleSpecifier.text;
    const typeOnly = clause.isTypeOnly;
    if (clause.name) imports.set(clause.name.text, { name: clause.name.text, imported: 'default', specifier, typeOnly });
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) imports.set(bindings.name.text, { name: bindings.name.text, imported: '*', specifier, typeOnly });
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        imports.set(element.name.text, {
          name: element.name.text,
          imported: (element.propertyName ?? element.name).text,
          specifier,
          typeOnly: typeOnly || element.isTypeOnly,
        });
      }
    }
  }
  return imports;
}

/** Every name declared at the top level of the file (imports included). */
export function topLevelNames(sourceFile: ts.SourceFile): Set<string> {
  const names = new Set(importsOf(sourceFile).keys());
  for (const statement of sourceFile.statements) {
    if (ts.isVariableStatement(statement)) for (const d of statement.declarationList.declarations) bindingNames(d.name, names);
    else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name) names.add(statement.name.text);
    else if ((ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && statement.name) names.add(statement.name.text);
  }
  return names;
}

function rebase(specifier: string, fromFile: string, toFile: string): string {
  if (!specifier.startsWith('.')) return specifier;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  const relative = path.posix.relative(path.posix.dirname(toFile), target);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/**
 * Adds imports to a file the file's way (`insertImports`: joined to an import of the same module, else in its group
 * of the file's imports), skipping names it already has from the same module. Carried from the file `specifierFrom`,
 * a relative path is rebased and then written as the project writes it (through its alias where the file would).
 */
export function addImports(file: EditableFile, names: ImportedName[], specifierFrom: string | null, element: LocatedElement, aliases: readonly PathAlias[]): void {
  const sourceFile = sourceOf(file);
  const existing = importsOf(sourceFile);
  const declared = topLevelNames(sourceFile);
  const adding: NewImport[] = [];
  for (const name of names) {
    const specifier = specifierFrom === null ? name.specifier : projectSpecifier(aliases, sourceFile, file.relative, rebase(name.specifier, specifierFrom, file.relative));
    const already = existing.get(name.name);
    if (already) {
      const sameModule = specifierTarget(aliases, file.relative, already.specifier) === specifierTarget(aliases, file.relative, specifier);
      if (already.imported === name.imported && sameModule) continue;
      throw unwritable(element, `${file.relative} already imports a different "${name.name}" (from "${already.specifier}")`);
    }
    if (declared.has(name.name)) throw unwritable(element, `${file.relative} already declares its own "${name.name}"`);
    adding.push({ ...name, specifier });
  }
  insertImports(file, adding, aliases);
}

/**
 * The imports that the node's free names need when it is written into another file; a name declared in its own
 * file (not imported) makes that impossible: 422.
 */
export function importsNeededElsewhere(located: LocatedElement, node: ts.Node, sourceFile: ts.SourceFile): ImportedName[] {
  const imports = importsOf(sourceFile);
  const needed: ImportedName[] = [];
  const local: string[] = [];
  for (const name of freeNames(node)) {
    const imported = imports.get(name);
    if (imported) needed.push(imported);
    else local.push(name);
  }
  if (local.length > 0) {
    throw unwritable(located, `it uses ${local.map((n) => `"${n}"`).join(', ')}, declared in ${located.file.relative} itself, which the other file does not have`);
  }
  return needed;
}

/** The names bound where `node` stands: the file's top level, and every enclosing function's parameters and locals. */
export function namesInScopeAt(node: ts.Node, sourceFile: ts.SourceFile): Set<string> {
  const names = topLevelNames(sourceFile);
  for (let current = node.parent; current && !ts.isSourceFile(current); current = current.parent) {
    if (ts.isFunctionLike(current)) {
      for (const parameter of current.parameters) bindingNames(parameter.name, names);
      if (current.name && ts.isIdentifier(current.name)) names.add(current.name.text);
    }
    if (ts.isBlock(current)) {
      for (const statement of current.statements) {
        if (ts.isVariableStatement(statement)) for (const d of statement.declarationList.declarations) bindingNames(d.name, names);
        else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) names.add(statement.name.text);
      }
    }
  }
  return names;
}

/** How a file imports another file of the root: a relative path without the extension (nor a trailing `/index`). */
export function importSpecifierBetween(fromFile: string, toFile: string): string {
  const target = toFile.replace(/\.(?:tsx|ts|jsx|js|mjs)$/, '').replace(/\/index$/, '');
  const relative = path.posix.relative(path.posix.dirname(fromFile), target);
  return relative.startsWith('.') ? relative : `./${relative}`;
}
