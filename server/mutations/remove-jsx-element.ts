import type { MutationBody } from '../../contracts/changes.js';
import type { ts } from 'ts-morph';
import type { EditableFile } from '../engine/editable-file.js';
import { closeEmptied, emptiedParents } from './emptied-parent.js';
import { isJsxChild, removalRange, unwritable } from '../engine/jsx-source.js';
import type { LocatedElement, MutationContext, MutationTransform } from '../engine/mutation-transform.js';
import { dropLocalsMadeUnused } from './unused-locals.js';

/** The located elements without repeats and without those inside another one of them (they go with it). */
export function outermostOnly(context: MutationContext, references: MutationBody<'removeJsxElement'>['elementsToRemove'], role: string): LocatedElement[] {
  const located = new Map<string, LocatedElement>();
  for (const reference of references) located.set(reference.codebaseId, context.element(reference, role));
  return [...located.values()].filter(({ file, entry }) => {
    for (let parent = entry.parentId; parent; parent = file.parsed?.byId.get(parent)?.parentId ?? null) {
      if (located.has(parent)) return false;
    }
    return true;
  });
}

/**
 * Removes each element with its line when it stands alone on it; a parent left without children is closed, and
 * the locals only the removed elements used go with them (`unused-locals.ts`).
 */
export const removeJsxElement: MutationTransform<MutationBody<'removeJsxElement'>> = (context, body) => {
  const files = new Set<EditableFile>();
  const removed = outermostOnly(context, body.elementsToRemove, 'element to remove');
  for (const located of removed) {
    if (!isJsxChild(located.entry)) {
      throw unwritable(located, 'it is the whole value of an expression (a return, a .map callback or a condition); removing it would leave no element there');
    }
  }
  const emptied = emptiedParents(removed);
  for (const [parent, file] of emptied) {
    closeEmptied(file, parent);
    files.add(file);
  }
  for (const located of removed) {
    if (emptied.has(located.entry.node.parent as ts.JsxElement)) continue;
    const [start, end] = removalRange(located.file, located.entry);
    located.file.replace(start, end, '');
    files.add(located.file);
  }
  for (const file of files) dropLocalsMadeUnused(file);
  return [...files];
};
