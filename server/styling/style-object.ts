/**
 * Merging into a style object of the source (`sx={{…}}`, the object of `styled(Box)({…})`): a change sets or removes
 * a key at a path of nested keys (`'&:hover'`), at a breakpoint as a responsive object (`{ xs: 1, md: 2 }`), keeping
 * every member it does not touch as written and the object on one line or one member a line, as it was.
 */
import { ts } from 'ts-morph';
import { appError } from '../../contracts/errors.js';
import type { EditableFile } from '../engine/editable-file.js';
import { indentationAt, quoteString } from '../engine/jsx-source.js';

/** A member of an object: its key (null for a spread or a key only code tells) and its written text, or a nested object. */
interface Member {
  key: string | null;
  /** How the key is written (`color`, `'&:hover'`, `[theme.breakpoints.up('md')]`). */
  keyText: string;
  text: string | null;
  object: StyleObject | null;
  /** The value as written, when it is an object literal that may be descended into. */
  literal: ts.ObjectLiteralExpression | null;
}

export interface StyleObject {
  members: Member[];
  /** Written on several lines (then kept so), and the indentation its members had. */
  multiline: boolean;
  memberIndent: string | null;
  trailingComma: boolean;
  changed: boolean;
}

function keyOf(name: ts.PropertyName, sourceFile: ts.SourceFile): string | null {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  if (ts.isComputedPropertyName(name)) return name.getText(sourceFile);
  return null;
}

/** The model of an object literal of the file, or of a new one. */
export function styleObjectOf(literal: ts.ObjectLiteralExpression | null, sourceFile: ts.SourceFile | null): StyleObject {
  if (!literal || !sourceFile) return { members: [], multiline: false, memberIndent: null, trailingComma: false, changed: true };
  const members: Member[] = literal.properties.map((property) => {
    const text = property.getText(sourceFile);
    if (!ts.isPropertyAssignment(property)) return { key: null, keyText: '', text, object: null, literal: null };
    let value: ts.Expression = property.initializer;
    while (ts.isParenthesizedExpression(value)) value = value.expression;
    return {
      key: keyOf(property.name, sourceFile),
      keyText: property.name.getText(sourceFile),
      text,
      object: null,
      literal: ts.isObjectLiteralExpression(value) ? value : null,
    };
  });
  const first = literal.properties[0];
  const multiline = literal.getText(sourceFile).includes('\n');
  return {
    members,
    multiline,
    memberIndent: first && multiline ? indentationAt(sourceFile.text, first.getStart(sourceFile)) : null,
    trailingComma: literal.properties.hasTrailingComma,
    changed: false,
  };
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** How a key is written: bare when it can be, else quoted (`'&:hover'`), as is when computed (`[…]`). */
export function keyText(key: string, quote: "'" | '"'): string {
  return IDENTIFIER.test(key) || key.startsWith('[') ? key : quoteString(key, quote);
}

/** The nested object at `key` (made when missing), refused when the key holds a value that is not an object literal. */
export function nestedObject(object: StyleObject, key: string, quote: "'" | '"', sourceFile: ts.SourceFile, where: string): StyleObject {
  const found = object.members.find((m) => m.key === key);
  if (found) {
    if (found.object) return found.object;
    if (!found.literal) throw appError('UNWRITABLE_PATTERN', where, `its ${key} is \`${found.text}\`, not an object the studio can merge into`);
    found.object = styleObjectOf(found.literal, sourceFile);
    return found.object;
  }
  const nested = styleObjectOf(null, null);
  object.members.push({ key, keyText: keyText(key, quote), text: null, object: nested, literal: null });
  object.changed = true;
  return nested;
}

/**
 * Sets (or, with `value` null, removes) the member named `key` or one of its `aliases` (`mb` for `marginBottom`),
 * keeping the name the source gave it; `value` is code (`2`, `'primary.main'`).
 */
export function setMember(object: StyleObject, key: string, aliases: readonly string[], value: string | null, quote: "'" | '"'): void {
  const index = object.members.findIndex((m) => m.key !== null && (m.key === key || aliases.includes(m.key)));
  if (index === -1) {
    if (value === null) return;
    object.members.push({ key, keyText: keyText(key, quote), text: null, object: null, literal: null });
    object.members[object.members.length - 1]!.text = `${keyText(key, quote)}: ${value}`;
  } else if (value === null) {
    object.members.splice(index, 1);
  } else {
    const member = object.members[index]!;
    object.members[index] = { ...member, text: `${member.keyText}: ${value}`, object: null, literal: null };
  }
  object.changed = true;
}

/** The member of `key` or an alias, when it is written as an object literal (a responsive value `{ xs, md }`). */
export function memberOf(object: StyleObject, key: string, aliases: readonly string[]): Member | undefined {
  return object.members.find((m) => m.key !== null && (m.key === key || aliases.includes(m.key)));
}

/** Drops nested objects a change emptied. */
function pruned(object: StyleObject): Member[] {
  return object.members.filter((m) => !m.object || m.object.members.length > 0);
}

/** Whether the object (or one nested in it) changed. */
function changed(object: StyleObject): boolean {
  return object.changed || object.members.some((m) => m.object && changed(m.object));
}

/** The object's text, its members at `indent` + one unit when it is written on several lines. */
export function renderStyleObject(object: StyleObject, indent: string, unit: string, eol: string): string {
  const members = pruned(object);
  if (members.length === 0) return '{}';
  const inner = object.memberIndent ?? `${indent}${unit}`;
  const texts = members.map((m) => (m.object ? `${m.keyText}: ${changed(m.object) ? renderStyleObject(m.object, inner, unit, eol) : m.text}` : m.text!));
  const oneLine = `{ ${texts.join(', ')} }`;
  if (!object.multiline && !oneLine.includes('\n') && oneLine.length <= 80) return oneLine;
  const comma = object.trailingComma || !object.multiline ? ',' : '';
  return `{${eol}${texts.map((t, i) => `${inner}${t}${i < texts.length - 1 ? ',' : comma}`).join(eol)}${eol}${indent}}`;
}

/** Replaces the literal (or inserts at `at`) with the object's text, when the change changed it. */
export function writeStyleObject(file: EditableFile, literal: ts.ObjectLiteralExpression, object: StyleObject, sourceFile: ts.SourceFile): void {
  if (!changed(object)) return;
  const indent = indentationAt(file.text, literal.getStart(sourceFile));
  const closingIndent = literal.getText(sourceFile).includes('\n') ? indentationAt(file.text, literal.end - 1) : indent;
  file.replace(literal.getStart(sourceFile), literal.end, renderStyleObject(object, closingIndent, file.indentUnit, file.eol ?? '\n'));
}
