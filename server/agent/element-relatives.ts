/**
 * `element_relatives` on the server: an element's parent, children and siblings as its file writes them, from the
 * engine's index (the same parses and codebase ids the frames carry), whether or not a frame has loaded the file.
 * Relatives are read in the source, not the page: a component's instance has the elements written between its tags
 * as children, not those its own JSX renders (those are the relatives of its elements in its file).
 */
import { ts } from 'ts-morph';
import {
  AGENT_RELATIVE_TEXT_LIMIT,
  AGENT_RELATIVES_LIMIT,
  type AgentRelative,
  type AgentRelatives,
  type AgentRelativesRequest,
} from '../../contracts/agent-api.js';
import { isValidCodebaseId } from '../../contracts/dom.js';
import { appError } from '../../contracts/errors.js';
import type { JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';
import type { CachedFile, SourceIndex } from '../engine/source-index.js';
import { visibleText } from '../mutations/edit-text.js';
import { writtenIn } from './find-elements.js';

/** The text an element holds itself: its text children and string children, as the page shows them. */
function ownText(entry: JsxElementEntry, sourceFile: ts.SourceFile): string {
  if (!ts.isJsxElement(entry.node)) return '';
  const parts: string[] = [];
  for (const child of entry.node.children) {
    if (ts.isJsxText(child)) parts.push(visibleText(child.getText(sourceFile)));
    else if (ts.isJsxExpression(child) && child.expression && (ts.isStringLiteral(child.expression) || ts.isNoSubstitutionTemplateLiteral(child.expression))) {
      parts.push(child.expression.text);
    }
  }
  const text = parts.filter((part) => part !== '').join(' ');
  return text.length <= AGENT_RELATIVE_TEXT_LIMIT ? text : `${text.slice(0, AGENT_RELATIVE_TEXT_LIMIT - 1)}…`;
}

type IndexedFile = Pick<CachedFile, 'relative' | 'parsed'>;

function relative(file: IndexedFile, entry: JsxElementEntry): AgentRelative {
  const sourceFile = file.parsed.sourceFile;
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(entry.start);
  return { codebaseId: entry.id, tagName: entry.tagName, file: file.relative, line: line + 1, column: character + 1, text: ownText(entry, sourceFile) };
}

export function elementRelatives(index: SourceIndex, request: AgentRelativesRequest): AgentRelatives {
  const { codebaseId } = request;
  if (!isValidCodebaseId(codebaseId)) throw appError('INVALID_CODEBASE_ID', `Not a codebase id: ${codebaseId}`);
  const found = index.locate(codebaseId);
  if (!found) throw appError('ELEMENT_NOT_FOUND', codebaseId, 'no file of the project has it (find it again: find_elements)');
  return relativesIn(found.file, found.entry, Math.min(request.limit ?? AGENT_RELATIVES_LIMIT, AGENT_RELATIVES_LIMIT));
}

/** The relatives of `entry` in its file, at most `limit` children and `limit` siblings. */
export function relativesIn(file: IndexedFile, entry: JsxElementEntry, limit: number): AgentRelatives {
  const entries = [...file.parsed.entries].sort((a, b) => a.start - b.start);
  const children = entries.filter((other) => other.parentId === entry.id);
  // At the top of the file's JSX, siblings are the other top elements of the same component (fragments are
  // transparent, so `<><A/><B/></>` makes A and B siblings); top elements of other components are not.
  const owner = entry.parentId === null ? writtenIn(entry.node) : null;
  const siblings = entries.filter(
    (other) => other.id !== entry.id && other.parentId === entry.parentId && (entry.parentId !== null || (owner !== null && writtenIn(other.node) === owner)),
  );
  const parent = entry.parentId === null ? undefined : file.parsed.byId.get(entry.parentId);
  return {
    element: relative(file, entry),
    ...(parent ? { parent: relative(file, parent) } : {}),
    children: children.slice(0, limit).map((child) => relative(file, child)),
    siblings: siblings.slice(0, limit).map((sibling) => relative(file, sibling)),
    childCount: children.length,
    siblingCount: siblings.length,
  };
}
