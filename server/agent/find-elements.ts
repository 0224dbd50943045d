/**
 * `find_elements` on the server: the elements of the project's source that the studio indexes (the same files and
 * codebase ids the frames carry, never a file outside the root or one the studio does not serve), filtered by text,
 * tag, component and file. All given filters must hold; the answer is in a stable order, file then position.
 */
import { ts } from 'ts-morph';
import { AGENT_FIND_LIMIT, AGENT_SNIPPET_LIMIT, type AgentFindAnswer, type AgentFindRequest, type AgentFoundElement } from '../../contracts/agent-api.js';
import { appError } from '../../contracts/errors.js';
import type { JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';
import { visibleText } from '../mutations/edit-text.js';
import { elementPlace } from '../project-reads/element-lookup.js';
import type { ParsedSource } from '../engine/editable-file.js';
import type { CachedFile, SourceIndex } from '../engine/source-index.js';
import { boundWordsReader } from './find-bound-words.js';

const isComponentName = (name: string) => /^[A-Z]/.test(name);

/**
 * The name a function is known by: the variable it is assigned to, maybe wrapped in calls (the name the project
 * imports and writes as a tag), else its own name.
 */
function functionName(node: ts.SignatureDeclaration): string | undefined {
  let current: ts.Node = node;
  // `const Card = forwardRef(function CardInner(…) {…})`, `memo((…) => …)`: the calls between the function and its name.
  while (ts.isCallExpression(current.parent) || ts.isParenthesizedExpression(current.parent)) current = current.parent;
  if (ts.isVariableDeclaration(current.parent) && ts.isIdentifier(current.parent.name)) return current.parent.name.text;
  return (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node)) && node.name ? node.name.text : undefined;
}

/** The function component whose JSX holds the element: the nearest enclosing function with a component's name. */
export function writtenIn(node: ts.Node): string | null {
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isFunctionDeclaration(current) || ts.isFunctionExpression(current) || ts.isArrowFunction(current)) {
      const name = functionName(current);
      if (name && isComponentName(name)) return name;
    }
  }
  return null;
}

/** The texts an element holds itself: its text children, string children, and string values of its props. */
function ownTexts(entry: JsxElementEntry, sourceFile: ts.SourceFile): string[] {
  const texts: string[] = [];
  const literal = (expression: ts.Expression | undefined) => {
    if (expression && (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))) texts.push(expression.text);
  };
  if (ts.isJsxElement(entry.node)) {
    for (const child of entry.node.children) {
      if (ts.isJsxText(child)) texts.push(visibleText(child.getText(sourceFile)));
      else if (ts.isJsxExpression(child)) literal(child.expression);
    }
  }
  for (const attribute of entry.opening.attributes.properties) {
    if (!ts.isJsxAttribute(attribute) || !attribute.initializer) continue;
    if (ts.isStringLiteral(attribute.initializer)) texts.push(attribute.initializer.text);
    else if (ts.isJsxExpression(attribute.initializer)) literal(attribute.initializer.expression);
  }
  return texts.filter((text) => text !== '');
}

function fileMatches(relative: string, wanted: string): boolean {
  const end = wanted.replace(/\\/g, '/').replace(/^\.\//, '');
  return relative === end || relative.endsWith(`/${end}`);
}

function found(file: CachedFile, entry: JsxElementEntry, component: string | null): AgentFoundElement {
  const { snippet, ...place } = elementPlace(file, entry, AGENT_SNIPPET_LIMIT);
  return { ...place, writtenIn: component, snippet };
}

/** The request's filters, checked: at least one, each a non-empty string. */
export function checkedFindRequest(request: AgentFindRequest): AgentFindRequest {
  const filters = (['text', 'tag', 'component', 'file'] as const).filter((key) => request[key] !== undefined);
  if (filters.length === 0) throw appError('BAD_REQUEST', 'Give at least one of text, tag, component or file to find elements by');
  return request;
}

/** The files the studio indexes now: every JSX file of the root outside dependencies, build output and dot folders. */
function indexedFiles(index: SourceIndex): CachedFile[] {
  const files: CachedFile[] = [];
  for (const relative of index.rescan().sort()) {
    const file = index.cached(relative);
    if (file) files.push(file);
  }
  return files;
}

/** An element as the search reads it: its owner and its own texts, lower-cased. */
interface SearchRow {
  entry: JsxElementEntry;
  owner: string | null;
  texts: string[];
}

/**
 * Each parse's rows, in source order, made once: a file the engine changes (or the disk changed) has a new parse, so
 * its rows alone are made again, and a search over a warm index only compares strings.
 */
const rowsOfParse = new WeakMap<ParsedSource, SearchRow[]>();

function searchRows(parsed: ParsedSource): SearchRow[] {
  let rows = rowsOfParse.get(parsed);
  if (!rows) {
    rows = [...parsed.entries]
      .sort((a, b) => a.start - b.start)
      .map((entry) => ({ entry, owner: writtenIn(entry.node), texts: ownTexts(entry, parsed.sourceFile).map((value) => value.toLowerCase()) }));
    rowsOfParse.set(parsed, rows);
  }
  return rows;
}

export function findElements(index: SourceIndex, request: AgentFindRequest): AgentFindAnswer {
  const { text, tag, component, file } = checkedFindRequest(request);
  const limit = Math.min(request.limit ?? AGENT_FIND_LIMIT, AGENT_FIND_LIMIT);
  const needle = text?.toLowerCase();
  const files = indexedFiles(index);
  // Bound text is found by the words its literals write (docs/editing-through-code.md), read only when an element's
  // own words do not match, and kept while nothing they come from changes.
  const bound = needle !== undefined ? boundWordsReader(index, files) : null;
  const elements: AgentFoundElement[] = [];
  let total = 0;
  for (const indexed of files) {
    if (file !== undefined && !fileMatches(indexed.relative, file)) continue;
    for (const { entry, owner, texts } of searchRows(indexed.parsed)) {
      if (tag !== undefined && entry.tagName !== tag) continue;
      if (component !== undefined && owner !== component && entry.tagName !== component) continue;
      if (needle !== undefined && !texts.some((value) => value.includes(needle)) && !bound!(entry).some((value) => value.includes(needle))) continue;
      total += 1;
      if (elements.length < limit) elements.push(found(indexed, entry, owner));
    }
  }
  return { elements, total };
}
