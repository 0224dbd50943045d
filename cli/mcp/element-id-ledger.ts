/**
 * The element ids an agent session holds, kept true through every write to the project's files: this session's,
 * the person's and other sessions'. A codebase id is the place of an element in its file, so a write that moves,
 * removes, wraps or duplicates elements hands their old ids to their neighbours: an id the agent read before such a
 * write may now name another element. The server numbers its writes and keeps their id maps (`AgentIdWrites`); the
 * ledger brings them in before each call that uses ids, and an id is read as of the answer that gave it to the agent:
 * carried through every later write to the same element, or refused (`STALE_ELEMENT`) when that element is gone or
 * its id now names another one (the agent may mean either), or when the writes since are no longer known; never
 * applied to the other element. A write made while an answer was on its way may be before or after it: an id that
 * write concerns is refused too.
 *
 * Why a class: it is the session's lasting state, fed by every tool's answer.
 */
import { AGENT_API_PATHS, type AgentIdWrites } from '../../contracts/agent-api.js';
import { appError } from '../../contracts/errors.js';
import { mapCodebaseIds } from '../../contracts/body-codebase-ids.js';
import type { MutationAnswer } from '../../contracts/change-kinds.js';
import type { HistoryItem } from '../../contracts/studio-api.js';
import { AgentCallError, type StudioLink } from './studio-link.js';

interface LedgerWrite {
  /** Whose write and its name, for a refusal to say which write made an id stale. */
  name: string;
  /** The history step written, so the session finds its own writes. */
  step?: string;
  map: Readonly<Record<string, string>>;
  removed: ReadonlySet<string>;
  /** Old ids the write gave to another element: which one an agent means by such an id cannot be told. */
  retaken: ReadonlySet<string>;
  /** Writes happened that the server no longer remembers: no id read before can be followed through them. */
  unknown?: true;
}

export type LedgerAnswer = MutationAnswer & { item?: HistoryItem };

/** When an id was given: from which write on it is to be carried, and up to which write that may be before it. */
interface Given {
  from: number;
  unsureUntil: number;
}

export class ElementIdLedger {
  private readonly writes: LedgerWrite[] = [];
  private readonly givenAt = new Map<string, Given>();
  /** The server's log and the number of the last of its writes brought in; none before the first. */
  private seen: { log: string; seq: number } | null = null;
  /** The files the session's latest write, undo or redo touched: what `type_check` checks unless told. */
  lastTouched: readonly string[] = [];

  /** Where the server's log is: what `writesSince` asks from. */
  get since(): number {
    return this.seen?.seq ?? 0;
  }

  /** The server's log as last brought in: a change's ids resolved now are as of it (`AgentChangeRequest.idsAsOf`). */
  get asOf(): { log: string; seq: number } | undefined {
    return this.seen ?? undefined;
  }

  /** How many writes the ledger holds: a reading started now is as of this many. */
  get mark(): number {
    return this.writes.length;
  }

  /** The writes since the last brought in, from the server's log (a restarted server's log starts anew). */
  sync(log: AgentIdWrites): void {
    const seen = this.seen;
    this.seen = { log: log.log, seq: log.seq };
    // The first look: ids given before it are as of the server's state then.
    if (seen === null) return;
    if (seen.log !== log.log || log.writes === null) {
      this.writes.push({ name: 'writes the server no longer remembers (or a restart of dev)', map: {}, removed: new Set(), retaken: new Set(), unknown: true });
      return;
    }
    for (const write of log.writes) {
      this.writes.push({ name: `"${write.name}" of ${write.by}`, step: write.step, map: write.map, removed: new Set(write.removed), retaken: new Set(write.retaken) });
    }
  }

  /**
   * Ids an answer gave the agent: they name the elements as they were when it was read, somewhere between `mark`
   * (the ledger's writes when the call was made) and now.
   */
  gave(ids: Iterable<string>, mark = this.writes.length): void {
    for (const id of ids) this.givenAt.set(id, { from: mark, unsureUntil: this.writes.length });
  }

  /** A write, undo or redo of this session, once synced: the ids it gave name their elements as of right after it. */
  wrote(answer: LedgerAnswer): void {
    if (answer.changedFiles.length === 0) return;
    this.lastTouched = answer.changedFiles.map((file) => file.path);
    const own = answer.item ? this.writes.findLastIndex((write) => write.step === answer.item!.id) : -1;
    const given = [...Object.values(answer.prevIdToNewIdMap), ...answer.addedIds];
    if (own < 0) return;
    const write = this.writes[own]!;
    // An id that named another element before this write is not given by it: the agent must read it again.
    for (const id of given) if (!write.retaken.has(id)) this.givenAt.set(id, { from: own + 1, unsureUntil: own + 1 });
  }

  /** The id that names now the element `id` named when the agent was given it; an AppError `STALE_ELEMENT` when it is gone. */
  resolve(id: string): string {
    let current = id;
    const given = this.givenAt.get(id) ?? { from: 0, unsureUntil: 0 };
    for (let index = given.from; index < this.writes.length; index += 1) {
      const write = this.writes[index]!;
      if (write.unknown) throw appError('STALE_ELEMENT', id, `${write.name} came after it was read`);
      const how = `the change ${write.name}`;
      if (index < given.unsureUntil) {
        const concerns = write.removed.has(current) || write.retaken.has(current) || Object.hasOwn(write.map, current) || Object.values(write.map).includes(current);
        if (concerns) throw appError('STALE_ELEMENT', id, `${how} was written while it was read and moved that place`);
        continue;
      }
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
    const resolved = mapCodebaseIds(body, (id) => {
      const now = this.resolve(id);
      if (now !== id) carried.push([id, now]);
      return now;
    });
    return { body: resolved, carried };
  }
}

/** Brings the server's writes since the last seen into the ledger; answers the ledger's `mark` after them. */
export async function syncIds(ids: ElementIdLedger, link: StudioLink, signal?: AbortSignal): Promise<number> {
  ids.sync(await link.call<AgentIdWrites>('GET', `${AGENT_API_PATHS.idWrites}?since=${ids.since}`, undefined, signal));
  return ids.mark;
}

/**
 * A call whose answer gives ids: they are known as of the last write seen before it, and the writes that landed
 * while it was in flight are caught up before they are kept, so an id such a write touched is not trusted.
 */
export async function callGivingIds<T>(ids: ElementIdLedger, link: StudioLink, signal: AbortSignal | undefined, call: () => Promise<T>, idsOf: (answer: T) => Iterable<string>): Promise<T> {
  const mark = await syncIds(ids, link, signal);
  const answer = await call();
  await syncIds(ids, link, signal);
  ids.gave(idsOf(answer), mark);
  return answer;
}

/**
 * A change whose body's ids are resolved against the server's log as last brought in, and sent with that log's place:
 * when the server has logged a write since that concerns one of them (a save in the person's code editor its watcher
 * told it of meanwhile), it refuses the change, and the ids are brought up to date and resolved once more.
 */
export async function applyWithIds<T>(
  ids: ElementIdLedger,
  link: StudioLink,
  signal: AbortSignal | undefined,
  body: unknown,
  send: (body: unknown, idsAsOf: ElementIdLedger['asOf']) => Promise<T>,
): Promise<{ resolved: { body: unknown; carried: Array<[string, string]> }; written: T }> {
  let refused: { error: AgentCallError; seen: number } | null = null;
  for (;;) {
    await syncIds(ids, link, signal);
    // Asked again once only, and only when the log has a write it had not when the ids were resolved.
    if (refused && ids.since === refused.seen) throw refused.error;
    const resolved = ids.resolveBody(body);
    try {
      return { resolved, written: await send(resolved.body, ids.asOf) };
    } catch (error) {
      if (refused || !(error instanceof AgentCallError) || error.code !== 'STALE_ELEMENT') throw error;
      refused = { error, seen: ids.since };
    }
  }
}
