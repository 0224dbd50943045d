/**
 * Writes new words into a literal of the source where they are written (a text home, text-home.ts), escaped for
 * the kind of literal it is, and reads the result back: what is written must say exactly the new words.
 */
import { ts } from 'ts-morph';
import type { EditableFile } from '../engine/editable-file.js';
import { quoteString } from '../engine/file-conventions.js';
import type { TextHome } from './text-home.js';

/**
 * Characters JSX text cannot hold literally (or UTF-8 cannot: a lone surrogate), and control characters, written
 * as entities so the text stays static and exact.
 */
export function encodeJsxText(text: string): string {
  return text.replace(/[&{}<>]|(?!\t)\p{Cc}|[\uD800-\uDFFF]/gu, (c) => `&#${c.charCodeAt(0)};`);
}

/** A template literal's text part: what could end it or open a `${…}` escaped. */
function templatePart(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/`/g, '\\`')
    .replace(/\$\{/g, '\\${')
    .replace(/\r/g, '\\r')
    .replace(/[\p{Cc}\u2028\u2029]|[\uD800-\uDFFF]/gu, (c) => (c === '\n' || c === '\t' ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** What the written literal says, read back through the parser. */
function readBack(home: TextHome, written: string, quote: string): string | null {
  const source =
    home.form === 'template' ? `\`${written}\`` : home.form === 'attribute' ? `<a b=${written.startsWith('{') ? written : quote + written + quote} />` : quote + written + quote;
  const file = ts.createSourceFile('/check.tsx', `(${source});`, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const statement = file.statements[0];
  if (!statement || !ts.isExpressionStatement(statement) || file.statements.length !== 1) return null;
  let node: ts.Expression = statement.expression;
  while (ts.isParenthesizedExpression(node)) node = node.expression;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isJsxSelfClosingElement(node)) {
    const attribute = node.attributes.properties[0];
    const initializer = attribute && ts.isJsxAttribute(attribute) ? attribute.initializer : undefined;
    if (initializer && ts.isStringLiteral(initializer)) return initializer.text;
    const inner = initializer && ts.isJsxExpression(initializer) ? initializer.expression : undefined;
    return inner && ts.isStringLiteral(inner) ? inner.text : null;
  }
  return null;
}

/** Records the edit that makes the literal at `home` say `value`; `refuse` makes the error of what cannot be. */
export function writeTextHome(file: EditableFile, home: TextHome, value: string, refuse: (why: string) => Error): void {
  const quote = file.text[home.start - 1] ?? '"';
  let start = home.start;
  let end = home.end;
  let written: string;
  if (home.form === 'jsx-text') {
    if (/[\r\n]/.test(value)) throw refuse('JSX text cannot hold a line break (it would show as a space)');
    written = encodeJsxText(value);
  } else if (home.form === 'string') {
    written = quoteString(value, quote === "'" ? "'" : '"').slice(1, -1);
  } else if (home.form === 'template') {
    written = templatePart(value);
  } else if (/^[^"'&\r\n]*$/.test(value) || (!value.includes(quote) && !/[&\r\n]/.test(value))) {
    // A JSX attribute's string has no escapes (it reads entities): other words go in braces as a string.
    written = value;
  } else {
    start -= 1;
    end += 1;
    written = `{${quoteString(value, '"')}}`;
  }
  if (home.form !== 'jsx-text' && readBack(home, written, quote) !== value) throw refuse(`the words cannot be written as this literal (${home.file}:${home.line})`);
  file.replace(start, end, written);
}
