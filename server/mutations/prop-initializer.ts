/**
 * What a JSX attribute's initializer is in the source: a literal the studio can show and write back as a value
 * (`label="A"`, `count={3}`, `open`, `value={null}`), or an expression that binds the prop to code
 * (`value={data ? countries.length : '—'}`), which an edit of the value would destroy. The element lookup tells the
 * editor which props are which, and `changePropValue` refuses to replace an expression unless asked to: both read
 * the initializer here, so they cannot disagree.
 */
import { ts } from 'ts-morph';

export type LiteralPropValue = string | number | boolean | null;

export type InitializerReading = { kind: 'literal'; value: LiteralPropValue } | { kind: 'expression'; text: string };

function literalOf(expression: ts.Expression): { value: LiteralPropValue } | null {
  let inner = expression;
  while (ts.isParenthesizedExpression(inner)) inner = inner.expression;
  if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return { value: inner.text };
  if (ts.isNumericLiteral(inner)) return { value: Number(inner.text) };
  if (ts.isPrefixUnaryExpression(inner) && inner.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(inner.operand)) {
    return { value: -Number(inner.operand.text) };
  }
  if (inner.kind === ts.SyntaxKind.TrueKeyword) return { value: true };
  if (inner.kind === ts.SyntaxKind.FalseKeyword) return { value: false };
  if (inner.kind === ts.SyntaxKind.NullKeyword) return { value: null };
  return null;
}

export function readInitializer(attribute: ts.JsxAttribute, sourceFile: ts.SourceFile): InitializerReading {
  const initializer = attribute.initializer;
  // `<Button disabled />` is `disabled={true}`.
  if (!initializer) return { kind: 'literal', value: true };
  if (ts.isStringLiteral(initializer)) return { kind: 'literal', value: initializer.text };
  if (ts.isJsxExpression(initializer) && initializer.expression) {
    const literal = literalOf(initializer.expression);
    if (literal) return { kind: 'literal', value: literal.value };
    return { kind: 'expression', text: initializer.expression.getText(sourceFile) };
  }
  // `{}` (an empty expression, perhaps a comment) or an element (`icon=<Leaf />`): code, not a value.
  return { kind: 'expression', text: initializer.getText(sourceFile) };
}
