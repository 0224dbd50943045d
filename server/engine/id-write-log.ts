/**
 * The id maps of the engine's recent writes, whoever made them, numbered in the order written: a coding agent's
 * session holds ids it read earlier, and every write (the person's, another session's) may shift them, so it asks
 * for the writes since the last it saw and carries its ids through them (`cli/mcp/element-id-ledger.ts`).
 *
 * Why a class: the numbered log is lasting state of the engine.
 */
import { randomUUID } from 'node:crypto';
import { AGENT_ID_WRITES_KEPT, type AgentIdWrite, type AgentIdWrites } from '../../contracts/agent-api.js';

/** Ids as a set or as the keys of a map (an index's `byId`: no set made of a file's ids for each write). */
export interface IdSet {
  has(id: string): boolean;
  keys(): Iterable<string>;
}

export interface IdChanges {
  /** Old id → new id of every element the write shifted. */
  map: Readonly<Record<string, string>>;
  /** Ids the write gave new elements. */
  added: readonly string[];
  /** Ids of the elements it removed, when the write knows them (a change does; an undo or redo does not). */
  removed?: readonly string[];
  /** The ids of the written files before and after the write: what the write's own answer leaves unsaid. */
  before: IdSet;
  after: IdSet;
}

/**
 * What a write did to ids: its map, the ids it removed, and the old ids it gave to other elements: an id the files
 * still have (or the write gives) whose element moved away or was removed, or that the write gives to an element
 * that did not have it. An element an undo makes again takes back its old id, which its answer does not say. Walks
 * the files' ids once; the rest goes by what the write names (few, however large the files).
 */
export function idWriteOf({ map, added, removed, before, after }: IdChanges): Pick<AgentIdWrite, 'map' | 'removed' | 'retaken'> {
  const keys = new Set(Object.keys(map));
  const given = new Set([...Object.values(map), ...added]);
  const gone = new Set(removed ?? []);
  for (const id of before.keys()) if (!keys.has(id) && !after.has(id)) gone.add(id);
  const candidates = new Set([...keys, ...gone, ...[...given].filter((id) => before.has(id))]);
  const retaken = [...candidates].filter((id) => after.has(id) || given.has(id));
  return { map: { ...map }, removed: [...gone], retaken };
}

export class IdWriteLog {
  private readonly id = randomUUID();
  private seq = 0;
  private readonly writes: AgentIdWrite[] = [];

  constructor(private readonly kept = AGENT_ID_WRITES_KEPT) {}

  push(write: Omit<AgentIdWrite, 'seq'>): void {
    this.seq += 1;
    this.writes.push({ ...write, seq: this.seq });
    if (this.writes.length > this.kept) this.writes.splice(0, this.writes.length - this.kept);
  }

  /**
   * The first write after `asOf` of this log that concerns one of `ids` (moved, removed or gave away its element), and
   * which id and why; a write number of another log (a restart) concerns them all.
   */
  concerning(asOf: { log: string; seq: number }, ids: readonly string[]): { id: string; why: string } | null {
    if (ids.length === 0) return null;
    if (asOf.log !== this.id || asOf.seq > this.seq) return { id: ids[0]!, why: 'dev started again after it was read' };
    const writes = this.since(asOf.seq).writes;
    if (writes === null) return { id: ids[0]!, why: 'writes the server no longer remembers came after it was read' };
    for (const write of writes) {
      const concerned = ids.find((id) => write.removed.includes(id) || write.retaken.includes(id) || Object.hasOwn(write.map, id));
      if (concerned) return { id: concerned, why: `the change "${write.name}" of ${write.by} was written after it was read` };
    }
    return null;
  }

  /** The writes after `since`, or null when one of them is no longer kept (or `since` is from another server). */
  since(since: number): AgentIdWrites {
    const oldest = this.writes[0]?.seq ?? this.seq + 1;
    const log = this.id;
    if (since > this.seq || since < oldest - 1) return { log, seq: this.seq, writes: since === this.seq ? [] : null };
    return { log, seq: this.seq, writes: this.writes.filter((write) => write.seq > since) };
  }
}
