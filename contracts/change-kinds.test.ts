import { describe, expect, expectTypeOf, it } from 'vitest';
import { CHANGE_KINDS, CHANGE_TYPES, changeKindOf, isChangeType, isMutationKind, MUTATION_KINDS, type ChangeType, type MutationKind } from './change-kinds.js';
import { mutationBodySchemas } from './changes.js';

/** The calls the rows write with, as the table's type knows them. */
type WrittenKind = NonNullable<(typeof CHANGE_KINDS)[ChangeType]['mutationKind']>;

describe('the table of change kinds', () => {
  it('writes every call that has a body schema, each with one change type', () => {
    // A body schema no row writes with (or a row naming a call without one) fails this type check.
    expectTypeOf<WrittenKind>().toEqualTypeOf<MutationKind>();
    expect(new Set(MUTATION_KINDS).size).toBe(MUTATION_KINDS.length);
    expect([...MUTATION_KINDS].sort()).toEqual(Object.keys(mutationBodySchemas).sort());
  });

  it('writes every change type with a call of its own, but UNDO, REDO and UNKNOWN', () => {
    expect(CHANGE_TYPES.filter((type) => CHANGE_KINDS[type].mutationKind === null)).toEqual(['UNDO', 'REDO', 'UNKNOWN']);
    expect(CHANGE_TYPES).toHaveLength(MUTATION_KINDS.length + 3);
  });

  it('knows its own types and calls only, not what objects inherit', () => {
    expect(isChangeType('ADD_CLASS')).toBe(true);
    expect(isChangeType('toString')).toBe(false);
    expect(changeKindOf('constructor')).toBeUndefined();
    expect(isMutationKind('addClass')).toBe(true);
    expect(isMutationKind('toString')).toBe(false);
  });

  it('keeps an id list only where a field holds one', () => {
    const lists = Object.fromEntries(CHANGE_TYPES.flatMap((type) => {
      const field = (CHANGE_KINDS[type] as { idListField?: string }).idListField;
      return field ? [[type, field]] : [];
    }));
    expect(lists).toEqual({ REMOVE_JSX: 'codebaseIdsToRemove', WRAP_DIV: 'codebaseIdsToWrap', DUPLICATE: 'codebaseIdsToDuplicate' });
  });
});
