import type { MutationBody } from '../../contracts/changes.js';
import type { PropValue } from '../../contracts/change-kinds.js';
import { appError } from '../../contracts/errors.js';
import { EditableFile } from '../engine/editable-file.js';
import { withJsxQuotes } from '../engine/file-conventions.js';
import { withRequiredProps } from './component-checks.js';
import type { ComponentReference } from '../engine/component-types.js';
import { projectAliases, projectSpecifier } from '../engine/import-conventions.js';
import { addImports, importsNeededElsewhere, importsOf, topLevelNames } from './imports.js';
import { assertValidNesting, descendantTags } from './nesting-check.js';
import { describeElement, elementStart, indentationAt, preferredQuote, propInitializer, quoteString, setAttribute, sourceOf, unwritable } from '../engine/jsx-source.js';
import type { LocatedElement, MutationContext, MutationTransform } from '../engine/mutation-transform.js';
import { insertNew, resolvePlacement, type InsertionPoint } from './placement.js';
import { creatableFileProblem } from '../engine/safe-paths.js';

type Body = MutationBody<'addJsxElement'>;

function attributesText(props: Record<string, PropValue>, quote: "'" | '"', tag: string): string {
  return Object.entries(props)
    .filter((entry): entry is [string, Exclude<PropValue, null>] => entry[1] !== null)
    .map(([name, value]) => ` ${name}=${propInitializer(value, quote, `prop ${name} of the new <${tag}>`)}`)
    .join('');
}

/** The element to copy: from the text the editor sent (a file that may differ from disk), else from the project. */
function copiedSource(context: MutationContext, body: Body, element: { codebaseId: string }): LocatedElement {
  if (body.fileContentsToSourceFrom === undefined) return context.element({ codebaseId: element.codebaseId }, 'element to copy');
  const relative = body.fileContentsSourceFilename;
  if (!relative) throw appError('INVALID_CHANGE', 'addJsxElement', 'fileContentsSourceFilename must name the file fileContentsToSourceFrom comes from');
  // The name decides ids and import paths: it must be a file the studio could edit.
  context.file(relative);
  const parsed = context.parseText(relative, body.fileContentsToSourceFrom);
  const entry = parsed.byId.get(element.codebaseId);
  if (!entry) throw appError('ELEMENT_NOT_FOUND', element.codebaseId, `fileContentsToSourceFrom (${relative}) has no such element`);
  return { file: new EditableFile(relative, relative, body.fileContentsToSourceFrom, true, parsed), entry };
}

/** The copied element's text with `propsToSet` applied to its opening tag. */
function copiedText(source: LocatedElement, props: Record<string, PropValue>): string {
  const scratch = new EditableFile(source.file.relative, source.file.absolute, source.file.text, true, source.file.parsed);
  const quote = preferredQuote(sourceOf(scratch));
  for (const [name, value] of Object.entries(props)) {
    setAttribute(scratch, source.entry.opening, name, value === null ? null : propInitializer(value, quote, `prop ${name} of the copy`));
  }
  const start = elementStart(scratch, source.entry);
  const result = scratch.resultText();
  return result.slice(start, source.entry.node.end + (result.length - scratch.text.length));
}

function addComponentImport(context: MutationContext, point: InsertionPoint, newElement: Extract<Body['newElement'], { type: 'component' }>): void {
  const root = newElement.componentName.split('.')[0]!;
  const sourceFile = sourceOf(point.file);
  if (topLevelNames(sourceFile).has(root)) return;
  if (!newElement.importPath) {
    throw unwritable(point.container, `${point.file.relative} does not import "${root}" and the change names no importPath for it`);
  }
  const imported = newElement.isDefaultImport ? 'default' : root;
  const aliases = projectAliases(context);
  const specifier = projectSpecifier(aliases, sourceFile, point.file.relative, newElement.importPath);
  addImports(point.file, [{ name: root, imported, specifier, typeOnly: false }], null, point.container, aliases);
}

/** How the type checker finds the new element's component: the file's import of it, else the one the change adds. */
function newComponentReference(point: InsertionPoint, newElement: Extract<Body['newElement'], { type: 'component' }>): ComponentReference | null {
  const [root, ...member] = newElement.componentName.split('.');
  const existing = importsOf(sourceOf(point.file)).get(root!);
  if (existing) return { kind: 'import', from: point.file.relative, specifier: existing.specifier, imported: existing.imported, member };
  if (!newElement.importPath) return null;
  return { kind: 'import', from: point.file.relative, specifier: newElement.importPath, imported: newElement.isDefaultImport ? 'default' : root!, member };
}

function writeExtraFiles(context: MutationContext, extraFiles: Record<string, string>): EditableFile[] {
  const written: EditableFile[] = [];
  for (const [relative, contents] of Object.entries(extraFiles)) {
    const file = context.file(relative);
    if (file.existed && file.text === contents) continue;
    if (file.existed) throw appError('SOURCE_CONFLICT', `${file.relative} already exists with other contents; nothing was written`);
    const problem = creatableFileProblem(file.relative);
    if (problem) throw appError('PATH_FORBIDDEN', relative, problem);
    file.insert(0, contents);
    written.push(file);
  }
  return written;
}

/**
 * A new element's tag: a string `children` prop becomes the element's text (`<h2>Heading</h2>`, which text editing
 * can then change), written as JSX text when it is plain, else as a string expression; anything else self-closes.
 */
function newElementText(tag: string, props: Record<string, PropValue>, quote: "'" | '"'): string {
  const { children, ...attributes } = props;
  const opening = `<${tag}${attributesText(attributes, quote, tag)}`;
  if (typeof children !== 'string') return `${opening}${attributesText(children === undefined ? {} : { children }, quote, tag)} />`;
  if (children === '') return `${opening} />`;
  const plain = /^[^{}<>&\p{Cc}\u2028\u2029\uD800-\uDFFF]+$/u.test(children) && children.trim() === children;
  return `${opening}>${plain ? children : `{${quoteString(children, quote)}}`}</${tag}>`;
}

/** Adds a native element, a component (importing it when needed) or a copy of an existing element. */
export const addJsxElement: MutationTransform<Body> = (context, body) => {
  const point = resolvePlacement(context, { container: body.destinationElement, before: body.beforeElement, after: body.afterElement });
  const quote = preferredQuote(sourceOf(point.file));
  const newElement = body.newElement;
  const props = { ...newElement.propsToSet, ...body.propsToSet };
  let text: string;
  let fromIndent = '';
  let fromUnit = point.file.indentUnit;
  if (newElement.type === 'native') {
    assertValidNesting(`Cannot add a new <${newElement.nativeTag}> there`, newElement.nativeTag, point.ancestors);
    text = newElementText(newElement.nativeTag, props, quote);
  } else if (newElement.type === 'component') {
    addComponentImport(context, point, newElement);
    const reference = newComponentReference(point, newElement);
    const complete = reference ? withRequiredProps(context, reference, props, point.container, newElement.componentName) : props;
    text = newElementText(newElement.componentName, complete, quote);
  } else {
    const source = copiedSource(context, body, newElement.element);
    assertValidNesting(`Cannot add a copy of ${describeElement(source)} there`, source.entry.tagName, point.ancestors, descendantTags(source.entry.node));
    text = copiedText(source, props);
    fromIndent = indentationAt(source.file.text, elementStart(source.file, source.entry));
    fromUnit = source.file.indentUnit;
    if (source.file.relative !== point.file.relative) {
      const needed = importsNeededElsewhere(source, source.entry.node, sourceOf(source.file));
      addImports(point.file, needed, source.file.relative, source, projectAliases(context));
    }
  }
  insertNew(point, withJsxQuotes(point.file, text), fromIndent, fromUnit);
  return [point.file, ...writeExtraFiles(context, body.extraFiles ?? {})];
};
