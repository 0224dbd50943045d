/**
 * The checks a change makes on the component it writes to, with the type answers of `component-types.ts`: a class
 * goes only on a component that takes `className`; a new component element gets its required props.
 */
import type { PropValue } from '../../contracts/change-kinds.js';
import type { ComponentReference } from '../engine/component-types.js';
import { importsOf } from './imports.js';
import { describeElement, sourceOf, unwritable } from '../engine/jsx-source.js';
import type { LocatedElement, MutationContext } from '../engine/mutation-transform.js';

/** How the element's file refers to the component the element is: its import, or a name of its own. */
export function componentReferenceOf(located: LocatedElement): ComponentReference {
  const sourceFile = sourceOf(located.file);
  const [root, ...member] = located.entry.tagName.split('.');
  const imported = importsOf(sourceFile).get(root!);
  if (imported) return { kind: 'import', from: located.file.relative, specifier: imported.specifier, imported: imported.imported, member };
  return { kind: 'local', from: located.file.relative, text: located.file.text, tagStart: located.entry.opening.tagName.getStart(sourceFile) };
}

/**
 * Refuses a class on a component whose props have no `className` (the class would do nothing, and the file would
 * not type-check). Host elements take any class; a component the checker cannot type is given the benefit.
 */
export function assertTakesClassName(context: MutationContext, located: LocatedElement): void {
  if (located.entry.isHost) return;
  const props = context.componentProps(componentReferenceOf(located));
  if (!props || props.acceptsClassName) return;
  throw unwritable(
    located,
    `${describeElement(located).split(' ')[0]} takes no className prop, so a class on it would do nothing (and the file would not type-check); style an element inside it, or give the component a className prop`,
  );
}

/**
 * The props a new element of a component is written with: those given, plus a typed default for every required
 * prop not given; a required prop no literal can satisfy (a function, an object) refuses the change, naming it.
 */
export function withRequiredProps(
  context: MutationContext,
  reference: ComponentReference,
  given: Record<string, PropValue>,
  element: LocatedElement,
  tag: string,
): Record<string, PropValue> {
  const props = context.componentProps(reference);
  if (!props) return given;
  const result: Record<string, PropValue> = {};
  const impossible: string[] = [];
  for (const required of props.required) {
    if (required.name in given && given[required.name] !== null) continue;
    if (required.value === null) impossible.push(`${required.name} (${required.type})`);
    else result[required.name] = required.value;
  }
  if (impossible.length > 0) {
    throw unwritable(element, `<${tag}> requires ${impossible.join(', ')}, which the studio cannot give a value of its own; add it in the source`);
  }
  return { ...result, ...given };
}
