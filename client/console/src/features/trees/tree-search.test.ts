import { describe, expect, it } from 'vitest';
import { treeListSearchSchema, treeOriginOf } from './tree-search';

describe('treeListSearchSchema', () => {
  it('reads a zero-based page and falls back to 0 for anything that is not one', () => {
    expect(treeListSearchSchema.parse({ page: 2 })).toEqual({ page: 2 });
    expect(treeListSearchSchema.parse({})).toEqual({ page: 0 });
    expect(treeListSearchSchema.parse({ page: -1 })).toEqual({ page: 0 });
    expect(treeListSearchSchema.parse({ page: 1.5 })).toEqual({ page: 0 });
    expect(treeListSearchSchema.parse({ page: 'x' })).toEqual({ page: 0 });
  });
});

describe('treeOriginOf', () => {
  it('reads the origin the list put in the history entry', () => {
    expect(treeOriginOf({ treeOrigin: { fieldId: 3, location: 'North corner' }, key: 'abc' })).toEqual({ fieldId: 3, location: 'North corner' });
  });

  it('is null for a direct visit or a malformed entry', () => {
    expect(treeOriginOf(undefined)).toBeNull();
    expect(treeOriginOf({ key: 'abc' })).toBeNull();
    expect(treeOriginOf({ treeOrigin: { fieldId: 0, location: 'x' } })).toBeNull();
    expect(treeOriginOf({ treeOrigin: { fieldId: 2 } })).toBeNull();
  });
});
