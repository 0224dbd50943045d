/**
 * Editing an element's `className` where its classes are written statically: a string, the static parts of a
 * template literal, or the string arguments of a `cn()`/`clsx()`-style call. Each changed piece of text is
 * rewritten once, so the rest of the attribute keeps its bytes. A class that only a condition or a variable
 * supplies cannot be edited faithfully: 422.
 */
import { ts } from 'ts-morph';
import { EMPTY_THEME } from '../../contracts/theme-tokens.js';
import { classMergerFor, planClassMerge, type ClassMerger } from './class-merge.js';
import type { EditableFile } from '../engine/editable-file.js';
import { findAttribute, insertAttribute, sourceOf, unwritable } from '../engine/jsx-source.js';
import type { LocatedElement } from '../engine/mutation-transform.js';

/** Calls whose string arguments are class lists. */
const CLASS_CALLS = new Set(['cn', 'clsx', 'classNames', 'classnames', 'cx', 'twMerge', 'twJoin']);

/** A stretch of literal class text inside the attribute: [start, end) of the source between its delimiters. */
interface StaticPart {
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
}

type ClassSource =
  | { kind: 'absent' }
  | { kind: 'static'; parts: StaticPart[]; attribute: ts.JsxAttribute; call?: ts.CallExpression }
  | { kind: 'dynamic'; why: string };

/** A string's text between its quotes; a JSX attribute string (`jsxAttribute`) has no escapes, only its quote ends it. */
function literalPart(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral, sourceFile: ts.SourceFile, unconditional: boolean, jsxAttribute = false): StaticPart {
  const start = node.getStart(sourceFile) + 1;
  const end = node.end - 1;
  const quote = sourceFile.text[start - 1] ?? '"';
  const forbidden = quote === '`' ? /[`\\]|\$\{/ : jsxAttribute ? new RegExp(quote) : new RegExp(`[${quote}\\\\]`);
  return { start, end, text: sourceFile.text.slice(start, end), openStart: true, openEnd: true, forbidden, unconditional };
}

function templateParts(node: ts.TemplateExpression, sourceFile: ts.SourceFile, unconditional: boolean): StaticPart[] {
  const parts: StaticPart[] = [];
  const headStart = node.head.getStart(sourceFile) + 1;
  const headEnd = node.head.end - 2;
  const forbidden = /[`\\]|\$\{/;
  parts.push({ start: headStart, end: headEnd, text: sourceFile.text.slice(headStart, headEnd), openStart: true, openEnd: false, forbidden, unconditional });
  node.templateSpans.forEach((span, i) => {
    const last = i === node.templateSpans.length - 1;
    const start = span.literal.getStart(sourceFile) + 1;
    const end = span.literal.end - (last ? 1 : 2);
    parts.push({ start, end, text: sourceFile.text.slice(start, end), openStart: false, openEnd: last, forbidden, unconditional });
    // Classes a substitution adds (`${active ? 'ring-2' : ''}`, nested templates too) are there, under a condition.
    parts.push(...argumentParts(span.expression, sourceFile, false));
  });
  return parts;
}

/** Static parts of a class-call argument; conditional pieces (`cond && 'x'`, `{x: cond}`) are marked so. */
function argumentParts(argument: ts.Expression, sourceFile: ts.SourceFile, unconditional: boolean): StaticPart[] {
  if (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument)) return [literalPart(argument, sourceFile, unconditional)];
  if (ts.isTemplateExpression(argument)) return templateParts(argument, sourceFile, unconditional);
  if (ts.isBinaryExpression(argument)) return argumentParts(argument.right, sourceFile, false);
  if (ts.isConditionalExpression(argument)) {
    return [...argumentParts(argument.whenTrue, sourceFile, false), ...argumentParts(argument.whenFalse, sourceFile, false)];
  }
  if (ts.isArrayLiteralExpression(argument)) return argument.elements.flatMap((e) => argumentParts(e, sourceFile, unconditional));
  if (ts.isParenthesizedExpression(argument)) return argumentParts(argument.expression, sourceFile, unconditional);
  return [];
}

function readClassSource(file: Pick<EditableFile, 'relative' | 'parsed'>, opening: ts.JsxOpeningLikeElement): ClassSource {
  const sourceFile = sourceOf(file);
  const attribute = findAttribute(opening, 'className');
  if (!attribute) return { kind: 'absent' };
  const initializer = attribute.initializer;
  if (!initializer) return { kind: 'dynamic', why: 'className has no value' };
  if (ts.isStringLiteral(initializer)) return { kind: 'static', parts: [literalPart(initializer, sourceFile, true, true)], attribute };
  if (!ts.isJsxExpression(initializer) || !initializer.expression) return { kind: 'dynamic', why: 'className is not an expression' };
  let expression = initializer.expression;
  while (ts.isParenthesizedExpression(expression)) expression = expression.expression;
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
    return { kind: 'static', parts: [literalPart(expression, sourceFile, true)], attribute };
  }
  if (ts.isTemplateExpression(expression)) return { kind: 'static', parts: templateParts(expression, sourceFile, true), attribute };
  if (ts.isCallExpression(expression) && ts.isIdentifier(expression.expression) && CLASS_CALLS.has(expression.expression.text)) {
    const parts = expression.arguments.flatMap((argument) => argumentParts(argument, sourceFile, true));
    return { kind: 'static', parts, attribute, call: expression };
  }
  return { kind: 'dynamic', why: `className is computed by \`${expression.getText(sourceFile)}\`, which has no class text to edit` };
}

interface Token {
  part: StaticPart;
  value: string;
  /** Offsets within the part's text. */
  from: number;
  to: number;
}

function wholeTokens(part: StaticPart): Token[] {
  const tokens: Token[] = [];
  for (const match of part.text.matchAll(/\S+/g)) {
    const from = match.index ?? 0;
    const to = from + match[0].length;
    if ((from === 0 && !part.openStart) || (to === part.text.length && !part.openEnd)) continue;
    tokens.push({ part, value: match[0], from, to });
  }
  return tokens;
}

export interface ClassEdit {
  add: string[];
  remove: string[];
  /** Also drop existing classes that Tailwind would let the added ones override (`p-2` when adding `p-4`). */
  replaceConflicts: boolean;
  /** Classes to remove that are not in the source are an error (a stale editor) rather than nothing to do. */
  requirePresent: boolean;
  /** Drop existing classes that these would override, without adding them (a styling property cleared). */
  clearConflictsWith?: string[];
  /** tailwind-merge configured with the project's theme (`classMergerFor`); Tailwind's defaults when absent. */
  merge?: ClassMerger;
}

/**
 * Puts each token's replacement in its place (`[]` removes it with the whitespace that separated it), from the
 * end so earlier offsets stay right.
 */
function rewriteTokens(text: string, edits: Array<{ token: Token; classes: string[] }>): string {
  let result = text;
  for (const { token, classes } of [...edits].sort((a, b) => b.token.from - a.token.from)) {
    let from = token.from;
    let to = token.to;
    if (classes.length > 0) {
      result = result.slice(0, from) + classes.join(' ') + result.slice(to);
      continue;
    }
    const after = /^\s*/.exec(result.slice(to))?.[0].length ?? 0;
    if (to + after === result.length) {
      while (from > 0 && /\s/.test(result[from - 1] ?? '')) from -= 1;
    } else {
      to += after;
    }
    result = result.slice(0, from) + result.slice(to);
  }
  return result;
}

function appendClasses(part: StaticPart, text: string, classes: string[]): string | null {
  const joined = classes.join(' ');
  if (text.trim() === '') {
    if (part.openStart && part.openEnd) return joined;
    if (part.openEnd) return `${text}${joined}`;
    if (part.openStart) return `${joined}${text || ' '}`;
    return null;
  }
  const trailing = /\s*$/.exec(text)?.[0] ?? '';
  if (part.openEnd || trailing.length > 0) return `${text.slice(0, text.length - trailing.length)} ${joined}${trailing}`;
  if (part.openStart || /^\s/.test(text)) return `${joined} ${text}`;
  return null;
}

/** The classes written unconditionally in the element's className (422 when it has no static text). */
export function staticClasses(located: LocatedElement): string[] {
  const source = readClassSource(located.file, located.entry.opening);
  if (source.kind === 'dynamic') throw unwritable(located, source.why);
  if (source.kind === 'absent') return [];
  return source.parts.filter((p) => p.unconditional).flatMap(wholeTokens).map((t) => t.value);
}

/**
 * The classes an element's className writes, as the editor shows them: those always applied (which the class
 * changes edit) and those only under a condition; null when code computes it with no class text.
 */
export function writtenClasses(file: Pick<EditableFile, 'relative' | 'parsed'>, opening: ts.JsxOpeningLikeElement): { always: string[]; conditional: string[] } | null {
  const source = readClassSource(file, opening);
  if (source.kind === 'dynamic') return null;
  if (source.kind === 'absent') return { always: [], conditional: [] };
  const tokens = source.parts.flatMap(wholeTokens);
  const always = tokens.filter((t) => t.part.unconditional).map((t) => t.value);
  const conditional = tokens.filter((t) => !t.part.unconditional && !always.includes(t.value)).map((t) => t.value);
  return { always: [...new Set(always)], conditional: [...new Set(conditional)] };
}

/** The explicit removals that cannot be made: a class only a condition adds, or one not there at all. */
function checkRemovals(located: LocatedElement, source: Extract<ClassSource, { kind: 'static' }>, tokens: Token[], remove: Set<string>, requirePresent: boolean): void {
  for (const className of remove) {
    if (tokens.some((t) => t.value === className && t.part.unconditional)) continue;
    const anywhere = tokens.some((t) => t.value === className) || source.parts.some((p) => p.text.includes(className));
    if (anywhere) throw unwritable(located, `the class "${className}" is only added under a condition or glued to an expression`);
    if (requirePresent) throw unwritable(located, `its className has no class "${className}" written in the source`);
  }
}

/** Adds classes where no existing class made room for them: at the end of the first static part that can hold them. */
function appendToSource(located: LocatedElement, source: Extract<ClassSource, { kind: 'static' }>, newText: Map<StaticPart, string>, toAdd: string[]): void {
  const { file } = located;
  const target = source.parts.find((p) => p.unconditional && toAdd.every((c) => !p.forbidden.test(c)) && appendClasses(p, newText.get(p) ?? p.text, toAdd) !== null);
  if (target) {
    newText.set(target, appendClasses(target, newText.get(target) ?? target.text, toAdd)!);
  } else if (source.call) {
    const sourceFile = sourceOf(file);
    const quote = sourceFile.text[source.call.arguments[0]?.getStart(sourceFile) ?? -1] === '"' ? '"' : "'";
    if (toAdd.some((c) => c.includes(quote) || c.includes('\\'))) throw unwritable(located, 'a class contains a quote');
    const literal = `${quote}${toAdd.join(' ')}${quote}`;
    const first = source.call.arguments[0];
    if (first) file.insert(first.getStart(sourceFile), `${literal}, `);
    else file.insert(source.call.arguments.pos, literal);
  } else {
    throw unwritable(located, 'its className has no static text where a class can be added');
  }
}

/**
 * Applies a class edit to an element's className, recording the edits on its file: a class that replaces others
 * takes the place of the first of them (`planClassMerge`), the rest go at the end of the static text.
 */
export function editClasses(located: LocatedElement, change: ClassEdit): void {
  const { file, entry } = located;
  const source = readClassSource(file, entry.opening);
  if (source.kind === 'dynamic') throw unwritable(located, source.why);
  const add = [...new Set(change.add)];
  if (source.kind === 'absent') {
    const missing = change.remove.filter((c) => !add.includes(c));
    if (change.requirePresent && missing.length > 0) throw unwritable(located, `it has no className, so it has no class "${missing[0]}" to remove`);
    const merge = change.merge ?? classMergerFor(EMPTY_THEME);
    const classes = planClassMerge([], { add, clear: [], remove: [], replaceConflicts: change.replaceConflicts }, merge).append;
    if (classes.length > 0) {
      for (const c of classes) if (/["{}]/.test(c)) throw unwritable(located, `the class "${c}" cannot be written in a className string`);
      insertAttribute(file, entry.opening, `className="${classes.join(' ')}"`);
    }
    return;
  }
  const tokens = source.parts.flatMap(wholeTokens);
  const remove = new Set(change.remove.filter((c) => !add.includes(c)));
  checkRemovals(located, source, tokens, remove, change.requirePresent);
  const unconditional = tokens.filter((t) => t.part.unconditional);
  const plan = planClassMerge(
    unconditional.map((t) => t.value),
    { add, clear: change.clearConflictsWith ?? [], remove: [...remove], replaceConflicts: change.replaceConflicts },
    change.merge ?? classMergerFor(EMPTY_THEME),
  );
  const toAdd = [...plan.append];
  const edits = new Map<StaticPart, Array<{ token: Token; classes: string[] }>>();
  unconditional.forEach((token, index) => {
    let classes = plan.replacements[index];
    if (!classes) return;
    // A replacement this part cannot hold (a quote in a JSX string) is removed here and added where it can be.
    if (classes.some((c) => token.part.forbidden.test(c))) {
      toAdd.push(...classes);
      classes = [];
    }
    edits.set(token.part, [...(edits.get(token.part) ?? []), { token, classes }]);
  });
  const newText = new Map<StaticPart, string>();
  for (const [part, partEdits] of edits) {
    const left = rewriteTokens(part.text, partEdits);
    // Blank text next to an expression still separates it from its neighbour; at an end of the string it is noise.
    newText.set(part, left.trim() === '' && (part.openStart || part.openEnd) ? '' : left);
  }
  if (toAdd.length > 0) appendToSource(located, source, newText, toAdd);
  for (const [part, text] of newText) if (text !== part.text) file.replace(part.start, part.end, text);
}
