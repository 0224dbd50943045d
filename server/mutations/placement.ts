/**
 * Where a new or moved element goes (before an element, after it, or last in a container) and how its text is
 * put there: on a line of its own, indented like its new siblings, when the siblings are laid out one per line;
 * inline otherwise. Records which lines of the text came from where, so ids can follow moved elements.
 */
import { ts } from 'ts-morph';
import type { TempoElement } from '../../contracts/changes.js';
import { appError } from '../../contracts/errors.js';
import type { EditableFile, EditMark } from './editable-file.js';
import { aloneOnLine, describeElement, elementStart, indentationAt, isJsxChild, lineEndOf, lineStartOf, sourceOf, unwritable } from './jsx-source.js';
import type { LocatedElement, MutationContext } from './mutation-transform.js';
import { selfAndAncestorTags } from './nesting-check.js';
import { convertIndent } from './text-layout.js';

export interface Placement {
  container?: TempoElement | undefined;
  before?: TempoElement | undefined;
  after?: TempoElement | undefined;
}

export interface InsertionPoint {
  file: EditableFile;
  /**
   * The element that will contain the inserted one, which errors name; for a child of a fragment outside any
   * element (`return (<>…</>)`), the sibling it goes next to.
   */
  container: LocatedElement;
  position: number;
  /** Indentation of the inserted element's first line when it goes on a line of its own; null when inline. */
  indent: string | null;
  /** Text before and after the element (newlines and indentation). */
  lead: string;
  trail: string;
  /** A self-closing container is opened: the range of its `/>` (with the space before it) and its closing tag. */
  opens?: { start: number; end: number; closing: string };
  /** The tags the inserted element will stand in, nearest first, as far as its file writes them. */
  ancestors: readonly string[];
}

function sibling(context: MutationContext, reference: TempoElement, side: string, container: LocatedElement | null): LocatedElement {
  const located = context.element(reference, `element to place ${side}`);
  if (!isJsxChild(located.entry)) throw unwritable(located, `nothing can be placed ${side} it: it is not among the children of an element`);
  // A child of a fragment outside any element: the editor's tree names as its parent the component instance that
  // renders the fragment (in another file), which the source cannot confirm; the sibling alone places it.
  const underTopFragment = located.entry.parentId === null && ts.isJsxFragment(located.entry.node.parent);
  if (container && !underTopFragment && (located.file !== container.file || located.entry.parentId !== container.entry.id)) {
    throw appError('INVALID_CHANGE', 'placement', `${describeElement(located)} is not a child of ${describeElement(container)}`);
  }
  return located;
}

/** The sibling's enclosing element; a fragment outside any element is a parent too, named by the sibling itself. */
function parentOf(located: LocatedElement): LocatedElement {
  const parentId = located.entry.parentId;
  const entry = parentId ? located.file.parsed?.byId.get(parentId) : undefined;
  if (entry) return { file: located.file, entry };
  if (ts.isJsxFragment(located.entry.node.parent)) return located;
  throw unwritable(located, 'it has no enclosing element');
}

/** Right before or right after a sibling: on a line of its own when the sibling stands alone on its line. */
function beside(context: MutationContext, reference: TempoElement, side: 'before' | 'after', container: LocatedElement | null): InsertionPoint {
  const target = sibling(context, reference, side, container);
  const { file, entry } = target;
  const parent = container ?? parentOf(target);
  // A sibling standing for a fragment's parent: the place is the fragment, whose enclosing tags are the sibling's.
  const ancestors = parent === target ? selfAndAncestorTags(file, entry.parentId) : selfAndAncestorTags(parent.file, parent.entry.id);
  if (aloneOnLine(file.text, entry.start, entry.node.end)) {
    const indent = indentationAt(file.text, entry.start);
    return side === 'before'
      ? { file, container: parent, position: lineStartOf(file.text, entry.start), indent, lead: indent, trail: '\n', ancestors }
      : { file, container: parent, position: lineEndOf(file.text, entry.node.end), indent, lead: `\n${indent}`, trail: '', ancestors };
  }
  return { file, container: parent, position: side === 'before' ? entry.start : entry.node.end, indent: null, lead: '', trail: '', ancestors };
}

export function resolvePlacement(context: MutationContext, placement: Placement): InsertionPoint {
  const container = placement.container ? context.element(placement.container, 'container element') : null;
  if (placement.before) return beside(context, placement.before, 'before', container);
  if (placement.after) return beside(context, placement.after, 'after', container);
  if (!container) throw appError('INVALID_CHANGE', 'placement', 'name a container element, or an element to place it before or after');
  return lastChildOf(container);
}

function lastChildOf(container: LocatedElement): InsertionPoint {
  const { file, entry } = container;
  const text = file.text;
  const ancestors = selfAndAncestorTags(file, entry.id);
  const containerIndent = indentationAt(text, elementStart(file, entry));
  const unit = file.indentUnit;
  // A container that stands on a line of its own and holds nothing yet gets its first child on a line of its own,
  // one level deeper, as the project's formatter lays out an element with element children.
  const startsLine = /^[ \t]*$/.test(text.slice(lineStartOf(text, elementStart(file, entry)), elementStart(file, entry)));
  const ownLine = startsLine ? { indent: containerIndent + unit, lead: `\n${containerIndent + unit}`, trail: `\n${containerIndent}` } : { indent: null, lead: '', trail: '' };
  if (ts.isJsxSelfClosingElement(entry.node)) {
    const attributesEnd = entry.node.attributes.end;
    return {
      file,
      container,
      position: attributesEnd,
      ...ownLine,
      opens: { start: attributesEnd, end: entry.node.end, closing: `</${entry.tagName}>` },
      ancestors,
    };
  }
  const closing = entry.node.closingElement;
  const closingStart = closing.getStart(sourceOf(file));
  const openingEnd = entry.node.openingElement.end;
  const multiline = text.slice(openingEnd, closingStart).includes('\n') || text.slice(elementStart(file, entry), closingStart).includes('\n');
  if (multiline && /^[ \t]*$/.test(text.slice(lineStartOf(text, closingStart), closingStart))) {
    const indent = containerIndent + unit;
    const lineStart = lineStartOf(text, closingStart);
    if (lineStart <= openingEnd) {
      return { file, container, position: closingStart, indent, lead: `\n${indent}`, trail: `\n${containerIndent}`, ancestors };
    }
    return { file, container, position: lineStart, indent, lead: indent, trail: '\n', ancestors };
  }
  if (closingStart === openingEnd) return { file, container, position: closingStart, ...ownLine, ancestors };
  return { file, container, position: closingStart, indent: null, lead: '', trail: '', ancestors };
}

/** How indentation is carried from where an element's text comes from to where it goes. */
export interface IndentUnits {
  from: string;
  to: string;
}

/**
 * Re-indents the lines after the first from `fromIndent` to `toIndent` (the first line starts at the element),
 * converting the deeper levels from one unit of indentation to the other (tabs, two or four spaces).
 * Text with a template literal keeps its bytes: its lines may be part of a string.
 */
export function reindent(
  text: string,
  fromIndent: string,
  toIndent: string | null,
  units?: IndentUnits,
): { text: string; lines: Array<{ newOffset: number; oldOffset: number; length: number }> } {
  const lines = text.split('\n');
  const convert = units !== undefined && units.from !== units.to;
  const shift = toIndent !== null && (fromIndent !== toIndent || convert) && !text.includes('`');
  let oldOffset = 0;
  let newOffset = 0;
  const out: string[] = [];
  const mapping: Array<{ newOffset: number; oldOffset: number; length: number }> = [];
  lines.forEach((line, i) => {
    let written = line;
    let skipOld = 0;
    let skipNew = 0;
    if (shift && i > 0 && line.startsWith(fromIndent)) {
      const deeper = /^[ \t]*/.exec(line.slice(fromIndent.length))![0];
      const converted = convert ? convertIndent(deeper, units!.from, units!.to) : deeper;
      written = toIndent + converted + line.slice(fromIndent.length + deeper.length);
      skipOld = fromIndent.length + deeper.length;
      skipNew = toIndent.length + converted.length;
    }
    mapping.push({ newOffset: newOffset + skipNew, oldOffset: oldOffset + skipOld, length: line.length - skipOld });
    out.push(written);
    oldOffset += line.length + 1;
    newOffset += written.length + 1;
  });
  return { text: out.join('\n'), lines: mapping };
}

/** Element text as the insertion point wants it, and where it sits in the inserted text. */
function placed(point: InsertionPoint, elementText: string, fromIndent: string, fromUnit: string): { text: string; offset: number; lines: ReturnType<typeof reindent>['lines'] } {
  const body = reindent(elementText, fromIndent, point.indent, { from: fromUnit, to: point.file.indentUnit });
  if (point.opens) return { text: `>${point.lead}${body.text}${point.trail}${point.opens.closing}`, offset: 1 + point.lead.length, lines: body.lines };
  return { text: point.lead + body.text + point.trail, offset: point.lead.length, lines: body.lines };
}

function record(point: InsertionPoint, text: string, marks: EditMark[]): void {
  if (point.opens) point.file.replace(point.opens.start, point.opens.end, text, marks);
  else point.file.insert(point.position, text, marks);
}

/**
 * Inserts text of a new element: everything in it counts as created. `fromUnit` is the indentation unit of the
 * file the text comes from (the target's own for text made here).
 */
export function insertNew(point: InsertionPoint, elementText: string, fromIndent: string, fromUnit = point.file.indentUnit): void {
  const { text, offset } = placed(point, elementText, fromIndent, fromUnit);
  const length = text.length - offset - point.trail.length - (point.opens?.closing.length ?? 0);
  record(point, text, [{ kind: 'added', offset, length }]);
}

/** Inserts the text of an element that is moving from `origin` (which the caller removes). */
export function insertMoved(point: InsertionPoint, origin: { file: EditableFile; start: number; end: number }, fromIndent: string): void {
  const { text, offset, lines } = placed(point, origin.file.text.slice(origin.start, origin.end), fromIndent, origin.file.indentUnit);
  const marks: EditMark[] = lines.map((line) => ({
    kind: 'moved',
    offset: offset + line.newOffset,
    fromFile: origin.file.relative,
    fromStart: origin.start + line.oldOffset,
    fromEnd: origin.start + line.oldOffset + line.length,
  }));
  record(point, text, marks);
}
