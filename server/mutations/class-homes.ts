/**
 * Where the classes a component element shows come from: `<Button variant="outline">` renders the root element of
 * `Button`'s definition, whose className (`cn(buttonVariants({ variant, size, className }))`) is read with the props
 * this use passes (`variant` is "outline", `size` is its default, `className` is the use's own). The definition is
 * followed in the same file or the project module the tag is imported from; what cannot be followed (a package's
 * component, `<Comp.Part>`, a definition that does not return one element) gives no parts: the use's own
 * className alone is then what can be edited, as before.
 */
import { ts } from 'ts-morph';
import { findAttribute } from '../engine/jsx-source.js';
import { CLASS_CALLS, expressionParts, literalPart, type PropBinding, type StaticPart } from './class-parts.js';
import { resolveDeclaration, type SourceReader } from './project-declarations.js';

/** The classes a component's definition gives one use, and whether the use's own classes override them. */
export interface DefinitionClasses {
  parts: StaticPart[];
  /** The definition's className goes through tailwind-merge (`twMerge`, a `cn` built on it): a class of the use wins. */
  merges: boolean;
  /** `src/components/ui/button.tsx:42`: the definition's root element. */
  place: string;
}

/** How deep calls and definitions are followed from one element. */
const FOLLOW_DEPTH = 4;

type FunctionLike = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression;

/** The function a component is: `function Button`, `const Button = (…) =>`, `forwardRef((…) => …)`, `memo(…)`. */
function functionOf(node: ts.Node, depth = 3): FunctionLike | null {
  if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return node;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return functionOf(node.expression, depth);
  if (ts.isCallExpression(node) && depth > 0 && node.arguments[0]) return functionOf(node.arguments[0], depth - 1);
  return null;
}

function unwrapped(expression: ts.Expression): ts.Expression {
  let inner = expression;
  while (ts.isParenthesizedExpression(inner)) inner = inner.expression;
  return inner;
}

/** The element a component renders at its root: its arrow's body, or the one `return` at the top of its block. */
function rootElement(fn: FunctionLike): ts.JsxOpeningLikeElement | null {
  const body = fn.body;
  if (!body) return null;
  let returned: ts.Expression | undefined;
  if (!ts.isBlock(body)) returned = body;
  else {
    const returns = body.statements.filter(ts.isReturnStatement);
    if (returns.length !== 1) return null;
    returned = returns[0]?.expression;
  }
  if (!returned) return null;
  const root = unwrapped(returned);
  if (ts.isJsxElement(root)) return root.openingElement;
  if (ts.isJsxSelfClosingElement(root)) return root;
  return null;
}

/** What the value written for a prop at the use is, when it is a literal. */
function attributeBinding(opening: ts.JsxOpeningLikeElement, prop: string): PropBinding | null {
  const attribute = findAttribute(opening, prop);
  if (!attribute) return null;
  const initializer = attribute.initializer;
  if (!initializer) return { kind: 'value', value: 'true' };
  if (ts.isStringLiteral(initializer)) return { kind: 'value', value: initializer.text };
  if (ts.isJsxExpression(initializer) && initializer.expression) {
    const value = unwrapped(initializer.expression);
    if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) return { kind: 'value', value: value.text };
    if (value.kind === ts.SyntaxKind.TrueKeyword || value.kind === ts.SyntaxKind.FalseKeyword) return { kind: 'value', value: value.getText() };
  }
  return { kind: 'unknown' };
}

/** The identifiers of the props the definition destructures, and what each stands for at this use. */
function propBindings(fn: FunctionLike, use: ts.JsxOpeningLikeElement): Map<string, PropBinding> {
  const bindings = new Map<string, PropBinding>();
  const pattern = fn.parameters[0]?.name;
  if (!pattern || !ts.isObjectBindingPattern(pattern)) return bindings;
  for (const element of pattern.elements) {
    if (element.dotDotDotToken || !ts.isIdentifier(element.name)) continue;
    const prop = element.propertyName && ts.isIdentifier(element.propertyName) ? element.propertyName.text : element.name.text;
    if (prop === 'className') {
      bindings.set(element.name.text, { kind: 'instance' });
      continue;
    }
    const fallback = element.initializer && ts.isStringLiteral(element.initializer) ? ({ kind: 'value', value: element.initializer.text } as const) : ({ kind: 'absent' } as const);
    bindings.set(element.name.text, attributeBinding(use, prop) ?? fallback);
  }
  return bindings;
}

/** Whether a className expression's outer call merges with tailwind-merge, directly or through the project's `cn`. */
function mergesClasses(expression: ts.Expression, sourceFile: ts.SourceFile, relative: string, reader: SourceReader): boolean {
  const call = unwrapped(expression);
  if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression)) return false;
  const name = call.expression.text;
  if (name === 'twMerge') return true;
  const declared = resolveDeclaration(sourceFile, relative, name, reader);
  const fn = declared ? functionOf(declared.node, 0) : null;
  return fn?.body !== undefined && /\btwMerge\(/.test(fn.body.getText(declared!.sourceFile));
}

/**
 * The classes `Button`'s definition gives the use `use` (written in `relative`), `instance` being the use's own
 * className parts; null when the definition cannot be followed.
 */
export function definitionClasses(use: ts.JsxOpeningLikeElement, relative: string, sourceFile: ts.SourceFile, instance: StaticPart[], reader: SourceReader): DefinitionClasses | null {
  if (!ts.isIdentifier(use.tagName) || !/^[A-Z]/.test(use.tagName.text)) return null;
  const declared = resolveDeclaration(sourceFile, relative, use.tagName.text, reader);
  const fn = declared ? functionOf(declared.node) : null;
  const root = fn ? rootElement(fn) : null;
  if (!declared || !fn || !root) return null;
  const definitionFile = declared.sourceFile;
  const place = `${declared.relative}:${definitionFile.getLineAndCharacterOfPosition(root.getStart(definitionFile)).line + 1}`;
  const attribute = findAttribute(root, 'className');
  if (!attribute?.initializer) return { parts: instance, merges: false, place };
  let usedInstance = false;
  const scope = {
    sourceFile: definitionFile,
    relative: declared.relative,
    shared: true,
    home: `className of ${use.tagName.text}`,
    following: {
      reader,
      bindings: propBindings(fn, use),
      instance: () => {
        usedInstance = true;
        return instance;
      },
      depth: FOLLOW_DEPTH,
    },
  };
  const initializer = attribute.initializer;
  let parts: StaticPart[];
  let merges = false;
  if (ts.isStringLiteral(initializer)) parts = [literalPart(initializer, scope, true, true)];
  else if (ts.isJsxExpression(initializer) && initializer.expression) {
    parts = expressionParts(unwrapped(initializer.expression), scope, true);
    merges = mergesClasses(initializer.expression, definitionFile, declared.relative, reader);
  } else parts = [];
  return { parts: usedInstance ? parts : [...parts, ...instance], merges, place };
}

/** Whether a call names a class-list function the parts reader understands without following it. */
export function isClassCall(expression: ts.Expression): boolean {
  return ts.isCallExpression(expression) && ts.isIdentifier(expression.expression) && CLASS_CALLS.has(expression.expression.text);
}
