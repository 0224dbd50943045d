import type { MutationBody } from '../../contracts/changes.js';
import { CODEBASE_ID_ATTRIBUTE } from '../../contracts/dom.js';
import { appError } from '../../contracts/errors.js';
import { describeElement, findAttribute, preferredQuote, propInitializer, setAttribute, sourceOf } from '../engine/jsx-source.js';
import type { MutationTransform } from '../engine/mutation-transform.js';
import { readInitializer } from './prop-initializer.js';

/**
 * Sets a prop to a string, number, boolean or expression, or removes it (`null`). A prop bound to an expression in
 * the source is replaced or removed only when the request says `replaceExpression`: an edit of a value shown in the
 * inspector must never silently turn `value={data ? n : '—'}` into `value={99}`.
 */
export const changePropValue: MutationTransform<MutationBody<'changePropValue'>> = (context, body) => {
  const located = context.element(body.elementToModify, 'element to change a prop of');
  if (body.propName === CODEBASE_ID_ATTRIBUTE || body.propName === 'key') {
    throw appError('INVALID_CHANGE', 'changePropValue', `propName "${body.propName}": this prop is managed by React or the studio`);
  }
  const where = `prop ${body.propName} of ${describeElement(located)}`;
  const sourceFile = sourceOf(located.file);
  const existing = findAttribute(located.entry.opening, body.propName);
  if (existing && body.replaceExpression !== true) {
    const reading = readInitializer(existing, sourceFile);
    if (reading.kind === 'expression') throw appError('PROP_BOUND_TO_EXPRESSION', where, reading.text);
  }
  const initializer = body.propValue === null ? null : propInitializer(body.propValue, preferredQuote(sourceFile), where);
  setAttribute(located.file, located.entry.opening, body.propName, initializer);
  return [located.file];
};
