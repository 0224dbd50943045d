/**
 * Which ids a change moved and which it created, worked out from the parses before and after it (no re-indexing).
 */
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
  const startsOf = new Map<PreparedFile, Map<number, number>>();
  const finalIdAt = (target: PreparedFile, position: number): string | null => {
    if (!target.edited || !target.final) return null;
    let starts = startsOf.get(target);
    if (!starts) {
      const edited = target.edited;
      starts = new Map(edited.entries.map((_, i) => [startOf(edited, i), i]));
      startsOf.set(target, starts);
    }
    const index = starts.get(position);
    return index === undefined ? null : (target.final.entries[index]?.id ?? null);
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
