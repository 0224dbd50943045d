/**
 * The choices a component's prop type names: for `<Dialog size="xl">`, the `'sm' | 'md' | 'lg' | 'xl' | 'full'` of
 * `size?: DialogSize` in its props interface. Read from the syntax tree only, where the project declares the types
 * (no type checker: it costs seconds on a project and the editor asks on every selection): the component's
 * declaration is found in its file or through the relative import that brings it, its props type through type
 * literals, interfaces (with what they extend), intersections and aliases, in that file or one it imports. Anything
 * the syntax does not say plainly (a library's type, `Omit<…>`, a union that also admits `string`) gives no choices:
 * the inspector then edits the value as it is, never offering a guess.
 */
import path from 'node:path';
import { ts } from 'ts-morph';

/** A source file of the project by its root-relative path, or null when there is none. */
export type LoadSource = (relative: string) => ts.SourceFile | null;

export type PropChoices = Record<string, Array<string | number>>;

/** How far a chain of imports, re-exports and aliases is followed: real projects need two or three steps. */
const MAX_DEPTH = 8;
const EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts', '/index.jsx', '/index.js'];

interface Located<T> {
  node: T;
  file: ts.SourceFile;
}

function relativeOf(file: ts.SourceFile): string {
  return file.fileName.replace(/^\/+/, '');
}

function resolveModule(from: ts.SourceFile, specifier: string, load: LoadSource): ts.SourceFile | null {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null; // a package: not the project's own
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(relativeOf(from)), specifier));
  if (base.startsWith('..')) return null;
  const withoutJs = base.replace(/\.(?:js|jsx|mjs)$/, '');
  for (const candidate of [base, ...EXTENSIONS.map((extension) => withoutJs + extension)]) {
    if (!/\.[cm]?[jt]sx?$/.test(candidate)) continue;
    const loaded = load(candidate);
    if (loaded) return loaded;
  }
  return null;
}

function hasExportModifier(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
}

type Declaration = ts.FunctionDeclaration | ts.VariableDeclaration | ts.InterfaceDeclaration | ts.TypeAliasDeclaration;

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
function findDeclaration(file: ts.SourceFile, name: string, load: LoadSource, depth: number): Located<Declaration> | null {
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
function findExport(file: ts.SourceFile, name: string, load: LoadSource, depth: number): Located<Declaration> | null {
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

/** `memo(…)`, `forwardRef(…)` and the like wrap the component: its function is their first argument. */
function unwrapComponent(expression: ts.Expression): { fn: ts.SignatureDeclaration | null; typeArgument: ts.TypeNode | null } {
  let current = expression;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current)) current = current.expression;
  if (ts.isArrowFunction(current) || ts.isFunctionExpression(current)) return { fn: current, typeArgument: null };
  if (ts.isCallExpression(current) && current.arguments[0]) {
    const inner = unwrapComponent(current.arguments[0]);
    // `forwardRef<Ref, Props>(…)` names the props as its second type argument.
    const typeArgument = current.typeArguments?.length === 2 ? current.typeArguments[1]! : null;
    return { fn: inner.fn, typeArgument: inner.typeArgument ?? typeArgument };
  }
  return { fn: null, typeArgument: null };
}

/** The type node of a component's props: its first parameter's annotation, or `FC<Props>`'s type argument. */
function propsTypeOf(declaration: Declaration): ts.TypeNode | null {
  if (ts.isFunctionDeclaration(declaration)) return declaration.parameters[0]?.type ?? null;
  if (!ts.isVariableDeclaration(declaration)) return null;
  if (declaration.initializer) {
    const { fn, typeArgument } = unwrapComponent(declaration.initializer);
    const annotated = fn?.parameters[0]?.type ?? typeArgument;
    if (annotated) return annotated;
  }
  const declared = declaration.type;
  if (declared && ts.isTypeReferenceNode(declared) && declared.typeArguments?.length === 1) return declared.typeArguments[0]!;
  return null;
}

function typeNameOf(reference: ts.TypeReferenceNode): string | null {
  return ts.isIdentifier(reference.typeName) ? reference.typeName.text : null;
}

/** The property signatures a props type lists, each with the file its type is written in. */
function membersOf(type: ts.TypeNode, file: ts.SourceFile, load: LoadSource, depth: number, into: Map<string, Located<ts.TypeNode>>): void {
  if (depth > MAX_DEPTH) return;
  if (ts.isParenthesizedTypeNode(type)) return membersOf(type.type, file, load, depth, into);
  if (ts.isIntersectionTypeNode(type)) {
    for (const part of type.types) membersOf(part, file, load, depth, into);
    return;
  }
  if (ts.isTypeLiteralNode(type)) return addMembers(type.members, file, into);
  if (ts.isTypeReferenceNode(type) && !type.typeArguments) {
    const name = typeNameOf(type);
    const found = name ? findDeclaration(file, name, load, depth + 1) : null;
    if (!found) return;
    if (ts.isTypeAliasDeclaration(found.node)) return membersOf(found.node.type, found.file, load, depth + 1, into);
    if (ts.isInterfaceDeclaration(found.node)) {
      for (const clause of found.node.heritageClauses ?? []) {
        for (const base of clause.types) {
          if (ts.isIdentifier(base.expression) && !base.typeArguments) {
            membersOf(ts.factory.createTypeReferenceNode(base.expression.text), found.file, load, depth + 1, into);
          }
        }
      }
      addMembers(found.node.members, found.file, into);
    }
  }
}

function addMembers(members: ts.NodeArray<ts.TypeElement>, file: ts.SourceFile, into: Map<string, Located<ts.TypeNode>>): void {
  for (const member of members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const name = ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) ? member.name.text : null;
    if (name) into.set(name, { node: member.type, file });
  }
}

/** The literals of a union of string and number literal types (`undefined` and `null` aside), or null. */
function literalsOf(type: ts.TypeNode, file: ts.SourceFile, load: LoadSource, depth: number): Array<string | number> | null {
  if (depth > MAX_DEPTH) return null;
  if (ts.isParenthesizedTypeNode(type)) return literalsOf(type.type, file, load, depth);
  if (ts.isUnionTypeNode(type)) {
    const all: Array<string | number> = [];
    for (const member of type.types) {
      const part = literalsOf(member, file, load, depth);
      if (!part) return null;
      all.push(...part);
    }
    return all;
  }
  if (type.kind === ts.SyntaxKind.UndefinedKeyword) return [];
  if (ts.isLiteralTypeNode(type)) {
    const literal = type.literal;
    if (literal.kind === ts.SyntaxKind.NullKeyword) return [];
    if (ts.isStringLiteral(literal)) return [literal.text];
    if (ts.isNumericLiteral(literal)) return [Number(literal.text)];
    if (ts.isPrefixUnaryExpression(literal) && literal.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(literal.operand)) {
      return [-Number(literal.operand.text)];
    }
    return null;
  }
  if (ts.isTypeReferenceNode(type) && !type.typeArguments) {
    const name = typeNameOf(type);
    const found = name ? findDeclaration(file, name, load, depth + 1) : null;
    if (found && ts.isTypeAliasDeclaration(found.node) && !found.node.typeParameters) return literalsOf(found.node.type, found.file, load, depth + 1);
  }
  return null;
}

/**
 * The props of the component `tagName` (as written in `file`) whose declared type is a union of at least two string
 * or number literals, with those literals in the order written, once each. Empty when the component or its props
 * type cannot be read from the project's own source.
 */
export function propChoicesOf(tagName: string, file: ts.SourceFile, load: LoadSource): PropChoices {
  if (!/^[A-Z][\w$]*$/.test(tagName)) return {};
  const component = findDeclaration(file, tagName, load, 0);
  if (!component || ts.isInterfaceDeclaration(component.node) || ts.isTypeAliasDeclaration(component.node)) return {};
  const propsType = propsTypeOf(component.node);
  if (!propsType) return {};
  const members = new Map<string, Located<ts.TypeNode>>();
  membersOf(propsType, component.file, load, 0, members);
  const choices: PropChoices = {};
  for (const [name, member] of members) {
    const literals = literalsOf(member.node, member.file, load, 0);
    const distinct = literals ? [...new Set(literals)] : [];
    if (distinct.length >= 2) choices[name] = distinct;
  }
  return choices;
}
