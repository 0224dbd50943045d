import type { MutationBody } from '../../contracts/changes.js';
import { appError } from '../../contracts/errors.js';
import { addImports, importsNeededElsewhere } from './imports.js';
import { projectAliases } from '../engine/import-conventions.js';
import { describeElement, elementStart, indentationAt, isJsxChild, removalRange, sourceOf, unwritable } from '../engine/jsx-source.js';
import type { MutationTransform } from '../engine/mutation-transform.js';
import { assertValidNesting, descendantTags } from './nesting-check.js';
import { insertMoved, resolvePlacement } from './placement.js';

/**
 * Moves an element within its parent, to another parent, or into another file (carrying the imports it uses;
 * a name of its own file makes that 422). `expectedCurrentParent` guards against a stale editor: 409.
 */
export const moveJsxElement: MutationTransform<MutationBody<'moveJsxElement'>> = (context, body) => {
  const moving = context.element(body.elementToMove, 'element to move');
  if (!isJsxChild(moving.entry)) {
    throw unwritable(moving, 'it is the whole value of an expression (a return, a .map callback or a condition), so it cannot leave it');
  }
  if (body.expectedCurrentParent && moving.entry.parentId !== body.expectedCurrentParent.codebaseId) {
    throw appError(
      'SOURCE_CONFLICT',
      `${describeElement(moving)} is no longer inside ${body.expectedCurrentParent.codebaseId} (its parent is ${moving.entry.parentId ?? 'none'}); nothing was written`,
    );
  }
  const point = resolvePlacement(context, { container: body.newContainerElement, before: body.beforeElement, after: body.afterElement });
  const ids = [body.newContainerElement, body.beforeElement, body.afterElement].map((e) => e?.codebaseId);
  if (ids.includes(moving.entry.id)) throw appError('INVALID_CHANGE', 'moveJsxElement', 'an element cannot be placed relative to itself');
  assertValidNesting(`Cannot move ${describeElement(moving)} there`, moving.entry.tagName, point.ancestors, descendantTags(moving.entry.node));
  const start = elementStart(moving.file, moving.entry);
  const end = moving.entry.node.end;
  if (point.file === moving.file && point.position > start && point.position < end) {
    throw appError('INVALID_CHANGE', 'moveJsxElement', `${describeElement(moving)} cannot be moved inside itself`);
  }
  if (point.file !== moving.file) {
    const needed = importsNeededElsewhere(moving, moving.entry.node, sourceOf(moving.file));
    addImports(point.file, needed, moving.file.relative, moving, projectAliases(context));
  }
  const [removeFrom, removeTo] = removalRange(moving.file, moving.entry);
  insertMoved(point, { file: moving.file, start, end }, indentationAt(moving.file.text, start));
  moving.file.replace(removeFrom, removeTo, '');
  return [point.file, moving.file];
};
