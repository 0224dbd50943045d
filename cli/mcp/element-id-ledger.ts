/**
 * The element ids an agent session holds, kept true through the session's own writes. A codebase id is the place of
 * an element in its file, so a write that moves, removes, wraps or duplicates elements hands their old ids to their
 * neighbours: an id the agent read before such a write may now name another element. Each write answers its old →
 * new id map and the ids it removed; the ledger keeps them in order, and an id is read as of the last answer that gave
 * it to the agent: carried through every later write to the same element, or refused (`STALE_ELEMENT`) when that
 * element is gone or its id now names another one (the agent may mean either), never applied to the other element.
 *
 * Why a class: it is the session's lasting state, fed by every tool's answer.
 */
import { appError } from '../../contracts/errors.js';
import type { MutationAnswer } from '../../contracts/change-kinds.js';
import type { HistoryItem } from '../../contracts/studio-api.js';

interface LedgerWrite {
  /** The step's name, for a refusal to say which write made an id stale. */
  name: string;
  map: Readonly<Record<string, string>>;
  removed: ReadonlySet<string>;
  /** Old ids the write gave to another element: which one an agent means by such an id cannot be told. */
  retaken: ReadonlySet<string>;
}

export type LedgerAnswer = MutationAnswer & { item?: HistoryItem };

export class ElementIdLedger {
  private readonly writes: LedgerWrite[] = [];
  /** For each id the agent was given, how many writes there had been then; an id never given counts from the start. */
  private readonly givenAt = new Map<string, number>();
  /** What each of this session's steps added and removed, by history item: what its undo removes and its redo. */
  private readonly steps = new Map<string, { added: readonly string[]; removed: readonly string[] }>();

  /** The files the session's latest write, undo or redo touched: what `type_check` checks unless told. */
  lastTouched: readonly string[] = [];

  /** Ids an answer gave the agent: they name the elements as they are now. */
  gave(ids: Iterable<string>): void {
    for (const id of ids) this.givenAt.set(id, this.writes.length);
  }

  /** A write, undo or redo of this session: its ids map, and what it removed. */
  wrote(answer: LedgerAnswer, how: 'change' | 'undo' | 'redo'): void {
    const step = answer.item ? this.steps.get(answer.item.id) : undefined;
    if (how === 'change' && answer.item) this.steps.set(answer.item.id, { added: answer.addedIds, removed: answer.removedIds ?? [] });
    const removed = how === 'change' ? (answer.removedIds ?? []) : how === 'undo' ? (step?.added ?? []) : (step?.removed ?? []);
    if (answer.changedFiles.length === 0) return;
    this.lastTouched = answer.changedFiles.map((file) => file.path);
    const given = [...Object.values(answer.prevIdToNewIdMap), ...answer.addedIds];
    const old = new Set([...Object.keys(answer.prevIdToNewIdMap), ...removed]);
    const retaken = new Set(given.filter((id) => old.has(id)));
    this.writes.push({ name: answer.item?.name ?? 'a change', map: answer.prevIdToNewIdMap, removed: new Set(removed), retaken });
    // An id that named another element before this write is not given by it: the agent must read it again.
    this.gave(given.filter((id) => !retaken.has(id)));
  }

  /** The id that names now the element `id` named when the agent was given it; an AppError `STALE_ELEMENT` when it is gone. */
  resolve(id: string): string {
    let current = id;
    for (let index = this.givenAt.get(id) ?? 0; index < this.writes.length; index += 1) {
      const write = this.writes[index]!;
      const how = `${index === this.writes.length - 1 ? 'your last change' : 'your change'} "${write.name}"`;
      if (write.removed.has(current)) throw appError('STALE_ELEMENT', id, `${how} removed the element it named`);
      if (write.retaken.has(current)) throw appError('STALE_ELEMENT', id, `${how} moved the element it named and gave the id to another`);
      if (Object.hasOwn(write.map, current)) current = write.map[current]!;
    }
    return current;
  }

  /**
   * A change's body with every `codebaseId` resolved, and the ids it carried to their new names (for the answer to
   * say); throws `STALE_ELEMENT` for the first id whose element is gone.
   */
  resolveBody(body: unknown): { body: unknown; carried: Array<[string, string]> } {
    const carried: Array<[string, string]> = [];
    const walk = (value: unknown, key?: string): unknown => {
      if (key === 'codebaseId' && typeof value === 'string') {
        const now = this.resolve(value);
        if (now !== value) carried.push([value, now]);
        return now;
      }
      if (Array.isArray(value)) return value.map((item) => walk(item));
      if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
      return value;
    };
    return { body: walk(body), carried };
  }
}
