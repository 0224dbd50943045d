/**
 * Editing an element's `className` where its classes are written statically: a string, the static parts of a
 * template literal, or the string arguments of a `cn()`/`clsx()`-style call. Each changed piece of text is
 * rewritten once, so the rest of the attribute keeps its bytes. A class that only a condition or a variable
 * supplies cannot be edited faithfully: 422.
 */
import { ts } from 'ts-morph';
import type { ClassHomeChoice } from '../../contracts/changes.js';
import { EMPTY_THEME } from '../../contracts/theme-tokens.js';
import type { JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';
import { classMergerFor, planClassMerge, type ClassMerger } from './class-merge.js';
import type { EditableFile } from '../engine/editable-file.js';
import { findAttribute, insertAttribute, sourceOf, unwritable } from '../engine/jsx-source.js';
import type { LocatedElement, MutationContext } from '../engine/mutation-transform.js';
import { definitionClasses, isClassCall } from './class-homes.js';
import { callParts, literalPart, templateParts, type ClassFollowing, type PartScope, type StaticPart } from './class-parts.js';
import { contextReader, type SourceReader } from './project-declarations.js';

export type ClassSource =
  | { kind: 'absent' }
  | {
      kind: 'static';
      parts: StaticPart[];
      attribute?: ts.JsxAttribute;
      call?: ts.CallExpression;
      /** For a component element whose definition was followed: whether the use's classes override the definition's. */
      merges?: boolean;
      /** That definition's root element, `file:line`. */
      definition?: string;
    }
  | { kind: 'dynamic'; why: string };

/** The element's own className, read in place (and through the `cva()` calls it makes when `following`). */
function ownClassSource(file: Pick<EditableFile, 'relative' | 'parsed'>, opening: ts.JsxOpeningLikeElement, following?: ClassFollowing): ClassSource {
  const sourceFile = sourceOf(file);
  const scope: PartScope = { sourceFile, relative: file.relative, shared: false, home: 'className', following };
  const attribute = findAttribute(opening, 'className');
  if (!attribute) return { kind: 'absent' };
  const initializer = attribute.initializer;
  if (!initializer) return { kind: 'dynamic', why: 'className has no value' };
  if (ts.isStringLiteral(initializer)) return { kind: 'static', parts: [literalPart(initializer, scope, true, true)], attribute };
  if (!ts.isJsxExpression(initializer) || !initializer.expression) return { kind: 'dynamic', why: 'className is not an expression' };
  let expression = initializer.expression;
  while (ts.isParenthesizedExpression(expression)) expression = expression.expression;
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
    return { kind: 'static', parts: [literalPart(expression, scope, true)], attribute };
  }
  if (ts.isTemplateExpression(expression)) return { kind: 'static', parts: templateParts(expression, scope, true), attribute };
  if (isClassCall(expression)) return { kind: 'static', parts: callParts(expression as ts.CallExpression, scope, true), attribute, call: expression as ts.CallExpression };
  const followed = ts.isCallExpression(expression) ? callParts(expression, scope, true) : [];
  if (followed.length > 0) return { kind: 'static', parts: followed, attribute };
  return { kind: 'dynamic', why: `className is computed by \`${expression.getText(sourceFile)}\`, which has no class text to edit` };
}

/**
 * Where the classes an element shows are written: its own className and, with a `reader` of the project, what it
 * leads to (a `cva()` base and the variants that apply; for a component element, its definition's className at
 * this use).
 */
export function readClassSource(file: Pick<EditableFile, 'relative' | 'parsed'>, entry: Pick<JsxElementEntry, 'opening' | 'isHost'>, reader?: SourceReader): ClassSource {
  const following = reader ? { reader, depth: 4 } : undefined;
  const own = ownClassSource(file, entry.opening, following);
  if (!reader || entry.isHost || own.kind === 'dynamic') return own;
  const ownParts = own.kind === 'static' ? own.parts : [];
  const definition = definitionClasses(entry.opening, file.relative, sourceOf(file), ownParts, reader);
  if (!definition || definition.parts.every((part) => !part.shared)) return own;
  const written = own.kind === 'static' ? { attribute: own.attribute, call: own.call } : {};
  return { kind: 'static', parts: definition.parts, ...written, merges: definition.merges, definition: definition.place };
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
  const source = ownClassSource(located.file, located.entry.opening);
  if (source.kind === 'dynamic') throw unwritable(located, source.why);
  if (source.kind === 'absent') return [];
  return source.parts.filter((p) => p.unconditional).flatMap(wholeTokens).map((t) => t.value);
}

/** Whole classes of a source's parts, always applied first. */
export function classTokens(source: Extract<ClassSource, { kind: 'static' }>): Token[] {
  return source.parts.flatMap(wholeTokens);
}

/** `cva variant size="sm" at src/components/ui/button.tsx:21`. */
export function placeOf(part: StaticPart): string {
  return `${part.home} at ${part.relative}:${part.line}`;
}

/** The explicit removals that cannot be made: a class only a condition adds, one every use shares when only this use may change, or one not there at all. */
function checkRemovals(located: LocatedElement, source: Extract<ClassSource, { kind: 'static' }>, tokens: Token[], remove: Set<string>, change: ClassEdit, instanceOnly: boolean): void {
  for (const className of remove) {
    const always = tokens.filter((t) => t.value === className && t.part.unconditional);
    const shared = always.find((t) => t.part.shared);
    if (instanceOnly && shared && always.every((t) => t.part.shared)) {
      throw unwritable(located, `the class "${className}" is written in the ${placeOf(shared.part)}, which every use shares: remove it there, not at this use`);
    }
    if (always.length > 0) continue;
    const anywhere = tokens.some((t) => t.value === className) || source.parts.some((p) => p.text.includes(className));
    if (anywhere) throw unwritable(located, `the class "${className}" is only added under a condition or glued to an expression`);
    if (change.requirePresent) throw unwritable(located, `its className has no class "${className}" written in the source`);
  }
}

/**
 * Adds classes where no existing class made room for them: at the end of the first static part of the element's own
 * className that can hold them (of its definition first, when the definition is what changes), as a new argument of
 * its class call, or as a new className.
 */
function appendToSource(located: LocatedElement, source: Extract<ClassSource, { kind: 'static' }>, newText: Map<StaticPart, string>, toAdd: string[], toDefinition: boolean): void {
  const { file } = located;
  const fits = (p: StaticPart) => p.unconditional && toAdd.every((c) => !p.forbidden.test(c)) && appendClasses(p, newText.get(p) ?? p.text, toAdd) !== null;
  const target = (toDefinition ? source.parts.find((p) => p.shared && fits(p)) : undefined) ?? source.parts.find((p) => !p.shared && fits(p));
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
  } else if (!source.attribute) {
    insertClassName(located, toAdd);
  } else {
    throw unwritable(located, 'its className has no static text where a class can be added');
  }
}

function insertClassName(located: LocatedElement, classes: string[]): void {
  for (const c of classes) if (/["{}]/.test(c)) throw unwritable(located, `the class "${c}" cannot be written in a className string`);
  insertAttribute(located.file, located.entry.opening, `className="${classes.join(' ')}"`);
}

/**
 * Only this use changes, so a class added here must win over the definition's (`cn` with tailwind-merge); where
 * it would not, the change is refused with the class it would lose to.
 */
function checkInstanceOverrides(located: LocatedElement, source: Extract<ClassSource, { kind: 'static' }>, tokens: Token[], add: string[], merge: ClassMerger): void {
  if (source.merges) return;
  const shared = tokens.filter((t) => t.part.unconditional && t.part.shared);
  const plan = planClassMerge(shared.map((t) => t.value), { add, clear: [], remove: [], replaceConflicts: true }, merge);
  const index = shared.findIndex((_, i) => (plan.replacements[i] ?? null) !== null);
  const loser = shared[index];
  if (!loser) return;
  throw unwritable(
    located,
    `its definition (${source.definition ?? loser.part.relative}) joins classes without tailwind-merge, so a class written at this use would not override "${loser.value}" from the ${placeOf(loser.part)}: change the definition instead`,
  );
}

export interface ClassHomes {
  reader: SourceReader;
  file(relative: string): EditableFile;
  choice?: ClassHomeChoice;
}

/** A transform's way to the files a class change may follow to. */
export function classHomesOf(context: MutationContext, choice?: ClassHomeChoice): ClassHomes {
  return { reader: contextReader(context), file: (relative) => context.file(relative), choice };
}

/**
 * Applies a class edit to an element's className, recording the edits on the files that write its classes (with
 * `homes`, a cva definition or the component's className too): a class that replaces others takes the place of the
 * first of them (`planClassMerge`), the rest go at the end of the element's own static text. Returns the files edited.
 */
export function editClasses(located: LocatedElement, change: ClassEdit, homes?: ClassHomes): EditableFile[] {
  const { file, entry } = located;
  const source = readClassSource(file, entry, homes?.reader);
  if (source.kind === 'dynamic') throw unwritable(located, source.why);
  const add = [...new Set(change.add)];
  const merge = change.merge ?? classMergerFor(EMPTY_THEME);
  if (source.kind === 'absent') {
    const missing = change.remove.filter((c) => !add.includes(c));
    if (change.requirePresent && missing.length > 0) throw unwritable(located, `it has no className, so it has no class "${missing[0]}" to remove`);
    const classes = planClassMerge([], { add, clear: [], remove: [], replaceConflicts: change.replaceConflicts }, merge).append;
    if (classes.length > 0) insertClassName(located, classes);
    return [file];
  }
  const instanceOnly = homes?.choice === 'instance';
  const tokens = source.parts.flatMap(wholeTokens);
  const remove = new Set(change.remove.filter((c) => !add.includes(c)));
  checkRemovals(located, source, tokens, remove, change, instanceOnly);
  if (instanceOnly && change.replaceConflicts) checkInstanceOverrides(located, source, tokens, add, merge);
  const editable = tokens.filter((t) => t.part.unconditional && !(instanceOnly && t.part.shared));
  const plan = planClassMerge(
    editable.map((t) => t.value),
    { add, clear: change.clearConflictsWith ?? [], remove: [...remove], replaceConflicts: change.replaceConflicts },
    merge,
  );
  const toAdd = [...plan.append];
  const edits = new Map<StaticPart, Array<{ token: Token; classes: string[] }>>();
  editable.forEach((token, index) => {
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
  if (toAdd.length > 0) appendToSource(located, source, newText, toAdd, homes?.choice === 'definition');
  const edited = new Set<EditableFile>([file]);
  for (const [part, text] of newText) {
    if (text === part.text) continue;
    const target = part.relative === file.relative || !homes ? file : homes.file(part.relative);
    target.replace(part.start, part.end, text);
    edited.add(target);
  }
  return [...edited];
}
