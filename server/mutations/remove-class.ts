import type { MutationBody } from '../../contracts/changes.js';
import { classHomesOf, editClasses } from './class-list.js';
import type { MutationTransform } from '../engine/mutation-transform.js';

/** Removes a class written in the source; one that is not there is refused rather than silently ignored. */
export const removeClass: MutationTransform<MutationBody<'removeClass'>> = (context, body) => {
  const located = context.element(body.reactElement, 'element to remove a class from');
  return editClasses(located, { add: [], remove: [body.className], replaceConflicts: false, requirePresent: true }, classHomesOf(context, body.classHome));
};
