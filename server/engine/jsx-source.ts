/**
 * Reading and editing the pieces of JSX that several kinds of change touch: attributes, element ranges, lines and
 * indentation, prop values. Works on the compiler's nodes and records minimal text edits on an EditableFile.
 */
import { ts } from 'ts-morph';
import type { PropValue } from '../../contracts/change-kinds.js';
import type { JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';
import { appError } from '../../contracts/errors.js';
import type { EditableFile } from './editable-file.js';
import { conventionsOf, quoteString, withJsxQuotes } from './file-conventions.js';
import type { LocatedElement } from './mutation-transform.js';

export function sourceOf(file: Pick<EditableFile, 'relative' | 'parsed'>): ts.SourceFile {
  if (!file.parsed) throw new Error(`${file.relative} is not a JSX file`);
  return file.parsed.sourceFile;
}

export function elementStart(_file: EditableFile, entry: JsxElementEntry): number {
  return entry.start;
}

/** How an error names an element: its tag, file and line. */
export function describeElement(located: LocatedElement): string {
  const sourceFile = sourceOf(located.file);
  const { line } = sourceFile.getLineAndCharacterOfPosition(elementStart(located.file, located.entry));
  return `<${located.entry.tagName}> at ${located.file.relative}:${line + 1}`;
}

export function unwritable(located: LocatedElement, why: string): Error {
  return appError('UNWRITABLE_PATTERN', describeElement(located), why);
}

export function attributeName(attribute: ts.JsxAttribute): string {
  return attribute.name.getText();
}

export function findAttribute(opening: ts.JsxOpeningLikeElement, name: string): ts.JsxAttribute | undefined {
  for (const property of opening.attributes.properties) {
    if (ts.isJsxAttribute(property) && attributeName(property) === name) return property;
  }
  return undefined;
}

/** Whether the element sits among JSX children (so it can be removed or get siblings), not as an expression. */
export function isJsxChild(entry: JsxElementEntry): boolean {
  const parent = entry.node.parent;
  return ts.isJsxElement(parent) || ts.isJsxFragment(parent);
}

export function lineStartOf(text: string, position: number): number {
  return text.lastIndexOf('\n', position - 1) + 1;
}

export function indentationAt(text: string, position: number): string {
  const start = lineStartOf(text, position);
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? '';
}

/** Where the line holding `position` ends: at its line break (before the CR of a CRLF), or at the end of the text. */
export function lineEndOf(text: string, position: number): number {
  const newline = text.indexOf('\n', position);
  if (newline === -1) return text.length;
  return newline > position && text.charCodeAt(newline - 1) === 13 ? newline - 1 : newline;
}

/** Whether only blanks stand between the start of its line and `start`, and between `end` and the line's end. */
export function aloneOnLine(text: string, start: number, end: number): boolean {
  return /^[ \t]*$/.test(text.slice(lineStartOf(text, start), start)) && /^[ \t]*$/.test(text.slice(end, lineEndOf(text, end)));
}

/**
 * The range to delete to remove an element that is a JSX child: its whole line(s) when it stands alone on them
 * (with the line break before them, LF or CRLF), else only the element.
 */
export function removalRange(file: EditableFile, entry: JsxElementEntry): [number, number] {
  const start = elementStart(file, entry);
  const end = entry.node.end;
  const lineStart = lineStartOf(file.text, start);
  if (aloneOnLine(file.text, start, end) && lineStart > 0) {
    const breakStart = lineStart >= 2 && file.text.charCodeAt(lineStart - 2) === 13 ? lineStart - 2 : lineStart - 1;
    return [breakStart, lineEndOf(file.text, end)];
  }
  return [start, end];
}

/** The quote character the file uses for module specifiers (and so for the strings the engine writes). */
export function preferredQuote(sourceFile: ts.SourceFile): "'" | '"' {
  return conventionsOf(sourceFile).quote;
}

// The string literal of a value is written where the file's conventions are (imports write them too).
export { quoteString };

/** Checks that `code` is exactly one JavaScript expression (no `}` tricks that would end the attribute early). */
export function assertSingleExpression(code: string, where: string): void {
  const probe = ts.createSourceFile('probe.tsx', `(${code}\n);`, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const diagnostics = (probe as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
  const statement = probe.statements[0];
  const single =
    probe.statements.length === 1 &&
    statement !== undefined &&
    ts.isExpressionStatement(statement) &&
    ts.isParenthesizedExpression(statement.expression) &&
    statement.expression.expression.end === code.length + 1;
  if (diagnostics.length > 0 || !single || code.trim() === '') {
    throw appError('INVALID_CHANGE', 'expression', `${where}: "${code}" is not a single JavaScript expression`);
  }
}

/** The attribute initializer for a prop value: `"text"`, `{42}`, `{true}`, `{expression}`. */
export function propInitializer(value: Exclude<PropValue, null>, quote: "'" | '"', where: string): string {
  if (typeof value === 'string') {
    // JSX attribute strings have no escapes: anything that would need one goes in an expression.
    return /["\\{}<>&]|[\p{Cc}\u2028\u2029]|[\uD800-\uDFFF]/u.test(value) ? `{${quoteString(value, quote)}}` : `"${value}"`;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return `{${String(value)}}`;
  assertSingleExpression(value.expression, where);
  return `{${value.expression}}`;
}

/**
 * Sets (or, with `initializer` null, removes) an attribute: an existing one is replaced in place, a new one is
 * added after the last attribute.
 */
export function setAttribute(file: EditableFile, opening: ts.JsxOpeningLikeElement, name: string, initializer: string | null): void {
  const existing = findAttribute(opening, name);
  const sourceFile = sourceOf(file);
  if (existing) {
    if (initializer === null) {
      const start = existing.getStart(sourceFile);
      let from = start;
      while (from > 0 && /[ \t\n\r]/.test(file.text[from - 1] ?? '')) from -= 1;
      file.replace(from, existing.end, '');
    } else {
      file.replace(existing.getStart(sourceFile), existing.end, withJsxQuotes(file, `${name}=${initializer}`, 'attributes'));
    }
    return;
  }
  if (initializer === null) return;
  insertAttribute(file, opening, `${name}=${initializer}`);
}

/**
 * Adds an attribute after the last one: on a line of its own, indented like it, when the tag writes its
 * attributes one per line; else after a space.
 */
export function insertAttribute(file: EditableFile, opening: ts.JsxOpeningLikeElement, given: string): void {
  const sourceFile = sourceOf(file);
  const attribute = withJsxQuotes(file, given, 'attributes');
  const last = opening.attributes.properties.at(-1);
  if (last) {
    const start = last.getStart(sourceFile);
    const lineStart = lineStartOf(file.text, start);
    if (lineStart > opening.getStart(sourceFile) && /^[ \t]*$/.test(file.text.slice(lineStart, start))) {
      file.insert(last.end, `\n${file.text.slice(lineStart, start)}${attribute}`);
      return;
    }
  }
  file.insert(opening.attributes.end, ` ${attribute}`);
}
