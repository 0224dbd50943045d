import { ts } from 'ts-morph';
import type { MutationBody } from '../../contracts/changes.js';
import { sourceOf, unwritable } from './jsx-source.js';
import type { MutationTransform } from './mutation-transform.js';

/** Renames the element's opening and closing tags; attributes and children keep their bytes. */
export const changeElementTag: MutationTransform<MutationBody<'changeElementTag'>> = (context, body) => {
  const located = context.element(body.elementToModify, 'element to change the tag of');
  const { file, entry } = located;
  const sourceFile = sourceOf(file);
  if (entry.opening.typeArguments) throw unwritable(located, 'its tag has type arguments, which the new tag may not take');
  const name = entry.opening.tagName;
  if (name.getText(sourceFile) === body.newTag) return [];
  file.replace(name.getStart(sourceFile), name.end, body.newTag);
  if (ts.isJsxElement(entry.node)) {
    const closing = entry.node.closingElement.tagName;
    file.replace(closing.getStart(sourceFile), closing.end, body.newTag);
  }
  return [file];
};
