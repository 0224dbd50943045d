/**
 * Removing every child of an element leaves `<div></div>`, which linters flag (`react/self-closing-comp`) and
 * Prettier never writes from `<div />`: the emptied element is self-closed instead, unless the file itself writes
 * empty elements as pairs, whose way it then keeps (`<div></div>`, with nothing left between the tags).
 */
import { ts } from 'ts-morph';
import type { EditableFile } from '../engine/editable-file.js';
import type { LocatedElement } from '../engine/mutation-transform.js';

/** Whether a child of an element is only layout: blank text, or `{}` with nothing in it. */
const isBlank = (child: ts.JsxChild) => (ts.isJsxText(child) && child.containsOnlyTriviaWhiteSpaces) || (ts.isJsxExpression(child) && !child.expression && child.getText().replace(/\s/g, '') === '{}');

/** The elements that the removal of `removed` leaves without children, each with the file it is in. */
export function emptiedParents(removed: readonly LocatedElement[]): Map<ts.JsxElement, EditableFile> {
  const gone = new Set<ts.Node>(removed.map((located) => located.entry.node));
  const emptied = new Map<ts.JsxElement, EditableFile>();
  for (const { file, entry } of removed) {
    const parent = entry.node.parent;
    if (!ts.isJsxElement(parent) || emptied.has(parent)) continue;
    if (parent.children.every((child) => gone.has(child) || isBlank(child))) emptied.set(parent, file);
  }
  return emptied;
}

/** Whether the file writes an element without children as a pair of tags (`<td></td>`) rather than self-closed. */
function writesEmptyPairs(file: EditableFile, except: ts.JsxElement): boolean {
  return (file.parsed?.entries ?? []).some((entry) => entry.node !== except && ts.isJsxElement(entry.node) && entry.node.children.length === 0);
}

/** Records the emptied element's new text: self-closed, or an empty pair in a file that writes those. */
export function closeEmptied(file: EditableFile, element: ts.JsxElement): void {
  const sourceFile = element.getSourceFile();
  const opening = element.openingElement;
  if (writesEmptyPairs(file, element)) {
    file.replace(opening.end, element.closingElement.getStart(sourceFile), '');
    return;
  }
  // `<div\n  className="x"\n>` keeps its last line break before `/>`, as Prettier lays such a tag out.
  const beforeBracket = file.text[opening.end - 2] ?? '';
  file.replace(opening.end - 1, element.end, /\s/.test(beforeBracket) ? '/>' : ' />');
}
