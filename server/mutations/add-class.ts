import type { MutationBody } from '../../contracts/changes.js';
import { withVariants } from '../../contracts/tailwind-variants.js';
import { classHomesOf, editClasses } from './class-list.js';
import { classMergerFor } from './class-merge.js';
import { assertTakesClassName } from './component-checks.js';
import { checkedTailwindClassFor } from './css-to-tailwind.js';
import type { MutationTransform } from '../engine/mutation-transform.js';

/**
 * Adds a class (with its variants), and the custom properties it relies on as arbitrary-property classes
 * (`[--tone:#14532d]`); a Tailwind class replaces the classes it conflicts with.
 */
export const addClass: MutationTransform<MutationBody<'addClass'>> = (context, body) => {
  const located = context.element(body.reactElement, 'element to add a class to');
  assertTakesClassName(context, located);
  const custom = Object.entries(body.customProperties).map(([name, value]) =>
    withVariants(checkedTailwindClassFor(name, value, 'addClass', `customProperties.${name}`, context.theme), body.modifiers),
  );
  const className = withVariants(body.className, body.modifiers);
  const replaceConflicts = body.stylingFramework === 'Tailwind';
  const change = { add: [...custom, className], remove: [], replaceConflicts, requirePresent: false, merge: classMergerFor(context.theme) };
  return editClasses(located, change, classHomesOf(context, body.classHome));
};
