/**
 * Where a constant of the project is used: in the file that declares it and in every JSX file of the project that
 * imports it (under whatever name, through re-exports), as `file:line`. A write to the constant's literal shows at
 * each of them, so the editor names them before the write ("also shown at …").
 */
import { ts } from 'ts-morph';
import { findDeclaration, type LoadSource } from '../mutations/module-declarations.js';
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

/** The names a file imports the declaration under. */
function importedNames(sourceFile: ts.SourceFile, declaration: ts.VariableDeclaration, load: LoadSource): string[] {
  const names: string[] = [];
  for (const statement of sourceFile.statements) {
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      const found = findDeclaration(sourceFile, element.name.text, load, 0);
      if (found && sameNode(found.node, declaration)) names.push(element.name.text);
    }
  }
  return names;
}

/** Every place the constant is read, its own declaration and imports left out, in file then line order. */
export function constantUses(declaration: ts.VariableDeclaration, files: readonly string[], load: LoadSource): string[] {
  const home = relativeOf(declaration.getSourceFile());
  const uses = new Set<string>();
  for (const relative of new Set([home, ...files])) {
    const sourceFile = relative === home ? declaration.getSourceFile() : load(relative);
    if (!sourceFile) continue;
    const names = new Set(relative === home ? [(declaration.name as ts.Identifier).text] : importedNames(sourceFile, declaration, load));
    if (names.size === 0) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
      if (ts.isIdentifier(node) && names.has(node.text) && node !== declaration.name && !isMemberName(node)) uses.add(placeOf(node));
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return [...uses];
}

/** `x.NAME` or `{ NAME: … }`: a member's name, not a use of the constant. */
function isMemberName(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (ts.isPropertyAccessExpression(parent) && parent.name === node) || (ts.isPropertyAssignment(parent) && parent.name === node);
}
