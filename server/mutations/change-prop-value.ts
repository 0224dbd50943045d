import type { MutationBody } from '../../contracts/changes.js';
import { CODEBASE_ID_ATTRIBUTE } from '../../contracts/dom.js';
import { appError } from '../../contracts/errors.js';
import { describeElement, preferredQuote, propInitializer, setAttribute, sourceOf } from './jsx-source.js';
import type { MutationTransform } from './mutation-transform.js';

/** Sets a prop to a string, number, boolean or expression, or removes it (`null`). */
export const changePropValue: MutationTransform<MutationBody<'changePropValue'>> = (context, body) => {
  const located = context.element(body.elementToModify, 'element to change a prop of');
  if (body.propName === CODEBASE_ID_ATTRIBUTE || body.propName === 'key') {
    throw appError('INVALID_CHANGE', 'changePropValue', `the prop "${body.propName}" is managed by React or the studio`);
  }
  const where = `prop ${body.propName} of ${describeElement(located)}`;
  const initializer = body.propValue === null ? null : propInitializer(body.propValue, preferredQuote(sourceOf(located.file)), where);
  setAttribute(located.file, located.entry.opening, body.propName, initializer);
  return [located.file];
};
