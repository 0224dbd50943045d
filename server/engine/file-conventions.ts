/**
 * How a file writes its code, read from the file itself, so that what the engine writes looks like the code around
 * it whether or not the project runs Prettier: semicolons or none, its quote in strings and in JSX attributes, and
 * imports joined to the import of the same module. Its indentation and line endings are the file's layout
 * (`text-layout.ts`), which every edit of an EditableFile already follows. No I/O here.
 */
import { ts } from 'ts-morph';
import type { EditableFile } from './editable-file.js';
import { importPlace, type PathAlias } from './import-conventions.js';

export type Quote = "'" | '"';

export interface FileConventions {
  /** Statements end with `;` (most of the file's statements that may end with one do). */
  semicolons: boolean;
  /** The quote of strings in code: the module paths' first, else the file's other strings'. */
  quote: Quote;
  /** The quote of JSX attribute strings (`className='…'` or `className="…"`). */
  jsxQuote: Quote;
}

/** Statements that end with a `;` or with nothing, as the file's style has it (the others end with a block). */
const ASI_STATEMENTS = new Set([
  ts.SyntaxKind.ImportDeclaration,
  ts.SyntaxKind.ExportDeclaration,
  ts.SyntaxKind.ExportAssignment,
  ts.SyntaxKind.VariableStatement,
  ts.SyntaxKind.ExpressionStatement,
  ts.SyntaxKind.ReturnStatement,
  ts.SyntaxKind.ThrowStatement,
  ts.SyntaxKind.BreakStatement,
  ts.SyntaxKind.ContinueStatement,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.ImportEqualsDeclaration,
]);

export interface Tally {
  withSemicolon: number;
  withoutSemicolon: number;
  modulePaths: Record<Quote, number>;
  strings: Record<Quote, number>;
  jsx: Record<Quote, number>;
}

function quoteOf(sourceFile: ts.SourceFile, node: ts.Node): Quote | null {
  const first = sourceFile.text[node.getStart(sourceFile)];
  return first === "'" || first === '"' ? first : null;
}

/** The tally of the nodes under `root` (itself included) of the parse `sourceFile`. */
function tally(sourceFile: ts.SourceFile, root: ts.Node = sourceFile): Tally {
  const counts: Tally = { withSemicolon: 0, withoutSemicolon: 0, modulePaths: { "'": 0, '"': 0 }, strings: { "'": 0, '"': 0 }, jsx: { "'": 0, '"': 0 } };
  const visit = (node: ts.Node): void => {
    if (ASI_STATEMENTS.has(node.kind) && !ts.isForStatement(node.parent) && !ts.isForInStatement(node.parent) && !ts.isForOfStatement(node.parent)) {
      if (sourceFile.text[node.end - 1] === ';') counts.withSemicolon += 1;
      else counts.withoutSemicolon += 1;
    }
    if (ts.isStringLiteral(node)) {
      const quote = quoteOf(sourceFile, node);
      const parent = node.parent;
      if (quote && ts.isJsxAttribute(parent)) counts.jsx[quote] += 1;
      else if (quote && (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent))) counts.modulePaths[quote] += 1;
      else if (quote) counts.strings[quote] += 1;
    }
    ts.forEachChild(node, visit);
  };
  visit(root);
  return counts;
}

/** `base` with the counts of `minus` taken away and those of `plus` added. */
function combined(base: Tally, minus: Tally, plus: Tally): Tally {
  const quotes = (key: 'modulePaths' | 'strings' | 'jsx'): Record<Quote, number> => ({
    "'": base[key]["'"] - minus[key]["'"] + plus[key]["'"],
    '"': base[key]['"'] - minus[key]['"'] + plus[key]['"'],
  });
  return {
    withSemicolon: base.withSemicolon - minus.withSemicolon + plus.withSemicolon,
    withoutSemicolon: base.withoutSemicolon - minus.withoutSemicolon + plus.withoutSemicolon,
    modulePaths: quotes('modulePaths'),
    strings: quotes('strings'),
    jsx: quotes('jsx'),
  };
}

/** Each parse's tally, once worked out. */
const tallies = new WeakMap<ts.SourceFile, Tally>();

/** What a file's conventions are read from: its statements' endings and its strings' quotes, counted. */
export function conventionTally(sourceFile: ts.SourceFile): Tally {
  let counts = tallies.get(sourceFile);
  if (!counts) {
    counts = tally(sourceFile);
    tallies.set(sourceFile, counts);
  }
  return counts;
}

/**
 * Carries the tally of `before` to `after`, a parse of it with the element `removed` (of `before`) replaced by
 * `added` (parsed alone in `local`): the tally is a sum over nodes, so the element's counts are taken away and the new
 * one's added. Why: tallying a 140 KB file again after each change took longer than the change (issue 29). Only when
 * `before`'s tally was worked out; called before the new element is spliced in (positions as each parse has them).
 */
export function carryConventions(before: ts.SourceFile, after: ts.SourceFile, removed: ts.Node, local: ts.SourceFile, added: ts.Node): void {
  const counts = tallies.get(before);
  if (counts) tallies.set(after, combined(counts, tally(before, removed), tally(local, added)));
}

function majority(counts: Record<Quote, number>, fallback: Quote): Quote {
  if (counts["'"] === counts['"']) return fallback;
  return counts["'"] > counts['"'] ? "'" : '"';
}

/** A parse is never edited in place (a change makes a new one), so what was read from it holds for its life. */
const known = new WeakMap<ts.SourceFile, FileConventions>();

/**
 * The conventions of a parsed file. Where the file does not tell: semicolons, single quotes in code (imports
 * without a path in them say nothing) and double quotes in JSX, as most React code and Prettier's defaults write.
 */
export function conventionsOf(sourceFile: ts.SourceFile): FileConventions {
  let conventions = known.get(sourceFile);
  if (!conventions) {
    const counts = conventionTally(sourceFile);
    const codeQuote = counts.modulePaths["'"] + counts.modulePaths['"'] > 0 ? majority(counts.modulePaths, "'") : majority(counts.strings, "'");
    conventions = {
      semicolons: counts.withSemicolon >= counts.withoutSemicolon,
      quote: codeQuote,
      jsxQuote: majority(counts.jsx, '"'),
    };
    known.set(sourceFile, conventions);
  }
  return conventions;
}

function parsedOf(file: EditableFile): ts.SourceFile {
  if (!file.parsed) throw new Error(`${file.relative} is not a JSX file`);
  return file.parsed.sourceFile;
}

/**
 * JSX text (an element, or attributes on their own) with its attribute strings in the file's JSX quote: a string
 * that holds that quote keeps the other one. Quotes have one character each way, so no offset moves.
 */
export function withJsxQuotes(file: EditableFile, jsx: string, what: 'element' | 'attributes' = 'element'): string {
  const quote = conventionsOf(parsedOf(file)).jsxQuote;
  const other = quote === '"' ? "'" : '"';
  if (!jsx.includes(other)) return jsx;
  const prefix = what === 'element' ? '(' : '(<a ';
  const probe = ts.createSourceFile('probe.tsx', `${prefix}${jsx}${what === 'element' ? ')' : ' />)'}`, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const positions: number[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer)) {
      const start = node.initializer.getStart(probe) - prefix.length;
      const text = node.initializer.getText(probe);
      if (text.startsWith(other) && !text.slice(1, -1).includes(quote)) positions.push(start, start + text.length - 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(probe);
  if (positions.length === 0) return jsx;
  // Offsets are UTF-16 positions: `split('')` cuts by code unit, as they count.
  const units = jsx.split('');
  for (const at of positions) units[at] = quote;
  return units.join('');
}

/** A named, default or namespace import of one binding, or a side-effect import (`import './page.css'`). */
export type NewImport =
  | { name: string; imported: string; specifier: string; typeOnly: boolean }
  | { sideEffect: true; specifier: string };

/** Characters a string literal writes as an escape: control characters, line separators, lone surrogates. */
const ESCAPED_IN_STRINGS = /[\p{Cc}\u2028\u2029]|[\uD800-\uDFFF]/gu;

/** A JavaScript string literal of `value`: every character that could end it, or that UTF-8 cannot hold, escaped. */
export function quoteString(value: string, quote: Quote): string {
  const escaped = value
    .replace(/\\/g, '\\\\')
    .replace(new RegExp(quote, 'g'), `\\${quote}`)
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')
    .replace(ESCAPED_IN_STRINGS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return quote + escaped + quote;
}

function bindingText(binding: Extract<NewImport, { name: string }>, quote: Quote, inTypeClause: boolean): string {
  const imported = /^[A-Za-z_$][\w$]*$/.test(binding.imported) ? binding.imported : quoteString(binding.imported, quote);
  const text = binding.imported === binding.name ? binding.name : `${imported} as ${binding.name}`;
  return binding.typeOnly && !inTypeClause ? `type ${text}` : text;
}

function importLine(item: NewImport, conventions: FileConventions): string {
  const end = conventions.semicolons ? ';' : '';
  const from = quoteString(item.specifier, conventions.quote);
  if ('sideEffect' in item) return `import ${from}${end}`;
  const type = item.typeOnly ? 'type ' : '';
  if (item.imported === 'default') return `import ${type}${item.name} from ${from}${end}`;
  if (item.imported === '*') return `import ${type}* as ${item.name} from ${from}${end}`;
  return namedImportLine([item], conventions);
}

/** One import line for names of one module (all type-only, or none). */
function namedImportLine(items: ReadonlyArray<Extract<NewImport, { name: string }>>, conventions: FileConventions): string {
  const end = conventions.semicolons ? ';' : '';
  const type = items[0]!.typeOnly ? 'type ' : '';
  // In sorted order, as import sorters (Biome's, ESLint's) want them.
  const sorted = [...items].sort((a, b) => a.name.localeCompare(b.name));
  const names = sorted.map((item) => bindingText(item, conventions.quote, true)).join(', ');
  return `import ${type}{ ${names} } from ${quoteString(items[0]!.specifier, conventions.quote)}${end}`;
}

/**
 * Where a binding joins an import of its module the file already has: after the last name of its braces
 * (`{ A }` → `{ A, B }`, on a line of its own when the names are one per line), or a default before them.
 */
function joinPoint(
  sourceFile: ts.SourceFile,
  declaration: ts.ImportDeclaration,
  item: Extract<NewImport, { name: string }>,
  conventions: FileConventions,
): { at: number; text: string; braced?: boolean } | null {
  const clause = declaration.importClause;
  if (!clause || (clause.isTypeOnly && !item.typeOnly)) return null;
  const named = clause.namedBindings;
  if (item.imported === '*') return null;
  if (item.imported === 'default') {
    if (clause.name || !named || !ts.isNamedImports(named) || clause.isTypeOnly) return null;
    return { at: clause.getStart(sourceFile), text: `${item.name}, ` };
  }
  const binding = bindingText(item, conventions.quote, clause.isTypeOnly);
  // After a default alone: the names go in braces of their own, written once for all of them.
  if (!named) return clause.name ? { at: clause.name.end, text: binding, braced: true } : null;
  if (!ts.isNamedImports(named)) return null;
  const last = named.elements.at(-1);
  if (!last) return null;
  const text = sourceFile.text;
  const lastStart = last.getStart(sourceFile);
  const multiline = text.slice(named.getStart(sourceFile), lastStart).includes('\n');
  // Names kept in order (as import sorters keep them; one name says nothing): the new one goes before the first that
  // sorts after it.
  const names = named.elements.map((element) => element.name.text);
  const sorted = names.length > 1 && names.every((name, i) => i === 0 || names[i - 1]!.localeCompare(name) <= 0);
  const next = sorted ? named.elements.find((element) => element.name.text.localeCompare(item.name) > 0) : undefined;
  if (next) {
    const nextStart = next.getStart(sourceFile);
    const separator = multiline ? `,\n${text.slice(text.lastIndexOf('\n', nextStart - 1) + 1, nextStart)}` : ', ';
    // After the name before it, not at the next one's start: a removal of that next name (left unused by the same
    // change) must not meet this insertion.
    const previous = named.elements[named.elements.indexOf(next) - 1];
    return previous ? { at: previous.end, text: `${separator}${binding}` } : { at: nextStart, text: `${binding}${separator}` };
  }
  if (multiline) {
    const lineStart = text.lastIndexOf('\n', lastStart - 1) + 1;
    return { at: last.end, text: `,\n${text.slice(lineStart, lastStart)}${binding}` };
  }
  return { at: last.end, text: `, ${binding}` };
}

/**
 * Writes imports the file's way: a binding joins the file's import of its module when it has one, else a new import
 * line goes after the last import (at the top when there is none), with the file's quote and semicolons.
 */
export function insertImports(file: EditableFile, imports: readonly NewImport[], aliases: readonly PathAlias[] = []): void {
  if (imports.length === 0) return;
  const sourceFile = parsedOf(file);
  const conventions = conventionsOf(sourceFile);
  const declarations = sourceFile.statements.filter(ts.isImportDeclaration);
  const joined = new Map<number, { texts: string[]; braced: string[] }>();
  const lines: Array<{ text: string; specifier: string }> = [];
  // Each module's names, on the line its first name takes among the new lines (their order kept: a side effect's may matter).
  const named = new Map<string, { items: Array<Extract<NewImport, { name: string }>>; line: { text: string; specifier: string } }>();
  for (const item of imports) {
    const target =
      'sideEffect' in item
        ? null
        : declarations
            .filter((d) => ts.isStringLiteral(d.moduleSpecifier) && d.moduleSpecifier.text === item.specifier)
            .map((d) => joinPoint(sourceFile, d, item, conventions))
            .find((point) => point !== null);
    if (target) {
      const at = joined.get(target.at) ?? { texts: [], braced: [] };
      (target.braced ? at.braced : at.texts).push(target.text);
      joined.set(target.at, at);
    } else if (!('sideEffect' in item) && item.imported !== 'default' && item.imported !== '*') {
      // Names of one module the file does not import yet share one new line (a moved element's `Text` and `Anchor`).
      const key = `${item.typeOnly}:${item.specifier}`;
      const group = named.get(key);
      if (group) group.items.push(item);
      else {
        const line = { text: '', specifier: item.specifier };
        lines.push(line);
        named.set(key, { items: [item], line });
      }
    } else {
      lines.push({ text: importLine(item, conventions), specifier: item.specifier });
    }
  }
  for (const { items, line } of named.values()) line.text = namedImportLine(items, conventions);
  for (const [at, { texts, braced }] of joined) file.insert(at, texts.join('') + (braced.length > 0 ? `, { ${braced.join(', ')} }` : ''));
  if (lines.length === 0) return;
  // Each where its kind goes among the file's imports (`import-conventions.ts`).
  for (const line of lines) {
    const place = importPlace(declarations, line.specifier, aliases);
    if (!place) file.insert(0, `${line.text}\n${sourceFile.statements.length > 0 ? '\n' : ''}`);
    else if (place.after) file.insert(place.declaration.end, `\n${line.text}`);
    else file.insert(place.declaration.getStart(sourceFile), `${line.text}\n`);
  }
}
