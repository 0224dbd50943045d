/**
 * A file's new parse after a change, without parsing the whole file again: only the innermost JSX element that holds
 * everything the change touched is parsed, alone, and spliced into the file's tree; the element index is patched for
 * that element's subtree (ids worked out exactly as `indexJsxElements` would) and shifted after it. Why: parsing and
 * indexing a 140 KB page took most of a change's time, growing with the file, for an edit of a few bytes.
 *
 * Why this is safe: a JSX element is self-delimiting, so when the old file parsed with no syntax error and the new
 * element's text parses alone as exactly one element with no error, the whole new file parses with no error and
 * into the same tree outside that element. Anything else (no such element, an old file with errors, a parse borrowed
 * from the codebase-id plugin, `await` or `yield` whose meaning depends on the function around) falls back to a
 * whole parse. It does not rely on TypeScript's incremental `updateSourceFile` (TypeScript 7 has none).
 *
 * The new parse is pending until `settleParse` (the change was written): only then is the old tree re-used in place
 * (its nodes after the element shifted), so a refused change leaves the cached parse as it was.
 */
import { ts } from 'ts-morph';
import { indexJsxSubtree, type JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';
import type { ParsedSource } from './editable-file.js';
import { carryConventions } from './file-conventions.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type MutableRange = { pos: number; end: number };

/** How many enclosing elements are tried, innermost first, before the whole file is parsed instead. */
const TRIED_ELEMENTS = 3;
/** Keywords whose parse depends on the function around the element (an async or generator one). */
const CONTEXT_KEYWORDS = /\b(?:await|yield)\b/;

/** The commits of parses made here and not settled yet. */
const pending = new WeakMap<ParsedSource, () => void>();

/** Characters compared at once while the texts agree: a slice comparison is a native compare, a loop is not. */
const COMPARED_BLOCK = 1024;

/** The part of `before` that `after` replaces: `[start, beforeEnd)` of one is `[start, afterEnd)` of the other. */
export function changedRange(before: string, after: string): { start: number; beforeEnd: number; afterEnd: number } {
  const shorter = Math.min(before.length, after.length);
  // Why blocks first: a character loop over a 140 KB file was a tenth of a change's time (issue 29).
  let start = 0;
  while (start + COMPARED_BLOCK <= shorter && before.slice(start, start + COMPARED_BLOCK) === after.slice(start, start + COMPARED_BLOCK)) start += COMPARED_BLOCK;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start += 1;
  const room = shorter - start;
  let tail = 0;
  while (tail + COMPARED_BLOCK <= room && before.slice(before.length - tail - COMPARED_BLOCK, before.length - tail) === after.slice(after.length - tail - COMPARED_BLOCK, after.length - tail)) tail += COMPARED_BLOCK;
  while (tail < room && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail += 1;
  return { start, beforeEnd: before.length - tail, afterEnd: after.length - tail };
}

/** Makes a parse from `reparseLocally` the file's: its tree is spliced into the old one (once; no-op otherwise). */
export function settleParse(parsed: ParsedSource): void {
  const commit = pending.get(parsed);
  if (!commit) return;
  pending.delete(parsed);
  commit();
}

/**
 * The parse of `after` made from `previous` (the parse of `before`, which must have no syntax error), or null when
 * no element can be re-parsed alone and the caller parses the whole file.
 */
export function reparseLocally(previous: ParsedSource, before: string, after: string, relative: string): ParsedSource | null {
  if (previous.sourceFile.text !== before || syntaxErrorCount(previous.sourceFile) > 0) return null;
  const range = changedRange(before, after);
  const { entries } = previous;
  // Pre-order: an element holding the range comes after every element that holds it too.
  const holders: number[] = [];
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    if (entry.start < range.start && range.beforeEnd < entry.node.end) holders.push(i);
  }
  holders.reverse();
  // A change at two places of one parent (a move to a sibling's subtree): its two children parsed alone, not the
  // parent with everything between them.
  const innermost = holders[0];
  const siblings = innermost === undefined ? null : reparseTwoChildren(previous, innermost, before, after, relative, range);
  if (siblings) return siblings;
  for (const index of holders.slice(0, TRIED_ELEMENTS)) {
    const parsed = reparseElement(previous, index, after, relative, range);
    if (parsed) return parsed;
  }
  return null;
}

/** The index of the entry whose element is a child of `parent`'s element and holds `position` (its text, trivia excluded). */
function childHolding(entries: readonly JsxElementEntry[], parent: number, position: number, inclusiveEnd: boolean): number | null {
  const node = entries[parent]!.node;
  for (let i = parent + 1; i < entries.length && entries[i]!.start < node.end; i += 1) {
    const entry = entries[i]!;
    if (entry.node.parent === node && entry.start <= position && (position < entry.node.end || (inclusiveEnd && position === entry.node.end))) return i;
  }
  return null;
}

/**
 * The parse of `after` when the change falls inside two children of the element `entries[parent]`, and what lies
 * between them is the same text: the later child re-parsed alone first (the text between them in the middle), then
 * the earlier one, each as `reparseElement` does, and the two splices made in that order when the parse settles. Null
 * when the change is not of that shape.
 */
function reparseTwoChildren(previous: ParsedSource, parent: number, before: string, after: string, relative: string, range: ReturnType<typeof changedRange>): ParsedSource | null {
  const { entries } = previous;
  const first = childHolding(entries, parent, range.start, false);
  const last = childHolding(entries, parent, range.beforeEnd, true);
  if (first === null || last === null || first === last) return null;
  const [earlier, later] = [entries[first]!, entries[last]!];
  // The later child's new text: from where the text between the two children appears again after the earlier
  // child's new text, found by parsing the earlier one where it starts (it must be one element there).
  const kind = relative.endsWith('.jsx') ? ts.ScriptKind.JSX : ts.ScriptKind.TSX;
  const tail = before.length - later.node.end;
  const span = after.slice(earlier.start, after.length - tail);
  if (CONTEXT_KEYWORDS.test(span)) return null;
  const run = ts.createSourceFile(previous.sourceFile.fileName, `<>${span}</>`, ts.ScriptTarget.Latest, true, kind);
  const statement = run.statements[0];
  if (run.statements.length !== 1 || syntaxErrorCount(run) > 0 || !statement || !ts.isExpressionStatement(statement) || !ts.isJsxFragment(statement.expression)) return null;
  const head = statement.expression.children[0];
  if (!head || !(ts.isJsxElement(head) || ts.isJsxSelfClosingElement(head)) || head.getStart(run) !== 2) return null;
  const earlierEnd = earlier.start + head.end - 2;
  const between = before.slice(earlier.node.end, later.start);
  if (!after.startsWith(between, earlierEnd)) return null;
  const laterText = after.slice(earlierEnd + between.length, after.length - tail);
  // The text with the later child changed only, and then with both: it must be `after`.
  const middle = before.slice(0, later.start) + laterText + before.slice(later.node.end);
  if (middle.slice(0, earlier.start) + after.slice(earlier.start, earlierEnd) + middle.slice(earlier.node.end) !== after) return null;
  const once = reparseElement(previous, last, middle, relative, changedRange(before, middle));
  if (!once) return null;
  const twice = reparseElement(once, first, after, relative, changedRange(middle, after));
  if (!twice) {
    pending.delete(once);
    return null;
  }
  const [spliceLater, spliceEarlier] = [pending.get(once)!, pending.get(twice)!];
  pending.delete(once);
  pending.set(twice, () => {
    spliceLater();
    spliceEarlier();
  });
  return twice;
}

function syntaxErrorCount(sourceFile: ts.SourceFile): number {
  return (sourceFile as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics?.length ?? 0;
}

/** The element `entries[index]` parsed alone from `after`, or null when its new text is not exactly one element. */
function reparseElement(previous: ParsedSource, index: number, after: string, relative: string, range: ReturnType<typeof changedRange>): ParsedSource | null {
  const old = previous.sourceFile;
  const target = previous.entries[index]!;
  const delta = after.length - old.text.length;
  const start = target.start;
  const end = target.node.end;
  const text = after.slice(start, end + delta);
  if (CONTEXT_KEYWORDS.test(text)) return null;
  const kind = relative.endsWith('.jsx') ? ts.ScriptKind.JSX : ts.ScriptKind.TSX;
  const local = ts.createSourceFile(old.fileName, text, ts.ScriptTarget.Latest, true, kind);
  const statement = local.statements[0];
  if (local.statements.length !== 1 || syntaxErrorCount(local) > 0 || !statement || !ts.isExpressionStatement(statement)) return null;
  const element = statement.expression;
  if (!(ts.isJsxElement(element) || ts.isJsxSelfClosingElement(element)) || element.getStart(local) !== 0 || element.end !== text.length) return null;

  // The subtree's entries, numbered where the old element stood; the ones after it keep their ids and move.
  const enclosing = target.parentId === null ? null : (previous.byId.get(target.parentId) ?? null);
  const ordinal = Number(target.structuralPath.slice(target.structuralPath.lastIndexOf('-') + 1));
  const inside = indexJsxSubtree(element, local, relative, { enclosing, ordinal, offset: start, rendering: target.rendering });
  let next = index + 1;
  while (next < previous.entries.length && previous.entries[next]!.start < end) next += 1;
  const moved = previous.entries.slice(next).map((entry) => movedEntry(entry, delta));
  const all = [...previous.entries.slice(0, index), ...inside, ...moved];

  const sourceFile = Object.assign(Object.create(Object.getPrototypeOf(old) as object) as ts.SourceFile, old);
  const writable = sourceFile as Mutable<ts.SourceFile> & { lineMap?: unknown };
  writable.text = after;
  writable.end = after.length;
  writable.lineMap = lineStartsAfter(old, after, range);
  const parsed: ParsedSource = { sourceFile, entries: all, byId: new Map(all.map((entry) => [entry.id, entry])) };
  carryConventions(old, sourceFile, target.node, local, element);
  pending.set(parsed, () => splice(old, sourceFile, target.node, element, local, delta));
  return parsed;
}

/**
 * An entry after the changed element, `delta` further on. Why written out field by field: a spread of each of a 140 KB
 * file's entries cost more than the element's own parse. The type names every field, so a field added to entries
 * fails to compile here until it is carried.
 */
function movedEntry(entry: JsxElementEntry, delta: number): JsxElementEntry {
  const moved: { [K in keyof JsxElementEntry]-?: JsxElementEntry[K] } = {
    id: entry.id,
    structuralPath: entry.structuralPath,
    start: entry.start + delta,
    node: entry.node,
    opening: entry.opening,
    tagName: entry.tagName,
    isHost: entry.isHost,
    rendering: entry.rendering,
    attributeInsertPosition: entry.attributeInsertPosition + delta,
    parentId: entry.parentId,
  };
  return moved;
}

/**
 * The line starts of `after` made from those of the old text (when it has them): the lines around the change are
 * worked out again, the ones after it shifted. Why: a transform asks for an element's line, and working out the line
 * starts of a 140 KB file again after each change cost more than the change's own parse.
 */
function lineStartsAfter(old: ts.SourceFile, after: string, range: ReturnType<typeof changedRange>): readonly number[] | undefined {
  const starts = (old as unknown as { lineMap?: readonly number[] }).lineMap;
  if (!starts) return undefined;
  const delta = range.afterEnd - range.beforeEnd;
  // The lines from the one the change starts in up to the first line that starts after it: the text before
  // `range.start` and from `range.beforeEnd` on is the same in both, so are the line breaks there (a line starting
  // right at the change is worked out again too: a CR before it and an LF the change puts there are one break).
  let first = 0;
  while (first + 1 < starts.length && starts[first + 1]! < range.start) first += 1;
  let next = first + 1;
  while (next < starts.length && starts[next]! <= range.beforeEnd) next += 1;
  const from = starts[first]!;
  const to = next < starts.length ? starts[next]! + delta : after.length;
  const middle = [from];
  // The line breaks TypeScript counts (CRLF as one).
  for (const lineBreak of after.slice(from, to).matchAll(/\r\n?|[\n\u2028\u2029]/g)) {
    const start = from + lineBreak.index + lineBreak[0].length;
    if (start < to || next >= starts.length) middle.push(start);
  }
  return [...starts.slice(0, first), ...middle, ...starts.slice(next).map((start) => start + delta)];
}

/** Puts `element` (parsed alone, at 0) in place of `target` in the old tree, and hands the tree to `sourceFile`. */
function splice(old: ts.SourceFile, sourceFile: ts.SourceFile, target: ts.Node, element: ts.Node, local: ts.SourceFile, delta: number): void {
  const from = target.pos;
  const to = target.end;
  // JSDoc hangs only on nodes a `/**` comment comes before: with none after the element, none is looked for.
  const docsAfter = old.text.includes('/**', to);
  const visitNode = (node: ts.Node): void => {
    if (node === target || node.end <= from) return;
    if (node.pos >= to) {
      shift(node, delta, docsAfter);
      return;
    }
    (node as MutableRange).end += delta;
    ts.forEachChild(node, visitNode, visitArray);
  };
  const visitArray = (nodes: ts.NodeArray<ts.Node>): void => {
    if (nodes.end <= from) return;
    if (nodes.pos >= to) {
      shiftBy = delta;
      shiftDocs = docsAfter;
      shiftNodes(nodes);
      return;
    }
    (nodes as unknown as MutableRange).end += delta;
    for (const node of nodes) visitNode(node);
  };
  ts.forEachChild(old, visitNode, visitArray);

  const start = target.getStart(old);
  shift(element, start, local.text.includes('/**'));
  // The element's leading trivia is its own (and its first descendants') in the whole file; alone it had none.
  const takeLeadingTrivia = (node: ts.Node | ts.NodeArray<ts.Node>): void => {
    if (node.pos !== start) return;
    (node as MutableRange).pos = from;
    if (Array.isArray(node)) {
      const first = (node as ts.NodeArray<ts.Node>)[0];
      if (first) takeLeadingTrivia(first);
    } else ts.forEachChild(node as ts.Node, takeLeadingTrivia, takeLeadingTrivia);
  };
  takeLeadingTrivia(element);
  const parent = target.parent as unknown as Record<string, unknown>;
  for (const key of Object.keys(parent)) {
    const value = parent[key];
    if (value === target) parent[key] = element;
    else if (Array.isArray(value) && value.includes(target)) value[value.indexOf(target)] = element;
  }
  (element as Mutable<ts.Node>).parent = target.parent;
  for (const statement of sourceFile.statements) (statement as Mutable<ts.Node>).parent = sourceFile;
  (sourceFile.endOfFileToken as Mutable<ts.Node>).parent = sourceFile;
  spliceCommentDirectives(old, sourceFile, local, start, from, to, delta);
}

/** `// @ts-expect-error` and the like: those of the element from its own parse, those after it moved. */
function spliceCommentDirectives(old: ts.SourceFile, sourceFile: ts.SourceFile, local: ts.SourceFile, start: number, from: number, to: number, delta: number): void {
  type Directive = { range: ts.TextRange; type: number };
  const directives = (file: ts.SourceFile) => (file as unknown as { commentDirectives?: Directive[] }).commentDirectives ?? [];
  const moved = (directive: Directive, by: number): Directive => ({ ...directive, range: { pos: directive.range.pos + by, end: directive.range.end + by } });
  const result = [
    ...directives(old).filter((d) => d.range.end <= from),
    ...directives(local).map((d) => moved(d, start)),
    ...directives(old).filter((d) => d.range.pos >= to).map((d) => moved(d, delta)),
  ];
  (sourceFile as unknown as { commentDirectives?: Directive[] }).commentDirectives = result.length > 0 ? result : undefined;
}

/**
 * The walk of `shift`, which visits every node after a change: no closure made per node, and JSDoc looked for only
 * when the text has any (a missing property looked up on every node cost about as much as the shift itself).
 */
let shiftBy = 0;
let shiftDocs = true;

function shift(node: ts.Node, delta: number, docs = true): void {
  shiftBy = delta;
  shiftDocs = docs;
  shiftNode(node);
}

function shiftNode(node: ts.Node): undefined {
  (node as MutableRange).pos += shiftBy;
  (node as MutableRange).end += shiftBy;
  if (shiftDocs) {
    const docs = (node as { jsDoc?: ts.Node[] }).jsDoc;
    if (docs) for (const doc of docs) shiftNode(doc);
  }
  ts.forEachChild(node, shiftNode, shiftNodes);
  return undefined;
}

function shiftNodes(nodes: ts.NodeArray<ts.Node>): undefined {
  (nodes as unknown as MutableRange).pos += shiftBy;
  (nodes as unknown as MutableRange).end += shiftBy;
  for (let i = 0; i < nodes.length; i += 1) shiftNode(nodes[i]!);
  return undefined;
}
