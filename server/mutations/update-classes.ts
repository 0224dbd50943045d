import type { MutationBody } from '../../contracts/changes.js';
import { classHomesOf, editClasses } from './class-list.js';
import type { MutationTransform } from '../engine/mutation-transform.js';

/** Replaces `oldClasses` by `newClasses` in one edit of the className. */
export const updateClasses: MutationTransform<MutationBody<'updateClasses'>> = (context, body) => {
  const located = context.element(body.reactElement, 'element to update the classes of');
  return editClasses(located, { add: body.newClasses, remove: body.oldClasses, replaceConflicts: false, requirePresent: true }, classHomesOf(context, body.classHome));
};
