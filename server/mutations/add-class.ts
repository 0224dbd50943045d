import type { MutationBody } from '../../contracts/changes.js';
import { editClasses } from './class-list.js';
import type { MutationTransform } from './mutation-transform.js';
import { withVariants } from './tailwind-variants.js';

/** Adds a class (with its variants); a Tailwind class replaces the classes it conflicts with. */
export const addClass: MutationTransform<MutationBody<'addClass'>> = (context, body) => {
  const located = context.element(body.reactElement, 'element to add a class to');
  const className = withVariants(body.className, body.modifiers);
  editClasses(located, { add: [className], remove: [], replaceConflicts: body.stylingFramework === 'Tailwind', requirePresent: false });
  return [located.file];
};
