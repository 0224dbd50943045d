/**
 * The words an element's bound text shows (`boundWords`), for `find_elements`, kept from one call to the next: the
 * same parse of every JSX file (a parse is kept until its file changes) and the same parse of every other module
 * they read. Following props to their call sites reads the whole project, so a search that made them again on every
 * call would cost seconds at two thousand files.
 *
 * When files change in place between two calls, only what they can have changed is made again: the words of the
 * elements whose following read one of them or a module one of them imports (before or now), and the call sites of
 * those modules' components (`forgetCallSites`). A file added or removed can change what any import resolves to,
 * so it starts everything again.
 */
import { ts } from 'ts-morph';
import type { JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';
import type { CachedFile } from '../engine/source-index.js';
import { isJsxFile, type SourceIndex } from '../engine/source-index.js';
import { forgetCallSites, importedHomes } from '../mutations/component-call-sites.js';
import type { ParsedProjectFile, TextSources } from '../mutations/text-home.js';
import { relativeOf } from '../mutations/text-parts.js';
import { projectSources } from '../project-reads/project-sources.js';
import { boundWords } from '../project-reads/text-sources.js';

/** A file as read: `key` tells a new parse from the one held (a JSX file's parse, a module's syntax tree). */
interface Held {
  key: object | null;
  value: ParsedProjectFile | null;
  /** The project's modules it imported when read: a parse a change re-uses in place no longer shows them. */
  homes: string[];
}

interface BoundWordsMemo {
  /** The root's JSX files when the memo was made. */
  jsxFiles: ReadonlySet<string>;
  /** Every file read so far, with the parse read. */
  held: Map<string, Held>;
  /** This call's reader of a file (the index's parses, the modules checked against the disk once per call). */
  read: (relative: string) => Omit<Held, 'homes'>;
  load: (relative: string) => ts.SourceFile | null;
  sources: TextSources;
  /** Each element's words, lower-cased, with the files its following read. */
  words: Map<JsxElementEntry, { words: string[]; reads: Set<string> }>;
  readersOf: Map<string, Set<JsxElementEntry>>;
  /** The reads of the element whose words are being made. */
  reading: Set<string> | null;
}

const memoOfIndex = new WeakMap<SourceIndex, BoundWordsMemo>();

function hold(memo: BoundWordsMemo, relative: string): Held {
  let held = memo.held.get(relative);
  if (!held) {
    let read: Omit<Held, 'homes'>;
    try {
      read = memo.read(relative);
    } catch {
      // A path the root does not hold (outside it, a link leading out, a file not UTF-8) has no text to follow.
      read = { key: null, value: null };
    }
    held = { ...read, homes: [] };
    // Held before its imports are read, so a cycle of imports ends here.
    memo.held.set(relative, held);
    if (read.value) held.homes = importedHomes(read.value.sourceFile, memo.load);
  }
  return held;
}

function newMemo(jsxFiles: ReadonlySet<string>, read: BoundWordsMemo['read']): BoundWordsMemo {
  const memo: BoundWordsMemo = {
    jsxFiles,
    held: new Map(),
    read,
    load: (relative) => hold(memo, relative).value?.sourceFile ?? null,
    sources: {
      parsed: (relative) => {
        memo.reading?.add(relative);
        return hold(memo, relative).value;
      },
      jsxFiles: () => [...memo.jsxFiles],
    },
    words: new Map(),
    readersOf: new Map(),
    reading: null,
  };
  return memo;
}

function forgetWords(memo: BoundWordsMemo, entry: JsxElementEntry): void {
  const known = memo.words.get(entry);
  memo.words.delete(entry);
  for (const relative of known?.reads ?? []) memo.readersOf.get(relative)?.delete(entry);
}

/**
 * Brings the memo to the files as they are now; false when it cannot be (a file appeared or went away), and it must
 * be made again.
 */
function refreshed(memo: BoundWordsMemo): boolean {
  const changed: string[] = [];
  for (const [relative, held] of memo.held) {
    let now: Omit<Held, 'homes'>;
    try {
      now = memo.read(relative);
    } catch {
      now = { key: null, value: null };
    }
    if (now.key === held.key) continue;
    if ((now.value === null) !== (held.value === null)) return false;
    changed.push(relative);
  }
  if (changed.length === 0) return true;
  const homes = new Set(changed);
  for (const relative of changed) {
    for (const home of memo.held.get(relative)!.homes) homes.add(home);
    memo.held.delete(relative);
    for (const home of hold(memo, relative).homes) homes.add(home);
  }
  forgetCallSites(memo.sources, memo.load, changed, homes);
  for (const home of homes) for (const entry of [...(memo.readersOf.get(home) ?? [])]) forgetWords(memo, entry);
  return true;
}

/** A reader of bound words for this call; `files`: every JSX file of the index now, with its parse. */
export function boundWordsReader(index: SourceIndex, files: readonly CachedFile[]): (entry: JsxElementEntry) => string[] {
  const parses = new Map(files.map((file) => [file.relative, file.parsed]));
  const scripts = projectSources(index);
  // A JSX file the index does not hold (in dependencies, build output, a dot folder) is not the project's to follow.
  const read = (relative: string): Omit<Held, 'homes'> => {
    if (isJsxFile(relative)) {
      const parsed = parses.get(relative) ?? null;
      return { key: parsed, value: parsed };
    }
    const sourceFile = scripts(relative);
    return { key: sourceFile, value: sourceFile ? { sourceFile, entries: [] } : null };
  };
  let memo = memoOfIndex.get(index);
  const sameFiles = memo !== undefined && memo.jsxFiles.size === parses.size && [...parses.keys()].every((relative) => memo!.jsxFiles.has(relative));
  if (memo && sameFiles) memo.read = read;
  if (!memo || !sameFiles || !refreshed(memo)) {
    memo = newMemo(new Set(parses.keys()), read);
    memoOfIndex.set(index, memo);
  }
  const current = memo;
  return (entry) => {
    let known = current.words.get(entry);
    if (!known) {
      const reads = new Set([relativeOf(entry.node.getSourceFile())]);
      current.reading = reads;
      try {
        known = { words: boundWords(current.sources, entry).map((word) => word.toLowerCase()), reads };
      } finally {
        current.reading = null;
      }
      current.words.set(entry, known);
      for (const relative of reads) {
        const readers = current.readersOf.get(relative) ?? new Set();
        readers.add(entry);
        current.readersOf.set(relative, readers);
      }
    }
    return known.words;
  };
}
