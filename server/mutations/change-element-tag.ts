import { ts } from 'ts-morph';
import type { MutationBody } from '../../contracts/changes.js';
import type { PropValue } from '../../contracts/change-kinds.js';
import type { PaletteComponent } from '../../contracts/studio-api.js';
import { withRequiredProps } from './component-checks.js';
import type { ComponentReference } from '../engine/component-types.js';
import { projectAliases, projectSpecifier } from '../engine/import-conventions.js';
import { addImports, importsOf, importSpecifierBetween, namesInScopeAt } from './imports.js';
import { exportedByProjectPackages } from './library-components.js';
import { assertValidNesting, childTags, descendantTags, selfAndAncestorTags } from './nesting-check.js';
import { attributeName, describeElement, insertAttribute, preferredQuote, propInitializer, sourceOf, unwritable } from '../engine/jsx-source.js';
import type { LocatedElement, MutationContext, MutationTransform } from '../engine/mutation-transform.js';

/**
 * A component of the file's own (or a prop, a local) as the checker sees it where the element stands: the file's
 * text with the new tag written in place of the old one.
 */
function inPlace(located: LocatedElement, tag: string): ComponentReference {
  const { file, entry } = located;
  const sourceFile = sourceOf(file);
  const opening = entry.opening.tagName;
  const tagStart = opening.getStart(sourceFile);
  let text = file.text;
  if (ts.isJsxElement(entry.node)) {
    const closing = entry.node.closingElement.tagName;
    text = text.slice(0, closing.getStart(sourceFile)) + tag + text.slice(closing.end);
  }
  text = text.slice(0, tagStart) + tag + text.slice(opening.end);
  return { kind: 'local', from: file.relative, text, tagStart };
}

/**
 * The component a name the file lacks stands for: the project's own component of that name, or a library's the
 * project renders elsewhere, else one a package the project imports from exports. Between several, the one from a
 * module the file already imports; still several, or none, refuse (written, it would crash the page).
 */
function componentNamed(context: MutationContext, located: LocatedElement, root: string): PaletteComponent {
  let candidates = context.components().filter((component) => component.name === root);
  if (candidates.length === 0) candidates = exportedByProjectPackages(context, located, root);
  if (candidates.length > 1) {
    const specifiers = new Set([...importsOf(sourceOf(located.file)).values()].map((imported) => imported.specifier));
    const fromImported = candidates.filter((component) => component.package !== undefined && specifiers.has(component.package));
    if (fromImported.length === 1) candidates = fromImported;
  }
  if (candidates.length === 0) {
    throw unwritable(located, `${located.file.relative} has no "${root}" (neither imported nor declared) and neither the project nor a package it imports from has a component of that name to import`);
  }
  if (candidates.length > 1) {
    throw unwritable(located, `"${root}" could be imported from ${candidates.map((c) => c.package ?? c.file).join(' or ')}; import the one you mean in ${located.file.relative} first`);
  }
  return candidates[0]!;
}

/**
 * A component tag needs its name in scope where the element stands: a name the file does not have is imported
 * (`componentNamed`), joined to the file's import of the same module when it has one.
 */
function bringTagIntoScope(context: MutationContext, located: LocatedElement, tag: string): ComponentReference | null {
  const [root, ...member] = tag.split('.') as [string, ...string[]];
  const isComponent = tag.includes('.') || /^[A-Z_$]/.test(root);
  if (!isComponent) return null;
  const sourceFile = sourceOf(located.file);
  const imported = importsOf(sourceFile).get(root);
  if (imported) return { kind: 'import', from: located.file.relative, specifier: imported.specifier, imported: imported.imported, member };
  if (namesInScopeAt(located.entry.node, sourceFile).has(root)) return inPlace(located, tag);
  const component = componentNamed(context, located, root);
  const importedAs = component.isDefaultExport ? 'default' : root;
  const aliases = projectAliases(context);
  const specifier = component.package ?? projectSpecifier(aliases, sourceFile, located.file.relative, importSpecifierBetween(located.file.relative, component.file));
  addImports(located.file, [{ name: root, imported: importedAs, specifier, typeOnly: false }], null, located, aliases);
  return { kind: 'import', from: located.file.relative, specifier, imported: importedAs, member };
}

/**
 * The required props of the new component that the element does not write get their typed defaults as attributes;
 * one no literal can be refuses the change. An element that spreads props is left as it is (the spread may hold them).
 */
function addRequiredAttributes(context: MutationContext, located: LocatedElement, reference: ComponentReference, tag: string): void {
  const attributes = located.entry.opening.attributes.properties;
  if (attributes.some((attribute) => ts.isJsxSpreadAttribute(attribute))) return;
  const written: Record<string, PropValue> = {};
  for (const attribute of attributes) if (ts.isJsxAttribute(attribute)) written[attributeName(attribute)] = true;
  if (ts.isJsxElement(located.entry.node) && located.entry.node.children.length > 0) written.children = true;
  const complete = withRequiredProps(context, reference, written, located, tag);
  const quote = preferredQuote(sourceOf(located.file));
  for (const [name, value] of Object.entries(complete)) {
    if (name in written || value === null) continue;
    insertAttribute(located.file, located.entry.opening, `${name}=${propInitializer(value, quote, `prop ${name} of <${tag}>`)}`);
  }
}

/** Attributes any HTML element takes alike: retagging between host elements that write only these needs no checker. */
const GLOBAL_ATTRIBUTES = /^(?:key|className|id|style|title|role|hidden|lang|dir|tabIndex|data-.*|aria-.*)$/;

/** The names the element writes: its attributes, and `children` when it has any (a spread makes them unknowable). */
function writtenProps(located: LocatedElement): string[] | null {
  const names: string[] = [];
  for (const attribute of located.entry.opening.attributes.properties) {
    if (!ts.isJsxAttribute(attribute)) return null;
    names.push(attributeName(attribute));
  }
  const node = located.entry.node;
  if (ts.isJsxElement(node) && node.children.some((child) => !(ts.isJsxText(child) && child.containsOnlyTriviaWhiteSpaces))) names.push('children');
  return names;
}

/**
 * Refuses a new tag that does not take a prop the element writes (`label` on a `<span>`, children on a component
 * without them): the file would stop type-checking. Asked of the checker only when a syntax tree cannot tell.
 */
function assertTakesWrittenProps(context: MutationContext, located: LocatedElement, reference: ComponentReference | null, tag: string): void {
  const written = writtenProps(located);
  if (!written) return;
  const isHost = reference === null && !tag.includes('.') && /^[a-z]/.test(tag);
  if (isHost && located.entry.isHost && written.every((name) => name === 'children' || GLOBAL_ATTRIBUTES.test(name))) return;
  const target = reference ?? (isHost ? { kind: 'host' as const, from: located.file.relative, tag } : null);
  const props = target ? context.componentProps(target) : null;
  if (!props || props.accepted === 'any') return;
  const accepted = new Set(props.accepted);
  const refused = written.filter((name) => name !== 'key' && !name.includes('-') && !accepted.has(name));
  if (refused.length > 0) {
    throw unwritable(located, `<${tag}> does not take ${refused.map((name) => `"${name}"`).join(', ')}, which the element writes; remove ${refused.length > 1 ? 'them' : 'it'} first`);
  }
}

/** Renames the element's opening and closing tags; attributes and children keep their bytes. */
export const changeElementTag: MutationTransform<MutationBody<'changeElementTag'>> = (context, body) => {
  const located = context.element(body.elementToModify, 'element to change the tag of');
  const { file, entry } = located;
  const sourceFile = sourceOf(file);
  if (entry.opening.typeArguments) throw unwritable(located, 'its tag has type arguments, which the new tag may not take');
  const name = entry.opening.tagName;
  if (name.getText(sourceFile) === body.newTag) return [];
  // Where it stands and what it holds must suit the new tag: a <div> holding a <p> cannot become a <p>.
  const ancestors = selfAndAncestorTags(file, entry.parentId);
  assertValidNesting(`Cannot change ${describeElement(located)} to <${body.newTag}>`, body.newTag, ancestors, descendantTags(entry.node));
  for (const child of childTags(entry.node)) assertValidNesting(`Cannot change ${describeElement(located)} to <${body.newTag}>`, child, [body.newTag, ...ancestors]);
  const reference = bringTagIntoScope(context, located, body.newTag);
  assertTakesWrittenProps(context, located, reference, body.newTag);
  if (reference) addRequiredAttributes(context, located, reference, body.newTag);
  file.replace(name.getStart(sourceFile), name.end, body.newTag);
  if (ts.isJsxElement(entry.node)) {
    const closing = entry.node.closingElement.tagName;
    file.replace(closing.getStart(sourceFile), closing.end, body.newTag);
  }
  return [file];
};
