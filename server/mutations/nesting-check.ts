/**
 * The HTML content model (`contracts/content-model.ts`) asked of the source: the tags around a place as the file
 * writes them, and the tags an element holds. The file is all the server sees: above a component's root element
 * the place is decided by its call sites, which the rule treats as unknown (it then refuses nothing there).
 */
import { ts } from 'ts-morph';
import { nestingProblem } from '../../contracts/content-model.js';
import { appError } from '../../contracts/errors.js';
import type { EditableFile } from './editable-file.js';

/** The tags of an element and its enclosing elements in its file, nearest first. */
export function selfAndAncestorTags(file: EditableFile, id: string | null): string[] {
  const tags: string[] = [];
  let current = id;
  while (current) {
    const entry = file.parsed?.byId.get(current);
    if (!entry) break;
    tags.push(entry.tagName);
    current = entry.parentId;
  }
  return tags;
}

/** The tags of every element inside a node, any depth (the node's own excluded). */
export function descendantTags(node: ts.Node): string[] {
  const tags: string[] = [];
  const visit = (child: ts.Node) => {
    if (ts.isJsxElement(child)) tags.push(child.openingElement.tagName.getText());
    else if (ts.isJsxSelfClosingElement(child)) tags.push(child.tagName.getText());
    ts.forEachChild(child, visit);
  };
  ts.forEachChild(node, visit);
  return tags;
}

/** The tags of an element's own child elements (not deeper). */
export function childTags(node: ts.JsxElement | ts.JsxSelfClosingElement): string[] {
  if (!ts.isJsxElement(node)) return [];
  return node.children.flatMap((child) => (ts.isJsxElement(child) ? [child.openingElement.tagName.getText()] : ts.isJsxSelfClosingElement(child) ? [child.tagName.getText()] : []));
}

/** Refuses (422 INVALID_NESTING, saying `refused` first) an element with this tag among these ancestors, holding these descendants. */
export function assertValidNesting(refused: string, tag: string, ancestors: readonly string[], descendants: readonly string[] = []): void {
  const problem = nestingProblem(tag, ancestors, descendants);
  if (problem) throw appError('INVALID_NESTING', refused, problem);
}
