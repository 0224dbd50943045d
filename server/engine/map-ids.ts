/**
 * Which ids a change moved and which it created, worked out from the parses before and after it (no re-indexing).
 */
import type { JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';
import type { EditableFile, ParsedSource } from './editable-file.js';
import type { HistoryEntry } from './change-history.js';
import type { MutationContext } from './mutation-transform.js';

/** A file of a change, its new text checked and formatted, ready to be written. */
export interface PreparedFile {
  file: EditableFile;
  text: string;
  /** The parse of the edited text before formatting (positions match the edits). */
  edited: ParsedSource | null;
  /** The parse of what is written (after Prettier, when the project uses it). */
  final: ParsedSource | null;
  /** Why the project's Prettier was not used on it, when the person should know. */
  notice: string | null;
}

function startOf(parsed: ParsedSource, index: number): number {
  return parsed.entries[index]?.start ?? -1;
}

/**
 * The index of the entry that starts at `position`, or null. Entries are in document order and no two elements start
 * at one position, so their starts increase: a binary search, with no map of a 140 KB file's starts made per change.
 */
function indexStartingAt(parsed: ParsedSource, position: number): number | null {
  let low = 0;
  let high = parsed.entries.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const start = startOf(parsed, middle);
    if (start === position) return middle;
    if (start < position) low = middle + 1;
    else high = middle - 1;
  }
  return null;
}

/** What `mapIds` works out of a change: what the history keeps, and the ids of the elements it removed. */
export type ChangeIds = Pick<HistoryEntry, 'prevIdToNewIdMap' | 'addedIds'> & { removedIds: string[] };

/**
 * Old id → new id for every element a change shifted, the ids it created, and the ids of the elements it removed
 * (an element of a changed file whose place the edits did not carry anywhere): positions are carried through the
 * text edits (and through Prettier by document order, which formatting does not change).
 */
export function mapIds(prepared: PreparedFile[], workspace: MutationContext): ChangeIds {
  const prevIdToNewIdMap: Record<string, string> = {};
  const addedIds: string[] = [];
  // Why kept apart from the map: an element whose id did not change is not in it, yet it is not removed either.
  const carried = new Set<string>();
  const byRelative = new Map(prepared.map((p) => [p.file.relative, p]));
  const finalIdAt = (target: PreparedFile, position: number): string | null => {
    if (!target.edited || !target.final) return null;
    const index = indexStartingAt(target.edited, position);
    return index === null ? null : (target.final.entries[index]?.id ?? null);
  };
  const note = (oldId: string, newId: string | null) => {
    if (newId) carried.add(oldId);
    if (newId && newId !== oldId) prevIdToNewIdMap[oldId] = newId;
  };
  for (const target of prepared) {
    const { file } = target;
    if (file.parsed && target.edited) {
      for (let i = 0; i < file.parsed.entries.length; i += 1) {
        const moved = file.mapPosition(startOf(file.parsed, i));
        if (moved !== null) note(file.parsed.entries[i]!.id, finalIdAt(target, moved));
      }
    }
    for (const edit of file.orderedEdits()) {
      for (const mark of edit.marks) {
        const at = edit.newStart + mark.offset;
        if (mark.kind === 'added') {
          if (!target.edited) continue;
          for (let i = 0; i < target.edited.entries.length; i += 1) {
            const start = startOf(target.edited, i);
            const id = start >= at && start < at + mark.length ? finalIdAt(target, start) : null;
            if (id) addedIds.push(id);
          }
        } else {
          const origin = byRelative.get(mark.fromFile)?.file ?? workspace.file(mark.fromFile);
          if (!origin.parsed) continue;
          for (let i = 0; i < origin.parsed.entries.length; i += 1) {
            const start = startOf(origin.parsed, i);
            if (start >= mark.fromStart && start < mark.fromEnd) {
              note(origin.parsed.entries[i]!.id, finalIdAt(target, at + (start - mark.fromStart)));
            }
          }
        }
      }
    }
  }
  const removedIds = prepared.flatMap(({ file, edited }) => (file.parsed && edited ? file.parsed.entries.map((entry) => entry.id).filter((id) => !carried.has(id)) : []));
  return { prevIdToNewIdMap, addedIds, removedIds };
}

/** What `mapRewrittenIds` works out of a whole new text of a file: the id changes of a write the engine did not make. */
export interface RewriteIds {
  map: Record<string, string>;
  added: string[];
  removed: string[];
}

/** Where an element's text starts and ends, and what a moved copy of it must match. */
function spanOf(entry: JsxElementEntry): { start: number; end: number; key: string } {
  return { start: entry.start, end: entry.node.getEnd(), key: `${entry.tagName}\0${entry.node.getText()}` };
}

/** A run of characters a rewrite kept: at `from` in the old text, at `to` in the new, `length` long. */
interface KeptSpan {
  from: number;
  to: number;
  length: number;
}

/** Line-by-line comparisons at most, past which the changed lines are taken as one changed block. */
const LINE_DIFF_LIMIT = 4_000_000;

/** Where each line of `text` starts, and one more at its end. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  if (starts.at(-1) !== text.length) starts.push(text.length);
  return starts;
}

/**
 * The runs of characters a rewrite kept: whole lines the two texts share in order (longest common subsequence of
 * the changed middle), then, in each changed block between them, the characters it starts and ends with alike.
 */
function keptSpans(oldText: string, newText: string): KeptSpan[] {
  const [oldStarts, newStarts] = [lineStarts(oldText), lineStarts(newText)];
  const lineOf = (text: string, starts: number[], index: number) => text.slice(starts[index], starts[index + 1]);
  const [m, n] = [oldStarts.length - 1, newStarts.length - 1];
  // Pairs of equal lines (old index, new index), in order.
  const pairs: Array<[number, number]> = [];
  let head = 0;
  while (head < m && head < n && lineOf(oldText, oldStarts, head) === lineOf(newText, newStarts, head)) pairs.push([head, head++]);
  let tail = 0;
  while (tail < m - head && tail < n - head && lineOf(oldText, oldStarts, m - 1 - tail) === lineOf(newText, newStarts, n - 1 - tail)) tail += 1;
  const [rows, cols] = [m - head - tail, n - head - tail];
  if (rows > 0 && cols > 0 && rows * cols <= LINE_DIFF_LIMIT) {
    const oldLines = Array.from({ length: rows }, (_, i) => lineOf(oldText, oldStarts, head + i));
    const newLines = Array.from({ length: cols }, (_, j) => lineOf(newText, newStarts, head + j));
    const lengths = new Uint32Array((rows + 1) * (cols + 1));
    const at = (i: number, j: number) => i * (cols + 1) + j;
    for (let i = rows - 1; i >= 0; i -= 1) {
      for (let j = cols - 1; j >= 0; j -= 1) {
        lengths[at(i, j)] = oldLines[i] === newLines[j] ? lengths[at(i + 1, j + 1)]! + 1 : Math.max(lengths[at(i + 1, j)]!, lengths[at(i, j + 1)]!);
      }
    }
    for (let i = 0, j = 0; i < rows && j < cols; ) {
      if (oldLines[i] === newLines[j]) pairs.push([head + i++, head + j++]);
      else if (lengths[at(i + 1, j)]! >= lengths[at(i, j + 1)]!) i += 1;
      else j += 1;
    }
  }
  for (let k = tail; k > 0; k -= 1) pairs.push([m - k, n - k]);
  const spans: KeptSpan[] = [];
  const keep = (from: number, to: number, length: number) => {
    if (length > 0) spans.push({ from, to, length });
  };
  // Each changed block between two kept lines keeps the characters it starts and ends with alike.
  const block = (oldFrom: number, oldTo: number, newFrom: number, newTo: number) => {
    let same = 0;
    while (oldFrom + same < oldTo && newFrom + same < newTo && oldText[oldFrom + same] === newText[newFrom + same]) same += 1;
    keep(oldFrom, newFrom, same);
    let end = 0;
    while (oldTo - end > oldFrom + same && newTo - end > newFrom + same && oldText[oldTo - 1 - end] === newText[newTo - 1 - end]) end += 1;
    keep(oldTo - end, newTo - end, end);
  };
  let [oldLine, newLine] = [0, 0];
  for (const [i, j] of [...pairs, [m, n] as [number, number]]) {
    if (i > oldLine || j > newLine) block(oldStarts[oldLine]!, oldStarts[i]!, newStarts[newLine]!, newStarts[j]!);
    if (i < m) keep(oldStarts[i]!, newStarts[j]!, oldStarts[i + 1]! - oldStarts[i]!);
    [oldLine, newLine] = [i + 1, j + 1];
  }
  return spans;
}

/**
 * Old id → new id for every element of a file rewritten outside the studio (the person's code editor), the ids of
 * the elements only the new text has, and the ids of the elements the new text cannot be said to have. An element
 * is the same one when the rewrite kept the characters of its `<tag` (`keptSpans`: edits inside an element or around
 * it keep it), or, once moved or edited where it starts, when its whole text is found once in the new text, with the
 * same tag, and no other unplaced element has that text (its children go with it). Anything else
 * (an element removed, edited where it starts, or one of several alike) has no new id: an agent's id of it is
 * refused rather than guessed.
 */
export function mapRewrittenIds(before: ParsedSource, after: ParsedSource): RewriteIds {
  const kept = keptSpans(before.sourceFile.text, after.sourceFile.text);
  const newAt = new Map(after.entries.map((entry) => [entry.start, entry]));
  const matched = new Map<JsxElementEntry, JsxElementEntry>();
  const taken = new Set<JsxElementEntry>();
  const pair = (old: JsxElementEntry, found: JsxElementEntry | undefined) => {
    if (!found || found.tagName !== old.tagName || taken.has(found) || matched.has(old)) return;
    matched.set(old, found);
    taken.add(found);
  };
  // An element whose `<tag` the rewrite kept is where it was (shifted by the changes before it).
  let span = 0;
  for (const old of before.entries) {
    const end = old.start + old.tagName.length + 1;
    while (span < kept.length && kept[span]!.from + kept[span]!.length < end) span += 1;
    const around = kept[span];
    if (around && around.from <= old.start) pair(old, newAt.get(around.to + (old.start - around.from)));
  }
  // One moved or inside the change: by its whole text, only when no other unplaced element on either side has it.
  const group = (entries: readonly JsxElementEntry[], placed: (entry: JsxElementEntry) => boolean) => {
    const byKey = new Map<string, JsxElementEntry[]>();
    for (const entry of entries) if (!placed(entry)) byKey.set(spanOf(entry).key, [...(byKey.get(spanOf(entry).key) ?? []), entry]);
    return byKey;
  };
  const oldByKey = group(before.entries, (entry) => matched.has(entry));
  const newByKey = group(after.entries, (entry) => taken.has(entry));
  for (const old of before.entries) {
    if (matched.has(old)) continue;
    const key = spanOf(old).key;
    const [olds, news] = [oldByKey.get(key) ?? [], newByKey.get(key) ?? []];
    if (olds.length !== 1 || news.length !== 1) continue;
    const found = news[0]!;
    pair(old, found);
    // Its children moved with it, unchanged: each at the same place inside it.
    const { start, end } = spanOf(old);
    for (const inner of before.entries) {
      if (inner.start > start && inner.node.getEnd() <= end) pair(inner, newAt.get(found.start + (inner.start - start)));
    }
  }
  const map: Record<string, string> = {};
  for (const [old, found] of matched) if (old.id !== found.id) map[old.id] = found.id;
  return {
    map,
    added: after.entries.filter((entry) => !taken.has(entry)).map((entry) => entry.id),
    removed: before.entries.filter((entry) => !matched.has(entry)).map((entry) => entry.id),
  };
}
