import type { MutationBody } from '../../contracts/changes.js';
import type { EditableFile } from '../engine/editable-file.js';
import { elementStart, indentationAt, isJsxChild, unwritable } from '../engine/jsx-source.js';
import type { MutationTransform } from '../engine/mutation-transform.js';
import { insertNew, resolvePlacement } from './placement.js';
import { outermostOnly } from './remove-jsx-element.js';

/** Puts a copy of each element right after its original. */
export const duplicate: MutationTransform<MutationBody<'duplicate'>> = (context, body) => {
  const files = new Set<EditableFile>();
  for (const located of outermostOnly(context, body.reactElements, 'element to duplicate')) {
    if (!isJsxChild(located.entry)) {
      throw unwritable(located, 'it is the whole value of an expression; a second element next to it would need a wrapper that changes the markup');
    }
    const start = elementStart(located.file, located.entry);
    const point = resolvePlacement(context, { after: body.reactElements.find((r) => r.codebaseId === located.entry.id) });
    insertNew(point, located.file.text.slice(start, located.entry.node.end), indentationAt(located.file.text, start));
    files.add(located.file);
  }
  return [...files];
};
