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

/** A `const` a prop is bound to, and the member of its literal object the prop reads (`node`: the value read). */
export interface BoundConstant extends Declared {
  /** The members read into the constant's literal object (`texts.group.KEY`: `['KEY']`); empty: the constant itself. */
  members: string[];
}

/**
 * The `const` a prop's expression stands for: `tone={DEFAULT_TONE}`, `title={texts.DASHBOARD_TAG}` through
 * `import * as texts`, or a member of a literal object one holds (`title={texts.group.KEY}`, `title={group.KEY}`), as
 * the text lookup follows them. Null otherwise: a `let`, a function, a package's name, a member not written out.
 */
export function resolveConstant(sourceFile: ts.SourceFile, relative: string, attribute: ts.JsxAttribute, reader: SourceReader): BoundConstant | null {
  const initializer = attribute.initializer;
  const chain = initializer && ts.isJsxExpression(initializer) && initializer.expression ? memberChain(initializer.expression) : null;
  if (!chain) return null;
  const [head, ...names] = chain;
  let declared = resolveDeclaration(sourceFile, relative, head!, reader);
  if (!declared && names.length > 0) {
    const module = namespaceModule(sourceFile, relative, head!, reader);
    declared = module ? resolveExport(module.sourceFile, module.relative, names.shift()!, reader, MAX_DEPTH) : null;
  }
  const declaration = declared?.name.parent;
  if (!declared || !declaration || !ts.isVariableDeclaration(declaration) || !(declaration.parent.flags & ts.NodeFlags.Const)) return null;
  let value: ts.Node = declared.node;
  for (const name of names) {
    const member = memberOf(value, name);
    if (!member) return null;
    value = member;
  }
  return { ...declared, node: value, members: names };
}

/** `a`, `a.b.c` as names (`['a', 'b', 'c']`), or null for anything else (a call, an index, `this`). */
function memberChain(expression: ts.Expression): string[] | null {
  if (ts.isIdentifier(expression)) return [expression.text];
  if (!ts.isPropertyAccessExpression(expression) || !ts.isIdentifier(expression.name)) return null;
  const base = memberChain(expression.expression);
  return base && [...base, expression.name.text];
}

/** The value written for `name` in a literal object, or null when it is not written there for certain. */
function memberOf(value: ts.Node, name: string): ts.Expression | null {
  while (ts.isParenthesizedExpression(value) || ts.isAsExpression(value) || ts.isSatisfiesExpression(value)) value = value.expression;
  if (!ts.isObjectLiteralExpression(value)) return null;
  let found: ts.Expression | null = null;
  for (const property of value.properties) {
    // Why a spread after it refuses: it may hold the same key, and then its value is the one shown.
    if (ts.isSpreadAssignment(property)) found = null;
    const key = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : null;
    if (key === name) found = ts.isPropertyAssignment(property) ? property.initializer : null;
  }
  return found;
}

/** The project module `import * as name` brings in, or null. */
function namespaceModule(sourceFile: ts.SourceFile, relative: string, name: string, reader: SourceReader): { sourceFile: ts.SourceFile; relative: string } | null {
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || statement.importClause?.isTypeOnly) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings) && bindings.name.text === name) return resolveModule(relative, statement.moduleSpecifier.text, reader);
  }
  return null;
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
