import { ts } from 'ts-morph';
import type { MutationBody } from '../../contracts/changes.js';
import type { EditMark } from '../engine/editable-file.js';
import { describeElement, elementStart, findAttribute, indentationAt, lineStartOf, unwritable } from '../engine/jsx-source.js';
import type { LocatedElement, MutationTransform } from '../engine/mutation-transform.js';
import { assertValidNesting, descendantTags, selfAndAncestorTags } from './nesting-check.js';
import { outermostOnly } from './remove-jsx-element.js';
import { reindent } from './placement.js';

/** The located elements if they are one run of siblings (only blank text between them), in source order. */
function contiguousRun(elements: LocatedElement[]): LocatedElement[] {
  const first = elements[0]!;
  const parent = first.entry.node.parent;
  for (const other of elements) {
    if (other.file !== first.file || other.entry.node.parent !== parent) {
      throw unwritable(other, `it is not a sibling of ${describeElement(first)}; only siblings of one parent can be wrapped together`);
    }
  }
  if (elements.length === 1) return elements;
  if (!ts.isJsxElement(parent) && !ts.isJsxFragment(parent)) throw unwritable(first, 'only children of one element can be wrapped together');
  const chosen = new Set(elements.map((e) => e.entry.node as ts.Node));
  const children = [...parent.children];
  const indices = children.map((child, i) => (chosen.has(child) ? i : -1)).filter((i) => i >= 0);
  const from = Math.min(...indices);
  const to = Math.max(...indices);
  for (let i = from; i <= to; i += 1) {
    const child = children[i]!;
    if (chosen.has(child)) continue;
    if (ts.isJsxText(child) && child.containsOnlyTriviaWhiteSpaces) continue;
    // `{/* a comment */}` renders nothing: it goes into the wrapper with the elements around it.
    if (ts.isJsxExpression(child) && !child.expression) continue;
    const line = child.getSourceFile().getLineAndCharacterOfPosition(child.getStart()).line + 1;
    throw unwritable(first, `the elements are not next to each other (something else stands between them on line ${line})`);
  }
  return elements.sort((a, b) => a.entry.node.pos - b.entry.node.pos);
}

/** Wraps one element, or a run of sibling elements, in a new `<div>`. */
export const wrapInDiv: MutationTransform<MutationBody<'wrapInDiv'>> = (context, body) => {
  const run = contiguousRun(outermostOnly(context, body.reactElements, 'element to wrap'));
  const first = run[0]!;
  const last = run.at(-1)!;
  const { file } = first;
  if (first.entry.rendering === 'repeated' && findAttribute(first.entry.opening, 'key')) {
    throw unwritable(first, 'it is rendered by .map with a key; the key would have to move to the new div');
  }
  // The new div stands where the run stood, holding it.
  const held = run.flatMap((element) => [element.entry.tagName, ...descendantTags(element.entry.node)]);
  const refused = `Cannot wrap ${describeElement(first)}${run.length > 1 ? ` and ${run.length - 1} more` : ''} in a <div>`;
  assertValidNesting(refused, 'div', selfAndAncestorTags(file, first.entry.parentId), held);
  for (const element of run) assertValidNesting(refused, element.entry.tagName, ['div', ...selfAndAncestorTags(file, first.entry.parentId)]);
  const start = elementStart(file, first.entry);
  const end = last.entry.node.end;
  const indent = indentationAt(file.text, start);
  const alone = /^[ \t]*$/.test(file.text.slice(lineStartOf(file.text, start), start));
  const inner = indent + file.indentUnit;
  // An element alone on its line gets the wrapper on lines of its own, as Prettier's defaults lay a parent out.
  const multiline = alone;
  const opening = multiline ? `<div>\n${inner}` : '<div>';
  const closing = multiline ? `\n${indent}</div>` : '</div>';
  const body_ = multiline ? reindent(file.text.slice(start, end), indent, inner) : reindent(file.text.slice(start, end), indent, null);
  const marks: EditMark[] = [{ kind: 'added', offset: 0, length: 4 }];
  for (const line of body_.lines) {
    marks.push({ kind: 'moved', offset: opening.length + line.newOffset, fromFile: file.relative, fromStart: start + line.oldOffset, fromEnd: start + line.oldOffset + line.length });
  }
  file.replace(start, end, opening + body_.text + closing, marks);
  return [file];
};
