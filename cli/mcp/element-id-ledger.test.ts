import { describe, expect, it } from 'vitest';
import type { AgentIdWrite } from '../../contracts/agent-api.js';
import { AppError } from '../../contracts/errors.js';
import { ElementIdLedger, type LedgerAnswer } from './element-id-ledger.js';

const FILE = [{ path: 'src/page.tsx', beforeHash: 'a', afterHash: 'b' }];
const item = (id: string, name: string) => ({ id, name, kind: 'k', at: '', files: ['src/page.tsx'], state: 'ready' as const });

/** The server's log as the ledger reads it: `writes` after `seq` of a log whose id is `log`. */
function logOf(writes: Array<Omit<AgentIdWrite, 'seq'>>, from: number, log = 'L'): { log: string; seq: number; writes: AgentIdWrite[] } {
  return { log, seq: from + writes.length, writes: writes.map((write, index) => ({ ...write, seq: from + index + 1 })) };
}

/** A removal of A from A, B, C: B takes A's place and id, C takes B's. */
const removeA = { step: 's1', name: 'Remove A', by: 'the agent x (session 1)', map: { B: 'A', C: 'B' }, removed: ['A'], retaken: ['A', 'B'] };
const removeAnswer: LedgerAnswer = { changedFiles: FILE, prevIdToNewIdMap: { B: 'A', C: 'B' }, addedIds: [], removedIds: ['A'], item: item('s1', 'Remove A') };

function staleError(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('not refused');
}

/** A ledger that has looked at the server's log once (at write 0) and was given `ids` then. */
function ledgerWith(ids: string[]): ElementIdLedger {
  const ledger = new ElementIdLedger();
  ledger.sync(logOf([], 0));
  ledger.gave(ids);
  return ledger;
}

describe('ElementIdLedger', () => {
  it('carries an id read before a write to the same element, and refuses one whose element the write removed or whose id it gave to another', () => {
    const ledger = ledgerWith(['A', 'B', 'C']);
    ledger.sync(logOf([removeA], 0));
    ledger.wrote(removeAnswer);
    expect(ledger.resolve('C')).toBe('B');
    const removed = staleError(() => ledger.resolve('A'));
    expect(removed.code).toBe('STALE_ELEMENT');
    expect(removed.statusCode).toBe(409);
    expect(removed.message).toContain('the change "Remove A" of the agent x (session 1) removed the element it named');
    // 'B' was B and is now C's: the agent may mean either, so neither is touched.
    expect(staleError(() => ledger.resolve('B')).message).toContain('moved the element it named and gave the id to another');
  });

  it("follows an id through the person's and other sessions' writes it did not make", () => {
    const ledger = ledgerWith(['X', 'Y']);
    const personsMove = { step: 'p1', name: 'Move Y', by: 'the person in the studio', map: { Y: 'Y2' }, removed: [], retaken: [] };
    const othersRemoval = { step: 'o1', name: 'Remove X', by: 'the agent other (session 2)', map: {}, removed: ['X'], retaken: [] };
    ledger.sync(logOf([personsMove, othersRemoval], 0));
    expect(ledger.resolve('Y')).toBe('Y2');
    expect(staleError(() => ledger.resolve('X')).message).toContain('"Remove X" of the agent other (session 2) removed the element it named');
  });

  it("takes its own write's new ids as of right after it, and an id read again as the element that has it now", () => {
    const ledger = ledgerWith(['Y']);
    const ownMove = { step: 's2', name: 'Move Y', by: 'the agent x (session 1)', map: { Y: 'Y2' }, removed: [], retaken: [] };
    const personsLater = { step: 'p1', name: 'Wrap Y', by: 'the person in the studio', map: { Y2: 'Y3' }, removed: [], retaken: [] };
    ledger.sync(logOf([ownMove, personsLater], 0));
    ledger.wrote({ changedFiles: FILE, prevIdToNewIdMap: { Y: 'Y2' }, addedIds: [], removedIds: [], item: item('s2', 'Move Y') });
    expect(ledger.resolve('Y2')).toBe('Y3');
    expect(ledger.resolve('Y')).toBe('Y3');
    ledger.gave(['Y2'], ledger.mark);
    expect(ledger.resolve('Y2')).toBe('Y2');
    expect(ledger.lastTouched).toEqual(['src/page.tsx']);
  });

  it('refuses an id a write made while its answer was on the way concerns, and keeps the others', () => {
    const ledger = ledgerWith([]);
    const mark = ledger.mark;
    // The answer came back, and the log then had one write more: before or after the reading, no one can say.
    ledger.sync(logOf([{ step: 'p1', name: 'Wrap P', by: 'the person in the studio', map: { P: 'P2' }, removed: [], retaken: [] }], 0));
    ledger.gave(['P', 'Q'], mark);
    expect(staleError(() => ledger.resolve('P')).message).toContain('was written while it was read');
    expect(ledger.resolve('Q')).toBe('Q');
  });

  it('refuses every id read before writes the server no longer keeps, or before dev restarted', () => {
    const ledger = ledgerWith(['A']);
    ledger.sync({ log: 'L', seq: 900, writes: null });
    expect(staleError(() => ledger.resolve('A')).message).toContain('no longer remembers');
    const restarted = ledgerWith(['B']);
    restarted.sync(logOf([], 0, 'another'));
    expect(staleError(() => restarted.resolve('B')).code).toBe('STALE_ELEMENT');
  });

  it('resolves every codebaseId of a body, and says which it carried', () => {
    const ledger = ledgerWith(['B', 'C']);
    ledger.sync(logOf([removeA], 0));
    const body = { elementToMove: { codebaseId: 'C' }, afterElement: { codebaseId: 'Z' }, className: 'B' };
    expect(ledger.resolveBody(body)).toEqual({
      body: { elementToMove: { codebaseId: 'B' }, afterElement: { codebaseId: 'Z' }, className: 'B' },
      carried: [['C', 'B']],
    });
    expect(staleError(() => ledger.resolveBody({ elementsToRemove: [{ codebaseId: 'A' }] })).code).toBe('STALE_ELEMENT');
  });
});
