/**
 * The console's own components the palette offers (`GET /_studio/api/components`): the exported PascalCase function
 * components of `src/components/**\/*.tsx`, read from the engine's parses of those files (no second parse).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import type { PaletteComponent } from '../../contracts/studio-api.js';
import { confine } from '../engine/safe-paths.js';
import type { SourceIndex } from '../engine/source-index.js';
import { containsJsx } from './contains-jsx.js';

/** Where a console keeps the components meant to be used on its pages, relative to its root. */
export const COMPONENTS_FOLDER = 'src/components';

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

/** Every `.tsx` component file under the folder, tests and stories left out (links are not followed). */
function componentFiles(root: string): string[] {
  const folder = path.join(root, ...COMPONENTS_FOLDER.split('/'));
  let dirents: fs.Dirent[];
  try {
    dirents = fs.readdirSync(folder, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return dirents
    .filter((dirent) => dirent.isFile() && dirent.name.endsWith('.tsx') && !/\.(?:test|spec|stories)\.tsx$/.test(dirent.name))
    .map((dirent) => path.join(dirent.parentPath, dirent.name))
    .filter((file) => !path.relative(folder, file).split(path.sep).some((segment) => segment.startsWith('.') || segment === 'node_modules'))
    .sort();
}

/** The palette's components of the root, sorted by name (then file). */
export function paletteComponents(index: SourceIndex): PaletteComponent[] {
  const components: PaletteComponent[] = [];
  for (const absolute of componentFiles(index.root)) {
    const relative = path.relative(index.root, absolute).split(path.sep).join('/');
    let file;
    try {
      file = index.fresh(confine(index.root, absolute, relative));
    } catch {
      // A file that cannot be confined to the root is not part of the project.
      continue;
    }
    if (file) components.push(...componentsOfSource(file.parsed.sourceFile, relative));
  }
  return components.sort((a, b) => (a.name === b.name ? a.file.localeCompare(b.file) : a.name < b.name ? -1 : 1));
}
