import { describe, expect, it } from 'vitest';
import { AppError } from '../../contracts/errors.js';
import { ElementIdLedger, type LedgerAnswer } from './element-id-ledger.js';

const FILE = [{ path: 'src/page.tsx', beforeHash: 'a', afterHash: 'b' }];
const item = (id: string, name: string) => ({ id, name, kind: 'k', at: '', files: ['src/page.tsx'], state: 'ready' as const });

/** A removal of A from A, B, C: B takes A's place and id, C takes B's. */
const removeA: LedgerAnswer = { changedFiles: FILE, prevIdToNewIdMap: { B: 'A', C: 'B' }, addedIds: [], removedIds: ['A'], item: item('s1', 'Remove A') };

function staleError(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('not refused');
}

describe('ElementIdLedger', () => {
  it('carries an id read before a write to the same element, and refuses one whose element the write removed or whose id it gave to another', () => {
    const ledger = new ElementIdLedger();
    ledger.gave(['A', 'B', 'C']);
    ledger.wrote(removeA, 'change');
    expect(ledger.resolve('C')).toBe('B');
    const removed = staleError(() => ledger.resolve('A'));
    expect(removed.code).toBe('STALE_ELEMENT');
    expect(removed.statusCode).toBe(409);
    expect(removed.message).toContain('your last change "Remove A" removed the element it named');
    // 'B' was B and is now C's: the agent may mean either, so neither is touched.
    expect(staleError(() => ledger.resolve('B')).message).toContain('moved the element it named and gave the id to another');
  });

  it('takes an id read again after the write as the element that has it now', () => {
    const ledger = new ElementIdLedger();
    ledger.gave(['A', 'B']);
    ledger.wrote(removeA, 'change');
    ledger.gave(['A', 'B']);
    expect(ledger.resolve('A')).toBe('A');
    expect(ledger.resolve('B')).toBe('B');
  });

  it('follows an id through several writes, and through an undo that removes what its step added', () => {
    const ledger = new ElementIdLedger();
    ledger.gave(['X', 'Y']);
    // Duplicate X: the copy is X2, Y shifts to Y2.
    ledger.wrote({ changedFiles: FILE, prevIdToNewIdMap: { Y: 'Y2' }, addedIds: ['X2'], removedIds: [], item: item('s1', 'Duplicate X') }, 'change');
    ledger.wrote({ changedFiles: FILE, prevIdToNewIdMap: { Y2: 'Y3' }, addedIds: [], removedIds: [], item: item('s2', 'Move Y') }, 'change');
    expect(ledger.resolve('Y')).toBe('Y3');
    expect(ledger.resolve('X2')).toBe('X2');
    ledger.wrote({ changedFiles: FILE, prevIdToNewIdMap: { Y3: 'Y2' }, addedIds: [], item: item('s2', 'Move Y') }, 'undo');
    ledger.wrote({ changedFiles: FILE, prevIdToNewIdMap: { Y2: 'Y' }, addedIds: [], item: item('s1', 'Duplicate X') }, 'undo');
    expect(ledger.resolve('Y')).toBe('Y');
    expect(staleError(() => ledger.resolve('X2')).code).toBe('STALE_ELEMENT');
  });

  it('resolves every codebaseId of a body, and says which it carried', () => {
    const ledger = new ElementIdLedger();
    ledger.gave(['B', 'C']);
    ledger.wrote(removeA, 'change');
    const body = { elementToMove: { codebaseId: 'C' }, afterElement: { codebaseId: 'Z' }, className: 'B' };
    expect(ledger.resolveBody(body)).toEqual({
      body: { elementToMove: { codebaseId: 'B' }, afterElement: { codebaseId: 'Z' }, className: 'B' },
      carried: [['C', 'B']],
    });
    expect(staleError(() => ledger.resolveBody({ elementsToRemove: [{ codebaseId: 'A' }] })).code).toBe('STALE_ELEMENT');
  });
});
