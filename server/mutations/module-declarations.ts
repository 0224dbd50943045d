/**
 * Declarations of the project's modules read from the syntax tree: what a name of a file is (a top-level
 * declaration, or what an import or re-export brings under it), following relative imports and re-exports through
 * the project's own files. Used by the reads that follow a name to where it is written (prop choices, text homes).
 */
import { ts } from 'ts-morph';
import { moduleBases, type PathAlias } from '../engine/import-conventions.js';

/**
 * A source file of the project by its root-relative path, or null when there is none; with the project's path
 * aliases (`@/*` of its tsconfig), imports through them are followed too.
 */
export type LoadSource = ((relative: string) => ts.SourceFile | null) & { aliases?: readonly PathAlias[] };

/** How far a chain of imports, re-exports and aliases is followed: real projects need two or three steps. */
export const MAX_DEPTH = 8;
const EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts', '/index.jsx', '/index.js'];

export interface Located<T> {
  node: T;
  file: ts.SourceFile;
}

function relativeOf(file: ts.SourceFile): string {
  return file.fileName.replace(/^\/+/, '');
}

export function resolveModule(from: ts.SourceFile, specifier: string, load: LoadSource): ts.SourceFile | null {
  // A package (no relative path, no alias of the project) is not the project's own.
  for (const base of moduleBases(relativeOf(from), specifier, load.aliases ?? [])) {
    if (base.startsWith('..')) continue;
    const withoutJs = base.replace(/\.(?:js|jsx|mjs)$/, '');
    for (const candidate of [base, ...EXTENSIONS.map((extension) => withoutJs + extension)]) {
      if (!/\.[cm]?[jt]sx?$/.test(candidate)) continue;
      const loaded = load(candidate);
      if (loaded) return loaded;
    }
  }
  return null;
}

function hasExportModifier(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
}

export type Declaration = ts.FunctionDeclaration | ts.VariableDeclaration | ts.InterfaceDeclaration | ts.TypeAliasDeclaration;

function declarationName(statement: ts.Statement): Array<[string, Declaration]> {
  if (ts.isFunctionDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) {
    return statement.name ? [[statement.name.text, statement]] : [];
  }
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((declaration): Array<[string, Declaration]> =>
      ts.isIdentifier(declaration.name) ? [[declaration.name.text, declaration]] : [],
    );
  }
  return [];
}

/** A top-level declaration of this name in the file, or what an import or re-export of the file brings under it. */
export function findDeclaration(file: ts.SourceFile, name: string, load: LoadSource, depth: number): Located<Declaration> | null {
  if (depth > MAX_DEPTH) return null;
  for (const statement of file.statements) {
    for (const [declared, node] of declarationName(statement)) if (declared === name) return { node, file };
  }
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.importClause;
    if (!clause) continue;
    const target = () => resolveModule(file, (statement.moduleSpecifier as ts.StringLiteral).text, load);
    if (clause.name?.text === name) {
      const module = target();
      return module ? findExport(module, 'default', load, depth + 1) : null;
    }
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      const element = bindings.elements.find((candidate) => candidate.name.text === name);
      if (element) {
        const module = target();
        return module ? findExport(module, (element.propertyName ?? element.name).text, load, depth + 1) : null;
      }
    }
  }
  return null;
}

/** What a module exports under this name (`default` too), following `export { … } from` and `export *`. */
export function findExport(file: ts.SourceFile, name: string, load: LoadSource, depth: number): Located<Declaration> | null {
  if (depth > MAX_DEPTH) return null;
  for (const statement of file.statements) {
    if (name !== 'default') {
      for (const [declared, node] of declarationName(statement)) if (declared === name && hasExportModifier(statement)) return { node, file };
    } else if (ts.isFunctionDeclaration(statement) && hasExportModifier(statement) && statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) {
      return { node: statement, file };
    } else if (ts.isExportAssignment(statement) && !statement.isExportEquals && ts.isIdentifier(statement.expression)) {
      return findDeclaration(file, statement.expression.text, load, depth + 1);
    }
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      const clause = statement.exportClause;
      const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : null;
      if (clause && ts.isNamedExports(clause)) {
        const element = clause.elements.find((candidate) => candidate.name.text === name);
        if (!element) continue;
        const local = (element.propertyName ?? element.name).text;
        if (!from) return findDeclaration(file, local, load, depth + 1);
        const module = resolveModule(file, from, load);
        return module ? findExport(module, local, load, depth + 1) : null;
      }
      if (!clause && from && name !== 'default') {
        const module = resolveModule(file, from, load);
        const found = module ? findExport(module, name, load, depth + 1) : null;
        if (found) return found;
      }
    }
  }
  return null;
}

