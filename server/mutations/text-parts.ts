/**
 * The pieces the text follower (`text-home.ts`) reads an element's text into, and the syntax helpers it reads with:
 * where a node is, JSX text as React renders it, literal and computed parts, and what an identifier names in its
 * scope. Syntax only; nothing here follows a binding across files.
 */
import { ts } from 'ts-morph';
import type { JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';
import type { PathAlias } from '../engine/import-conventions.js';
import type { LoadSource } from './module-declarations.js';

export interface ParsedProjectFile {
  sourceFile: ts.SourceFile;
  entries: readonly JsxElementEntry[];
}

/** The project's files as the follower reads them. */
export interface TextSources {
  /** A file of the root by root-relative path (JSX files with their elements), or null when there is none. */
  parsed(relative: string): ParsedProjectFile | null;
  /** The root's JSX files, where an exported component's call sites are looked for; without it, its own file only. */
  jsxFiles?(): readonly string[];
  /** The project's path aliases (`@/*`), which imports are followed through as well as relative paths. */
  aliases?: readonly PathAlias[];
}

/** The modules as the follower reads them: every import of the project resolves as it does, through its aliases too. */
export function sourceLoader(sources: TextSources): LoadSource {
  return Object.assign((relative: string) => sources.parsed(relative)?.sourceFile ?? null, sources.aliases ? { aliases: sources.aliases } : {});
}

/** How a literal is written, which decides how a new value is escaped there. */
export type HomeForm = 'jsx-text' | 'string' | 'template' | 'attribute';

/** A literal of the project that holds words the page shows. `start`/`end`: the literal's content in its file. */
export interface TextHome {
  file: string;
  start: number;
  end: number;
  line: number;
  form: HomeForm;
  /** The words it holds, as the page shows them (JSX text cleaned as React does, escapes read). */
  value: string;
  /** The default of a destructured parameter (`{ label = 'Quốc gia' }`): what every call site passing nothing shows. */
  isDefault?: true;
}

export type TextPart = { kind: 'literal'; home: TextHome } | { kind: 'computed'; why: string };

/** One way the element's text can be made: its parts in order, and the call sites (element ids) it went through. */
export interface TextReading {
  parts: TextPart[];
  via: string[];
}

export function relativeOf(sourceFile: ts.SourceFile): string {
  return sourceFile.fileName.replace(/^\/+/, '');
}

function lineOf(node: ts.Node, at = node.getStart()): number {
  return node.getSourceFile().getLineAndCharacterOfPosition(at).line + 1;
}

/** `file:line` of a node, the way errors and the inspector name a place. */
export function placeOf(node: ts.Node): string {
  return `${relativeOf(node.getSourceFile())}:${lineOf(node)}`;
}

export function short(node: ts.Node): string {
  const text = node.getText().replace(/\s+/g, ' ');
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

export function unwrap(expression: ts.Expression): ts.Expression {
  let current = expression;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isNonNullExpression(current) || ts.isTypeAssertionExpression(current)) {
    current = current.expression;
  }
  return current;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Text with its HTML entities (`&amp;`, `&#123;`) read as the characters they stand for, as JSX reads them. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (/^#x/i.test(name)) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** JSX text as React renders it: lines trimmed where they break, blank lines dropped, the rest joined by a space. */
function cleanJsxText(raw: string): string {
  const lines = raw.split(/\r\n|\n|\r/);
  let last = -1;
  lines.forEach((line, index) => {
    if (/[^ \t]/.test(line)) last = index;
  });
  let result = '';
  lines.forEach((line, index) => {
    let trimmed = line.replace(/\t/g, ' ');
    if (index > 0) trimmed = trimmed.replace(/^ +/, '');
    if (index < lines.length - 1) trimmed = trimmed.replace(/ +$/, '');
    if (!trimmed) return;
    result += index === last ? trimmed : `${trimmed} `;
  });
  return decodeEntities(result);
}

export function literalPart(node: ts.Node, start: number, end: number, form: HomeForm, value: string): TextPart {
  const home: TextHome = { file: relativeOf(node.getSourceFile()), start, end, line: lineOf(node, start), form, value };
  return { kind: 'literal', home: isParameterDefault(node) ? { ...home, isDefault: true } : home };
}

/** Whether a node is the default value of a name destructured in a function's parameters. */
function isParameterDefault(node: ts.Node): boolean {
  const parent = node.parent;
  if (!parent || !ts.isBindingElement(parent) || parent.initializer !== node) return false;
  let up: ts.Node = parent.parent;
  while (ts.isObjectBindingPattern(up) || ts.isArrayBindingPattern(up) || ts.isBindingElement(up)) up = up.parent;
  return ts.isParameter(up);
}

/** A JSX text child as a part, or null when it shows nothing (whitespace between elements). */
export function jsxTextPart(text: ts.JsxText): TextPart | null {
  const raw = text.getText();
  const value = cleanJsxText(raw);
  if (!value) return null;
  // A text on one line keeps its spaces; one that breaks lines is written back between its first and last words.
  const multiline = /[\r\n]/.test(raw);
  const lead = multiline ? (/^\s*/.exec(raw)?.[0].length ?? 0) : 0;
  const trail = multiline ? (/\s*$/.exec(raw)?.[0].length ?? 0) : 0;
  return literalPart(text, text.getStart() + lead, text.end - trail, 'jsx-text', value);
}

/** Past this many ways of making one text where conditions multiply (one list of ways times another), the rest are not followed. */
export const MAX_READINGS = 64;
/**
 * Past this many ways in one list (every call site of a component, every entry of an array), the rest are not
 * followed: a list grows with the project, not by multiplying, so each of its places is kept up to this bound.
 */
export const MAX_ALTERNATIVES = 5000;

export function product(left: TextReading[], right: TextReading[]): TextReading[] {
  const out: TextReading[] = [];
  // One side with a single way is a list, not a product: it keeps every way of the other side.
  const cap = Math.min(MAX_ALTERNATIVES, Math.max(MAX_READINGS, left.length === 1 ? right.length : 0, right.length === 1 ? left.length : 0));
  for (const a of left) {
    for (const b of right) {
      if (out.length >= cap) return out;
      out.push({ parts: [...a.parts, ...b.parts], via: [...new Set([...a.via, ...b.via])] });
    }
  }
  return out;
}

export function computed(why: string, via: string[] = []): TextReading[] {
  return [{ parts: [{ kind: 'computed', why }], via }];
}

type Binding =
  | { kind: 'variable'; declaration: ts.VariableDeclaration; element: ts.BindingElement | null }
  | { kind: 'parameter'; fn: ts.SignatureDeclaration; index: number; element: ts.BindingElement | null }
  | { kind: 'function'; node: ts.Node }
  | { kind: 'top'; sourceFile: ts.SourceFile };

/** The element of a binding pattern (one level deep) that binds `name`, or null when the pattern does not. */
function patternElement(pattern: ts.BindingName, name: string): ts.BindingElement | 'self' | null {
  if (ts.isIdentifier(pattern)) return pattern.text === name ? 'self' : null;
  for (const element of pattern.elements) {
    if (ts.isOmittedExpression(element)) continue;
    if (ts.isIdentifier(element.name) && element.name.text === name) return element;
    if (!ts.isIdentifier(element.name) && patternElement(element.name, name)) return element;
  }
  return null;
}

function declaredIn(statements: readonly ts.Statement[], name: string): Binding | null {
  for (const statement of statements) {
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const found = patternElement(declaration.name, name);
        if (found) return { kind: 'variable', declaration, element: found === 'self' ? null : found };
      }
    } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name?.text === name) {
      return { kind: 'function', node: statement };
    }
  }
  return null;
}

/** What an identifier names, looked for from its scope outwards; `top` leaves the file's own level to the imports. */
export function bindingOf(identifier: ts.Identifier): Binding | null {
  const name = identifier.text;
  for (let node: ts.Node = identifier.parent; node; node = node.parent) {
    if (ts.isSourceFile(node)) return declaredIn(node.statements, name) ?? { kind: 'top', sourceFile: node };
    if (ts.isBlock(node) || ts.isModuleBlock(node) || ts.isCaseClause(node) || ts.isDefaultClause(node)) {
      const found = declaredIn(node.statements, name);
      if (found) return found;
    }
    if (ts.isFunctionLike(node)) {
      const index = node.parameters.findIndex((parameter) => patternElement(parameter.name, name));
      if (index >= 0) {
        const found = patternElement(node.parameters[index]!.name, name)!;
        return { kind: 'parameter', fn: node, index, element: found === 'self' ? null : found };
      }
    }
  }
  return null;
}

export function propertyNameOf(element: ts.BindingElement): string | null {
  const name = element.propertyName ?? element.name;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  return null;
}

/** A component's name when `fn` is one (a capitalised function, or one `memo`/`forwardRef` wrap), else null. */
export function componentNameOf(fn: ts.SignatureDeclaration): string | null {
  if (ts.isFunctionDeclaration(fn)) return fn.name && /^[A-Z]/.test(fn.name.text) ? fn.name.text : null;
  let node: ts.Node = fn.parent;
  while (ts.isCallExpression(node) || ts.isParenthesizedExpression(node)) node = node.parent;
  return ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && /^[A-Z]/.test(node.name.text) ? node.name.text : null;
}

export function isExported(fn: ts.SignatureDeclaration): boolean {
  let node: ts.Node = fn;
  while (!ts.isSourceFile(node.parent) && node.parent) node = node.parent;
  if (ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return true;
  // `const Heading = (…) => …; export default Heading`: exported by a statement of its own.
  const names = ts.isVariableStatement(node)
    ? node.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []))
    : ts.isFunctionDeclaration(node) && node.name ? [node.name.text] : [];
  return node.getSourceFile().statements.some(
    (statement) => ts.isExportAssignment(statement) && !statement.isExportEquals && ts.isIdentifier(statement.expression) && names.includes(statement.expression.text),
  );
}
