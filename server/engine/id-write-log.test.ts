import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idWriteOf, IdWriteLog } from './id-write-log.js';

describe('what a write did to ids', () => {
  it('a removal: the removed id, and the old ids it gave to the elements that took their places', () => {
    // A, B, C → B, C: B takes A's id, C takes B's.
    const write = idWriteOf({ map: { B: 'A', C: 'B' }, added: [], removed: ['A'], before: new Set(['A', 'B', 'C']), after: new Set(['A', 'B']) });
    expect(write.removed).toEqual(['A']);
    expect(write.retaken.sort()).toEqual(['A', 'B']);
  });

  it('an undo of that removal: A made again takes back its id, which its answer does not say', () => {
    const write = idWriteOf({ map: { A: 'B', B: 'C' }, added: [], before: new Set(['A', 'B']), after: new Set(['A', 'B', 'C']) });
    expect(write.removed).toEqual([]);
    expect(write.retaken.sort()).toEqual(['A', 'B']);
  });

  it('an undo that removes what its step added: gone, though no answer named it', () => {
    const write = idWriteOf({ map: {}, added: [], before: new Set(['X', 'X2']), after: new Set(['X']) });
    expect(write).toEqual({ map: {}, removed: ['X2'], retaken: [] });
  });
});

describe('what a write did to ids, worked out from what it names', () => {
  it('is what a comparison of every id of the files gives, with the files as sets or as maps', () => {
    // The rule written out over every id: retaken are the ids the files have after (or the write gives) that it
    // moved, removed, or gave to an element that did not have it.
    const byEveryId = (map: Record<string, string>, added: string[], removed: string[], before: Set<string>, after: Set<string>) => {
      const keys = new Set(Object.keys(map));
      const given = new Set([...Object.values(map), ...added]);
      const gone = new Set([...removed, ...[...before].filter((id) => !keys.has(id) && !after.has(id))]);
      const retaken = [...new Set([...after, ...given])].filter((id) => keys.has(id) || gone.has(id) || (given.has(id) && before.has(id)));
      return { removed: [...gone].sort(), retaken: retaken.sort() };
    };
    const id = fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F');
    fc.assert(
      fc.property(fc.dictionary(id, id), fc.array(id), fc.array(id), fc.uniqueArray(id), fc.uniqueArray(id), (map, added, removed, before, after) => {
        const expected = byEveryId(map, added, removed, new Set(before), new Set(after));
        const asMaps = idWriteOf({ map, added, removed, before: new Map(before.map((one) => [one, 0])), after: new Map(after.map((one) => [one, 0])) });
        expect({ removed: [...asMaps.removed].sort(), retaken: [...asMaps.retaken].sort() }).toEqual(expected);
      }),
    );
  });
});

describe('the numbered log of writes', () => {
  const write = { step: 's', name: 'n', by: 'b', map: {}, removed: [], retaken: [] };

  it('answers the writes after a number, and null once some of them are no longer kept', () => {
    const log = new IdWriteLog(2);
    for (let i = 0; i < 3; i += 1) log.push(write);
    expect(log.since(3)).toMatchObject({ seq: 3, writes: [] });
    expect(log.since(1).writes?.map((w) => w.seq)).toEqual([2, 3]);
    expect(log.since(0).writes).toBeNull();
    expect(log.since(7).writes).toBeNull();
  });
});
