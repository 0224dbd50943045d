import { ts } from 'ts-morph';
import type { MutationBody } from '../../contracts/changes.js';
import { addImports, importSpecifierBetween, namesInScopeAt } from './imports.js';
import { sourceOf, unwritable } from './jsx-source.js';
import type { LocatedElement, MutationContext, MutationTransform } from './mutation-transform.js';

/**
 * A component tag needs its name in scope where the element stands: a name the file does not have is imported
 * from the project's component of that name, else the change is refused (written, it would crash the page).
 */
function bringTagIntoScope(context: MutationContext, located: LocatedElement, tag: string): void {
  const root = tag.split('.')[0]!;
  const isComponent = tag.includes('.') || /^[A-Z_$]/.test(root);
  if (!isComponent) return;
  const sourceFile = sourceOf(located.file);
  if (namesInScopeAt(located.entry.node, sourceFile).has(root)) return;
  const candidates = context.components().filter((component) => component.name === root);
  if (candidates.length === 0) {
    throw unwritable(located, `${located.file.relative} has no "${root}" (neither imported nor declared) and the project has no component of that name to import`);
  }
  if (candidates.length > 1) {
    throw unwritable(located, `"${root}" could be imported from ${candidates.map((c) => c.file).join(' or ')}; import the one you mean in ${located.file.relative} first`);
  }
  const component = candidates[0]!;
  const imported = component.isDefaultExport ? 'default' : root;
  addImports(located.file, [{ name: root, imported, specifier: importSpecifierBetween(located.file.relative, component.file), typeOnly: false }], null, located);
}

/** Renames the element's opening and closing tags; attributes and children keep their bytes. */
export const changeElementTag: MutationTransform<MutationBody<'changeElementTag'>> = (context, body) => {
  const located = context.element(body.elementToModify, 'element to change the tag of');
  const { file, entry } = located;
  const sourceFile = sourceOf(file);
  if (entry.opening.typeArguments) throw unwritable(located, 'its tag has type arguments, which the new tag may not take');
  const name = entry.opening.tagName;
  if (name.getText(sourceFile) === body.newTag) return [];
  bringTagIntoScope(context, located, body.newTag);
  file.replace(name.getStart(sourceFile), name.end, body.newTag);
  if (ts.isJsxElement(entry.node)) {
    const closing = entry.node.closingElement.tagName;
    file.replace(closing.getStart(sourceFile), closing.end, body.newTag);
  }
  return [file];
};
