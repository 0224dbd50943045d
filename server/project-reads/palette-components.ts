/**
 * The components the palette offers (`GET /_studio/api/components`): the project's exported PascalCase function
 * components and the library components it renders, read from the engine's parses of its files (no second parse).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import type { PaletteComponent } from '../../contracts/studio-api.js';
import { libraryComponentsOfSource, manifestPackages } from '../mutations/library-components.js';
import type { SourceIndex } from '../engine/source-index.js';
import { containsJsx } from './contains-jsx.js';

const PASCAL_CASE = /^[A-Z][A-Za-z0-9]*$/;
/** Wrappers that still make a function component (`forwardRef(function Field() {…})`, `memo(() => …)`). */
const COMPONENT_WRAPPERS = new Set(['forwardRef', 'memo']);

function isFunctionNode(node: ts.Node): node is ts.ArrowFunction | ts.FunctionExpression {
  return ts.isArrowFunction(node) || ts.isFunctionExpression(node);
}

/** An initializer that makes a function component: a function rendering JSX, bare or in forwardRef/memo. */
function isComponentInitializer(node: ts.Expression | undefined): boolean {
  if (!node) return false;
  if (isFunctionNode(node)) return containsJsx(node);
  if (!ts.isCallExpression(node)) return false;
  const callee = node.expression;
  const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
  const [first] = node.arguments;
  return COMPONENT_WRAPPERS.has(name) && first !== undefined && (isFunctionNode(first) ? containsJsx(first) : isComponentInitializer(first));
}

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node)?.some((modifier) => modifier.kind === kind) ?? false);
}

/** The components a module exports, by the name an import uses (a default export by its declared name). */
export function componentsOfSource(sourceFile: ts.SourceFile, relative: string): PaletteComponent[] {
  const local = new Set<string>();
  const exported = new Map<string, boolean>();
  const add = (name: string, isDefaultExport: boolean) => {
    if (!PASCAL_CASE.test(name)) return;
    // Exported both ways: the named import is the one that survives a rename of the default.
    if (exported.get(name) === false) return;
    exported.set(name, isDefaultExport);
  };
  for (const statement of sourceFile.statements) {
    const isExported = hasModifier(statement, ts.SyntaxKind.ExportKeyword);
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body && containsJsx(statement.body)) {
      local.add(statement.name.text);
      if (isExported) add(statement.name.text, hasModifier(statement, ts.SyntaxKind.DefaultKeyword));
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || !isComponentInitializer(declaration.initializer)) continue;
        local.add(declaration.name.text);
        if (isExported) add(declaration.name.text, false);
      }
    }
  }
  // Exports written apart from the declarations: `export { Card, Card as Tile }`, `export default Card`.
  for (const statement of sourceFile.statements) {
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && !statement.isTypeOnly && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) {
        const localName = (element.propertyName ?? element.name).getText(sourceFile);
        if (element.isTypeOnly || !local.has(localName)) continue;
        const name = element.name.getText(sourceFile);
        if (name === 'default') add(localName, true);
        else add(name, false);
      }
    } else if (ts.isExportAssignment(statement) && !statement.isExportEquals && ts.isIdentifier(statement.expression) && local.has(statement.expression.text)) {
      add(statement.expression.text, true);
    }
  }
  return [...exported].map(([name, isDefaultExport]) => ({ name, file: relative, isDefaultExport }));
}

/** Tests, stories and declaration files hold no component meant for a page. */
const NOT_PAGE_CODE = /\.(?:test|spec|stories|story)\.[jt]sx$/;

/**
 * The palette's components of the root, sorted by name (then file): the project's own, exported from any of its JSX
 * files (`.tsx` or `.jsx`, in `src/components/` or not; tests and stories left out), then the library components
 * its files render, once per name and module.
 */
export function paletteComponents(index: SourceIndex): PaletteComponent[] {
  const own: PaletteComponent[] = [];
  const library = new Map<string, PaletteComponent>();
  const packages = projectPackages(index.root);
  // Every file up to date: a component file made since the last look is listed.
  index.rescan();
  for (const file of index.cachedFiles().sort((a, b) => a.relative.localeCompare(b.relative))) {
    const relative = file.relative;
    if (NOT_PAGE_CODE.test(relative)) continue;
    own.push(...componentsOfSource(file.parsed.sourceFile, relative));
    for (const component of libraryComponentsOfSource(file.parsed.sourceFile, relative, packages)) {
      const key = `${component.name}\0${component.package}`;
      if (!library.has(key)) library.set(key, component);
    }
  }
  const byName = (a: PaletteComponent, b: PaletteComponent) => (a.name === b.name ? (a.package ?? a.file).localeCompare(b.package ?? b.file) : a.name < b.name ? -1 : 1);
  return [...own.sort(byName), ...[...library.values()].sort(byName)];
}

/** The packages the project's `package.json` names (none when it has none). */
function projectPackages(root: string): Set<string> {
  try {
    return manifestPackages(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  } catch {
    return new Set();
  }
}
