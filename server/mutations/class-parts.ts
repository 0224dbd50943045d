/**
 * The stretches of literal class text a className is made of, wherever they are written: the element's own
 * attribute, the arguments of a `cn()`/`clsx()`-style call (conditions and object keys included), and, when the
 * project's code is followed (`ClassFollowing`), the base and variants of a `cva()` definition and the component that
 * passes its `className` on. Each part knows its file, its line, whether every use shares it and whether its
 * classes always apply, so a change edits exactly the literal that produces a class, and the lookup can name it.
 */
import { ts } from 'ts-morph';
import { resolveDeclaration, type SourceReader } from './project-declarations.js';

/** What a prop of a component stands for at one use: the literal written there, nothing written, its className, or code. */
export type PropBinding = { kind: 'value'; value: string } | { kind: 'absent' } | { kind: 'instance' } | { kind: 'unknown' };

/** Calls whose string arguments are class lists. */
export const CLASS_CALLS = new Set(['cn', 'clsx', 'classNames', 'classnames', 'cx', 'twMerge', 'twJoin']);

/** A stretch of literal class text: [start, end) of its file's text between its delimiters. */
export interface StaticPart {
  start: number;
  end: number;
  text: string;
  /** No substitution glued to its start / end (so a first / last token is a whole class). */
  openStart: boolean;
  openEnd: boolean;
  /** Characters a class may not contain to be written into this part. */
  forbidden: RegExp;
  /** An unconditional piece: classes here always apply. */
  unconditional: boolean;
  /** Root-relative file the part is written in, and its 1-based line. */
  relative: string;
  line: number;
  /** Written in a definition every use shares (a component's className, a cva base or variant), not the element's own. */
  shared: boolean;
  /** What the literal is, as the lookup and the refusals name it: `className`, `cva base`, `cva variant size="sm"`. */
  home: string;
}

/** Where parts are being read: the file, and how they are named and shared. */
export interface PartScope {
  sourceFile: ts.SourceFile;
  relative: string;
  shared: boolean;
  home: string;
  /** Follows identifiers and calls into the project's code; absent, only what is written in place is read. */
  following?: ClassFollowing;
}

export interface ClassFollowing {
  reader: SourceReader;
  /** What the identifiers of a component's props stand for at the use being read (`variant` → "outline"). */
  bindings?: ReadonlyMap<string, PropBinding>;
  /** The use's own className, for a definition that passes `className` on. */
  instance?: () => StaticPart[];
  /** Nesting left, so a chain of definitions cannot loop. */
  depth: number;
}

function partAt(scope: PartScope, start: number, end: number, fields: Pick<StaticPart, 'openStart' | 'openEnd' | 'forbidden' | 'unconditional'>): StaticPart {
  const { sourceFile } = scope;
  const line = sourceFile.getLineAndCharacterOfPosition(start).line + 1;
  return { start, end, text: sourceFile.text.slice(start, end), ...fields, relative: scope.relative, line, shared: scope.shared, home: scope.home };
}

/** A string's text between its quotes; a JSX attribute string (`jsxAttribute`) has no escapes, only its quote ends it. */
export function literalPart(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral, scope: PartScope, unconditional: boolean, jsxAttribute = false): StaticPart {
  const { sourceFile } = scope;
  const start = node.getStart(sourceFile) + 1;
  const quote = sourceFile.text[start - 1] ?? '"';
  const forbidden = quote === '`' ? /[`\\]|\$\{/ : jsxAttribute ? new RegExp(quote) : new RegExp(`[${quote}\\\\]`);
  return partAt(scope, start, node.end - 1, { openStart: true, openEnd: true, forbidden, unconditional });
}

export function templateParts(node: ts.TemplateExpression, scope: PartScope, unconditional: boolean): StaticPart[] {
  const { sourceFile } = scope;
  const forbidden = /[`\\]|\$\{/;
  const parts = [partAt(scope, node.head.getStart(sourceFile) + 1, node.head.end - 2, { openStart: true, openEnd: false, forbidden, unconditional })];
  node.templateSpans.forEach((span, i) => {
    const last = i === node.templateSpans.length - 1;
    parts.push(partAt(scope, span.literal.getStart(sourceFile) + 1, span.literal.end - (last ? 1 : 2), { openStart: false, openEnd: last, forbidden, unconditional }));
    // Classes a substitution adds (`${active ? 'ring-2' : ''}`, nested templates too) are there, under a condition.
    parts.push(...expressionParts(span.expression, scope, false));
  });
  return parts;
}

/** `{ 'ring-2': active }`: each quoted key is a class list, applied when its value is true. */
function objectParts(node: ts.ObjectLiteralExpression, scope: PartScope, unconditional: boolean): StaticPart[] {
  return node.properties.flatMap((property) => {
    if (!ts.isPropertyAssignment(property)) return [];
    if (!ts.isStringLiteral(property.name) && !ts.isNoSubstitutionTemplateLiteral(property.name)) return [];
    const always = unconditional && property.initializer.kind === ts.SyntaxKind.TrueKeyword;
    return [literalPart(property.name, scope, always)];
  });
}

/** Static parts of an expression that yields classes; conditional pieces (`cond && 'x'`, `a ? 'x' : 'y'`) are marked so. */
export function expressionParts(expression: ts.Expression, scope: PartScope, unconditional: boolean): StaticPart[] {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return [literalPart(expression, scope, unconditional)];
  if (ts.isTemplateExpression(expression)) return templateParts(expression, scope, unconditional);
  if (ts.isBinaryExpression(expression)) return expressionParts(expression.right, scope, false);
  if (ts.isConditionalExpression(expression)) {
    return [...expressionParts(expression.whenTrue, scope, false), ...expressionParts(expression.whenFalse, scope, false)];
  }
  if (ts.isArrayLiteralExpression(expression)) return expression.elements.flatMap((e) => expressionParts(e, scope, unconditional));
  if (ts.isParenthesizedExpression(expression)) return expressionParts(expression.expression, scope, unconditional);
  if (ts.isObjectLiteralExpression(expression)) return objectParts(expression, scope, unconditional);
  const following = scope.following;
  if (!following || following.depth <= 0) return [];
  if (ts.isIdentifier(expression)) {
    const binding = following.bindings?.get(expression.text);
    return binding?.kind === 'instance' && following.instance ? following.instance().map((p) => ({ ...p, unconditional: p.unconditional && unconditional })) : [];
  }
  if (ts.isCallExpression(expression)) return callParts(expression, scope, unconditional);
  return [];
}

/** The parts of a call: a class call's arguments, or a `cva()` function's base and the variants this call selects. */
export function callParts(call: ts.CallExpression, scope: PartScope, unconditional: boolean): StaticPart[] {
  if (!ts.isIdentifier(call.expression)) return [];
  if (CLASS_CALLS.has(call.expression.text)) return call.arguments.flatMap((argument) => expressionParts(argument, scope, unconditional));
  const following = scope.following;
  if (!following) return [];
  const declared = resolveDeclaration(scope.sourceFile, scope.relative, call.expression.text, following.reader);
  if (!declared) return [];
  const initializer = declared.node;
  if (ts.isCallExpression(initializer) && ts.isIdentifier(initializer.expression) && initializer.expression.text === 'cva') {
    const definition: PartScope = { sourceFile: declared.sourceFile, relative: declared.relative, shared: true, home: 'cva base', following: { ...following, depth: following.depth - 1 } };
    return cvaParts(call, initializer, scope, definition, unconditional);
  }
  // A project's own `cn` (clsx and tailwind-merge): its arguments are class lists like those of the calls it wraps.
  if (isClassFunction(initializer)) return call.arguments.flatMap((argument) => expressionParts(argument, scope, unconditional));
  return [];
}

/** A function whose body hands its arguments to a class call (`cn(...inputs) { return twMerge(clsx(inputs)) }`). */
function isClassFunction(node: ts.Node): boolean {
  if (!ts.isFunctionDeclaration(node) && !ts.isArrowFunction(node) && !ts.isFunctionExpression(node)) return false;
  const text = node.body?.getText() ?? '';
  return /\b(?:twMerge|clsx|classNames|classnames|cx|twJoin)\(/.test(text);
}

function propertyNamed(object: ts.ObjectLiteralExpression, name: string): ts.ObjectLiteralElementLike | undefined {
  return object.properties.find((property) => property.name !== undefined && keyText(property.name) === name);
}

function keyText(name: ts.PropertyName): string | null {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  return null;
}

function objectArgument(node: ts.Node | undefined): ts.ObjectLiteralExpression | null {
  let inner = node;
  while (inner && ts.isParenthesizedExpression(inner)) inner = inner.expression;
  return inner && ts.isObjectLiteralExpression(inner) ? inner : null;
}

/** The literal value a variant gets here: `variant: 'outline'`, a prop of the use, or nothing said (null: its default). */
function selectedValue(selection: ts.ObjectLiteralExpression | null, group: string, scope: PartScope): { value: string | null } | 'unknown' {
  const property = selection ? propertyNamed(selection, group) : undefined;
  if (!property) return { value: null };
  if (ts.isShorthandPropertyAssignment(property)) return bindingValue(property.name.text, scope);
  if (!ts.isPropertyAssignment(property)) return 'unknown';
  const value = property.initializer;
  if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) return { value: value.text };
  if (value.kind === ts.SyntaxKind.TrueKeyword || value.kind === ts.SyntaxKind.FalseKeyword) return { value: value.getText(scope.sourceFile) };
  if (ts.isIdentifier(value)) return bindingValue(value.text, scope);
  return 'unknown';
}

function bindingValue(name: string, scope: PartScope): { value: string | null } | 'unknown' {
  const binding = scope.following?.bindings?.get(name);
  if (binding?.kind === 'value') return { value: binding.value };
  if (binding?.kind === 'absent') return { value: null };
  return 'unknown';
}

function cvaParts(call: ts.CallExpression, cva: ts.CallExpression, scope: PartScope, definition: PartScope, unconditional: boolean): StaticPart[] {
  const [base, configNode] = cva.arguments;
  const parts = base ? expressionParts(base, definition, unconditional) : [];
  const config = objectArgument(configNode);
  const selection = objectArgument(call.arguments[0]);
  const variantsProperty = config ? propertyNamed(config, 'variants') : undefined;
  const variants = variantsProperty && ts.isPropertyAssignment(variantsProperty) ? objectArgument(variantsProperty.initializer) : null;
  const defaultsProperty = config ? propertyNamed(config, 'defaultVariants') : undefined;
  const defaults = defaultsProperty && ts.isPropertyAssignment(defaultsProperty) ? objectArgument(defaultsProperty.initializer) : null;
  for (const group of variants?.properties ?? []) {
    const name = group.name ? keyText(group.name) : null;
    const options = ts.isPropertyAssignment(group) ? objectArgument(group.initializer) : null;
    if (name === null || !options) continue;
    let selected = selectedValue(selection, name, scope);
    if (selected !== 'unknown' && selected.value === null) selected = selectedValue(defaults, name, definition);
    for (const option of options.properties) {
      const value = option.name ? keyText(option.name) : null;
      if (value === null || !ts.isPropertyAssignment(option)) continue;
      const applies = selected !== 'unknown' && selected.value === value;
      if (selected !== 'unknown' && !applies) continue;
      parts.push(...expressionParts(option.initializer, { ...definition, home: `cva variant ${name}="${value}"` }, unconditional && applies));
    }
  }
  const compound = config ? propertyNamed(config, 'compoundVariants') : undefined;
  if (compound && ts.isPropertyAssignment(compound)) parts.push(...expressionParts(compound.initializer, { ...definition, home: 'cva compound variant' }, false));
  // `buttonVariants({ variant, className })`: cva appends the use's own classes last.
  const own = selection ? (propertyNamed(selection, 'className') ?? propertyNamed(selection, 'class')) : undefined;
  if (own && ts.isShorthandPropertyAssignment(own)) parts.push(...expressionParts(own.name, scope, unconditional));
  else if (own && ts.isPropertyAssignment(own)) parts.push(...expressionParts(own.initializer, scope, unconditional));
  return parts;
}
