/**
 * The words an element's bound text shows (`boundWords`), for `find_elements`, kept from one call to the next while
 * nothing they were read from has changed: the same parse of every JSX file (a parse is kept until its file changes)
 * and the same parse of every other module they read. Following props to their call sites reads the whole project,
 * so a search that made them again on every call would cost seconds at two thousand files.
 */
import type { ts } from 'ts-morph';
import type { JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';
import type { ParsedSource } from '../engine/editable-file.js';
import type { SourceIndex } from '../engine/source-index.js';
import type { TextSources } from '../mutations/text-home.js';
import { projectSources } from '../project-reads/project-sources.js';
import { boundWords, indexTextSources } from '../project-reads/text-sources.js';

interface BoundWordsMemo {
  parses: readonly ParsedSource[];
  /** The modules that are not JSX read so far, with the parse read. */
  scripts: Map<string, ts.SourceFile | null>;
  /** Each element's words, lower-cased. */
  words: Map<JsxElementEntry, string[]>;
  sources: TextSources | null;
}

const memoOfIndex = new WeakMap<SourceIndex, BoundWordsMemo>();

function stillHolds(index: SourceIndex, memo: BoundWordsMemo, parses: readonly ParsedSource[]): boolean {
  if (memo.parses.length !== parses.length || memo.parses.some((parse, i) => parse !== parses[i])) return false;
  const load = projectSources(index);
  for (const [relative, sourceFile] of memo.scripts) if (load(relative) !== sourceFile) return false;
  return true;
}

/** A reader of bound words for this call; `parses`: the parse of every JSX file of the index now, in a stable order. */
export function boundWordsReader(index: SourceIndex, parses: readonly ParsedSource[]): (entry: JsxElementEntry) => string[] {
  let memo = memoOfIndex.get(index);
  if (!memo || !stillHolds(index, memo, parses)) {
    memo = { parses, scripts: new Map(), words: new Map(), sources: null };
    memoOfIndex.set(index, memo);
  }
  const current = memo;
  return (entry) => {
    let words = current.words.get(entry);
    if (!words) {
      current.sources ??= indexTextSources(index, (relative, sourceFile) => current.scripts.set(relative, sourceFile));
      words = boundWords(current.sources, entry).map((word) => word.toLowerCase());
      current.words.set(entry, words);
    }
    return words;
  };
}
