/**
 * The choices a component's prop type names: for `<Dialog size="xl">`, the `'sm' | 'md' | 'lg' | 'xl' | 'full'` of
 * `size?: DialogSize` in its props interface. Read from the syntax tree only, where the project declares the types
 * (no type checker: it costs seconds on a project and the editor asks on every selection): the component's
 * declaration is found in its file or through the relative import that brings it, its props type through type
 * literals, interfaces (with what they extend), intersections and aliases, in that file or one it imports. Anything
 * the syntax does not say plainly (a library's type, `Omit<…>`, a union that also admits `string`) gives no choices:
 * the inspector then edits the value as it is, never offering a guess.
 */
import { ts } from 'ts-morph';
import { findDeclaration, MAX_DEPTH, type Declaration, type LoadSource, type Located } from '../mutations/module-declarations.js';

export type { LoadSource } from '../mutations/module-declarations.js';

export type PropChoices = Record<string, Array<string | number>>;

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
