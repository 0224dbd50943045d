/**
 * What the source says about the elements the editor shows (`POST /_studio/api/elements/lookup`): where each one
 * is written, how it renders, and whether its text can be edited or where that text comes from. Answered from the
 * engine's own index (the parses the changes use), so it never disagrees with what a change would find.
 */
import { ts } from 'ts-morph';
import { isPlaceholderCodebaseId, isValidCodebaseId } from '../../contracts/dom.js';
import { SNIPPET_LIMIT, type ElementSourceInfo, type TextHomeInfo } from '../../contracts/studio-api.js';
import type { JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';
import type { CachedFile, SourceIndex } from '../engine/source-index.js';
import { readInitializer } from '../mutations/prop-initializer.js';
import { visibleText } from '../mutations/edit-text.js';
import { classFacts, lookupReader } from './class-home.js';
import { containsJsx } from './contains-jsx.js';
import { sourceLoader } from '../mutations/text-parts.js';
import { propConstant, type ProjectModules } from './prop-constant.js';
import { propChoicesOf, type LoadSource } from './prop-choices.js';
import { projectSources } from './project-sources.js';
import { indexTextSources, textHomeOf } from './text-sources.js';
import { elementStyling, styledHomeOf } from '../styling/styling-systems.js';
import { constantUses } from './constant-uses.js';
import type { SourceReader } from '../mutations/project-declarations.js';

type IndexedFile = Pick<CachedFile, 'relative' | 'parsed'>;

/** Text children only, and at least one that shows something: what editText can write back. */
function hasStaticText(node: ts.JsxElement | ts.JsxSelfClosingElement): boolean {
  if (!ts.isJsxElement(node) || node.children.length === 0) return false;
  const children = [...node.children];
  return children.every(ts.isJsxText) && children.some((child) => child.text.trim() !== '');
}

function staticTextOf(node: ts.JsxElement, sourceFile: ts.SourceFile): string {
  return visibleText(node.children.map((child) => child.getText(sourceFile)).join(''));
}

function dynamicTextOf(node: ts.JsxElement | ts.JsxSelfClosingElement, sourceFile: ts.SourceFile): ElementSourceInfo['dynamicText'] {
  if (!ts.isJsxElement(node)) return [];
  const found: ElementSourceInfo['dynamicText'] = [];
  for (const child of node.children) {
    // `{/* a comment */}` shows nothing, and `{open && <Card />}` shows elements, not text.
    if (!ts.isJsxExpression(child) || !child.expression || containsJsx(child.expression)) continue;
    const start = child.expression.getStart(sourceFile);
    found.push({ expression: child.expression.getText(sourceFile), line: sourceFile.getLineAndCharacterOfPosition(start).line + 1 });
  }
  return found;
}

/** Where an element is written and how it renders, with its source text cut to `limit` characters. */
export function elementPlace(file: IndexedFile, entry: JsxElementEntry, limit = SNIPPET_LIMIT) {
  const sourceFile = file.parsed.sourceFile;
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(entry.start);
  const text = sourceFile.text.slice(entry.start, entry.node.end);
  const more = '\n…';
  return {
    codebaseId: entry.id,
    file: file.relative,
    line: line + 1,
    column: character + 1,
    tagName: entry.tagName,
    rendering: entry.rendering,
    snippet: text.length <= limit ? text : text.slice(0, limit - more.length) + more,
  };
}

/** What a lookup of `reach: 'file'` leaves out: what needs a search of the whole project. */
type Reach = 'file' | 'project';

/**
 * The props written on the element, literal or bound to an expression, as `changePropValue` reads them too. In a
 * lookup of `reach: 'file'`, a bound constant is not followed: its other uses need the whole project.
 */
function propsOf(entry: JsxElementEntry, file: IndexedFile, load: LoadSource, modules: ProjectModules, reach: Reach): ElementSourceInfo['props'] {
  const sourceFile = file.parsed.sourceFile;
  const props: ElementSourceInfo['props'] = {};
  for (const attribute of entry.opening.attributes.properties) {
    if (!ts.isJsxAttribute(attribute)) continue;
    const line = sourceFile.getLineAndCharacterOfPosition(attribute.getStart(sourceFile)).line + 1;
    const reading = readInitializer(attribute, sourceFile);
    const name = attribute.name.getText(sourceFile);
    if (reading.kind === 'literal') {
      props[name] = { kind: 'literal', value: reading.value, line };
      continue;
    }
    const constant = reach === 'project' ? propConstant(attribute, sourceFile, file.relative, lookupReader(load), modules) : undefined;
    props[name] = { kind: 'expression', text: reading.text, line, ...(constant ? { constant } : {}) };
  }
  return props;
}

export function elementSourceInfo(file: IndexedFile, entry: JsxElementEntry, load: LoadSource, modules: ProjectModules, textHome?: TextHomeInfo, reach: Reach = 'project'): ElementSourceInfo {
  const sourceFile = file.parsed.sourceFile;
  return {
    ...(textHome ? { textHome } : {}),
    ...(reach === 'file' ? { reach } : {}),
    ...elementPlace(file, entry),
    isComponent: !entry.isHost,
    isStaticText: hasStaticText(entry.node),
    ...(hasStaticText(entry.node) ? { staticText: staticTextOf(entry.node as ts.JsxElement, sourceFile) } : {}),
    dynamicText: dynamicTextOf(entry.node, sourceFile),
    props: propsOf(entry, file, load, modules, reach),
    ...classFacts(file, entry, lookupReader(load)),
    propChoices: entry.isHost ? {} : propChoicesOf(entry.tagName, sourceFile, load),
    styling: stylingOf(file, entry, modules, reach),
  };
}

/** Per loader (one lookup call): the project's modules as a reader that follows its path aliases. */
const readers = new WeakMap<LoadSource, SourceReader>();

/**
 * How the element is styled, its styled component followed to the file that declares it, with the other places that
 * use it: a change to its template shows there too, so the inspector names them before it writes.
 */
function stylingOf(file: IndexedFile, entry: JsxElementEntry, modules: ProjectModules, reach: Reach): ElementSourceInfo['styling'] {
  let reader = readers.get(modules.load);
  if (!reader) readers.set(modules.load, (reader = { source: modules.load, aliases: modules.load.aliases ?? [] }));
  const sourceFile = file.parsed.sourceFile;
  const follow = { relative: file.relative, reader };
  const styling = elementStyling(sourceFile, entry.opening, follow);
  const home = styling.declaration ? styledHomeOf(sourceFile, entry.tagName, follow) : null;
  if (reach === 'file' || !styling.declaration || !home || !ts.isVariableDeclaration(home.name.parent)) return styling;
  const here = `${file.relative}:${sourceFile.getLineAndCharacterOfPosition(entry.opening.getStart(sourceFile)).line + 1}`;
  // `export default Heading;` hands the component on: not a place that shows it.
  const handedOn = home.sourceFile.statements
    .filter((statement) => ts.isExportAssignment(statement) && ts.isIdentifier(statement.expression) && statement.expression.text === home.name.text)
    .map((statement) => `${home.relative}:${home.sourceFile.getLineAndCharacterOfPosition(statement.getStart(home.sourceFile)).line + 1}`);
  const alsoUsedBy = constantUses(home.name.parent, modules.files(), modules.load).filter((use) => use !== here && !handedOn.includes(use));
  return { ...styling, declaration: { ...styling.declaration, alsoUsedBy } };
}

/**
 * The facts of every id found in the root's source. Unknown ids and placeholders (elements an instant update made
 * that the source does not have yet) are left out. The index is brought up to date at most once per call, and
 * only when an id is not where the index last saw it, and then only as far as the files that hold the missing ids.
 */
export function lookupElements(
  index: SourceIndex,
  codebaseIds: readonly string[],
  texts: Readonly<Record<string, string>> = {},
  instances: Readonly<Record<string, readonly string[]>> = {},
  reach: Reach = 'project',
): Record<string, ElementSourceInfo> {
  const wanted = [...new Set(codebaseIds)].filter((id) => isValidCodebaseId(id) && !isPlaceholderCodebaseId(id));
  const elements: Record<string, ElementSourceInfo> = {};
  const missing: string[] = [];
  const load = projectSources(index);
  const textSources = indexTextSources(index);
  // The constants props are bound to are followed as the text's are, through the project's path aliases.
  const modules: ProjectModules = { files: () => textSources.jsxFiles?.() ?? [], load: sourceLoader(textSources) };
  const collect = (ids: readonly string[], onMiss?: (id: string) => void) => {
    for (const id of ids) {
      const found = index.lookup(id);
      if (!found) onMiss?.(id);
      else if (reach === 'file') elements[id] = elementSourceInfo(found.file, found.entry, load, modules, undefined, 'file');
      else elements[id] = elementSourceInfo(found.file, found.entry, load, modules, textHomeOf(textSources, found.entry, Object.hasOwn(texts, id) ? texts[id] : undefined, Object.hasOwn(instances, id) ? instances[id] : undefined));
    }
  };
  collect(wanted, (id) => missing.push(id));
  if (missing.length > 0) {
    // Read until the missing ids are found, not the whole root: a first lookup needs its elements' files only.
    index.scanFor(missing);
    collect(missing);
  }
  return elements;
}
