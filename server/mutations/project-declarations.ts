/**
 * Finding what a name of the project stands for, from the syntax alone: its top-level `const` or `function` in the
 * same file, or in the project module an import brings it from (relative or through the project's path alias),
 * through re-exports. A package's name, a name a function computes, anything not written as a declaration of the
 * project, is not followed: null, never a guess.
 */
import { ts } from 'ts-morph';
import { moduleBases, projectAliases, type PathAlias } from '../engine/import-conventions.js';
import type { MutationContext } from '../engine/mutation-transform.js';

/** The project's files as syntax trees, by root-relative path (null: none, or not the project's). */
export interface SourceReader {
  source(relative: string): ts.SourceFile | null;
  readonly aliases: readonly PathAlias[];
}

/** A declaration found: a `const`'s initializer or a function declaration, with the file that writes it. */
export interface Declared {
  node: ts.Node;
  sourceFile: ts.SourceFile;
  relative: string;
  /** The identifier it is declared under, for finding its other uses. */
  name: ts.Identifier;
}

/** How far a chain of imports and re-exports is followed: real projects need two or three steps. */
const MAX_DEPTH = 8;
const EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts', '/index.jsx', '/index.js'];

/** The transform's files as a reader: JSX files already parsed, others parsed from their text. */
export function contextReader(context: Pick<MutationContext, 'file' | 'parseText'>): SourceReader {
  const parsed = new Map<string, ts.SourceFile | null>();
  return {
    aliases: projectAliases(context),
    source(relative) {
      if (!parsed.has(relative)) parsed.set(relative, parseOf(context, relative));
      return parsed.get(relative) ?? null;
    },
  };
}

function parseOf(context: Pick<MutationContext, 'file' | 'parseText'>, relative: string): ts.SourceFile | null {
  try {
    const file = context.file(relative);
    if (!file.existed) return null;
    return (file.parsed ?? context.parseText(relative, file.text)).sourceFile;
  } catch {
    // Outside the root, a folder, not UTF-8: not a module of the project this can follow.
    return null;
  }
}

export function resolveModule(fromRelative: string, specifier: string, reader: SourceReader): { sourceFile: ts.SourceFile; relative: string } | null {
  const bases = moduleBases(fromRelative, specifier, reader.aliases);
  for (const base of bases) {
    if (base.startsWith('..')) continue;
    const withoutJs = base.replace(/\.(?:js|jsx|mjs)$/, '');
    for (const candidate of [base, ...EXTENSIONS.map((extension) => withoutJs + extension)]) {
      if (!/\.[cm]?[jt]sx?$/.test(candidate)) continue;
      const sourceFile = reader.source(candidate);
      if (sourceFile) return { sourceFile, relative: candidate };
    }
  }
  return null;
}

function declarationsOf(statement: ts.Statement): Array<[ts.Identifier, ts.Node]> {
  if (ts.isFunctionDeclaration(statement)) return statement.name ? [[statement.name, statement]] : [];
  if (!ts.isVariableStatement(statement)) return [];
  return statement.declarationList.declarations.flatMap((declaration): Array<[ts.Identifier, ts.Node]> =>
    ts.isIdentifier(declaration.name) && declaration.initializer ? [[declaration.name, declaration.initializer]] : [],
  );
}

/** What a constant bound to a prop can hold for the prop's value to be written over it. */
export type ConstantLiteral = ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.NumericLiteral | ts.TrueLiteral | ts.FalseLiteral;

function isConstantLiteral(node: ts.Node): node is ConstantLiteral {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isNumericLiteral(node) || node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword;
}

/** The literal a resolved constant holds (`'green'`, `'green' as const`), or null for a computed value (`new QueryClient()`). */
export function constantLiteralOf(declared: Declared): ConstantLiteral | null {
  let value: ts.Node = declared.node;
  while (ts.isParenthesizedExpression(value) || ts.isAsExpression(value) || ts.isSatisfiesExpression(value)) value = value.expression;
  return isConstantLiteral(value) ? value : null;
}

/** The `const` a prop's `{NAME}` stands for (`tone={DEFAULT_TONE}`), or null: a `let`, a function, a package's name. */
export function resolveConstant(sourceFile: ts.SourceFile, relative: string, attribute: ts.JsxAttribute, reader: SourceReader): Declared | null {
  const initializer = attribute.initializer;
  if (!initializer || !ts.isJsxExpression(initializer) || !initializer.expression || !ts.isIdentifier(initializer.expression)) return null;
  const declared = resolveDeclaration(sourceFile, relative, initializer.expression.text, reader);
  const declaration = declared?.name.parent;
  if (!declaration || !ts.isVariableDeclaration(declaration) || !(declaration.parent.flags & ts.NodeFlags.Const)) return null;
  return declared;
}

/** What each reader has found so far: a lookup asks for the same `cn` or `Button` once per element. */
const found = new WeakMap<SourceReader, Map<string, Declared | null>>();

/** The declaration `name` stands for at the top level of `sourceFile`. */
export function resolveDeclaration(sourceFile: ts.SourceFile, relative: string, name: string, reader: SourceReader): Declared | null {
  let known = found.get(reader);
  if (!known) found.set(reader, (known = new Map()));
  const key = `${relative}\0${name}`;
  if (!known.has(key)) known.set(key, declarationIn(sourceFile, relative, name, reader, MAX_DEPTH));
  return known.get(key) ?? null;
}

function declarationIn(sourceFile: ts.SourceFile, relative: string, name: string, reader: SourceReader, depth: number): Declared | null {
  if (depth <= 0) return null;
  for (const statement of sourceFile.statements) {
    for (const [identifier, node] of declarationsOf(statement)) if (identifier.text === name) return { node, sourceFile, relative, name: identifier };
  }
  for (const statement of sourceFile.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && statement.importClause) {
      const clause = statement.importClause;
      const bindings = clause.namedBindings;
      const element = bindings && ts.isNamedImports(bindings) ? bindings.elements.find((e) => e.name.text === name) : undefined;
      const imported = clause.name?.text === name ? 'default' : element ? (element.propertyName ?? element.name).text : null;
      if (imported === null) continue;
      const module = resolveModule(relative, statement.moduleSpecifier.text, reader);
      return module ? resolveExport(module.sourceFile, module.relative, imported, reader, depth - 1) : null;
    }
  }
  return null;
}

function resolveExport(sourceFile: ts.SourceFile, relative: string, name: string, reader: SourceReader, depth: number): Declared | null {
  if (depth <= 0) return null;
  for (const statement of sourceFile.statements) {
    if (name === 'default' && ts.isExportAssignment(statement) && ts.isIdentifier(statement.expression)) {
      return declarationIn(sourceFile, relative, statement.expression.text, reader, depth - 1);
    }
    if (name === 'default' && ts.isFunctionDeclaration(statement) && statement.name && (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) {
      return { node: statement, sourceFile, relative, name: statement.name };
    }
    if (!ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : null;
    const clause = statement.exportClause;
    if (clause && ts.isNamedExports(clause)) {
      const element = clause.elements.find((e) => e.name.text === name);
      if (!element) continue;
      const local = (element.propertyName ?? element.name).text;
      if (specifier === null) return declarationIn(sourceFile, relative, local, reader, depth - 1);
      const module = resolveModule(relative, specifier, reader);
      return module ? resolveExport(module.sourceFile, module.relative, local, reader, depth - 1) : null;
    }
    if (!clause && specifier !== null) {
      const module = resolveModule(relative, specifier, reader);
      const found = module ? resolveExport(module.sourceFile, module.relative, name, reader, depth - 1) : null;
      if (found) return found;
    }
  }
  return name === 'default' ? null : declarationIn(sourceFile, relative, name, reader, depth - 1);
}
