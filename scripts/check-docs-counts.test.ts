import { describe, expect, it } from 'vitest';
import { CHANGE_TYPES, MUTATION_KINDS } from '../contracts/change-kinds.js';
import { FRAME_FUNCTION_NAMES } from '../contracts/frame-protocol.js';
import { wrongCountsIn, wrongDocCounts } from './check-docs-counts.js';

describe('wrongCountsIn', () => {
  it('finds a count, in digits or in words, that is not its table length, and lets the right one and the uncounted pass', () => {
    const right = `the ${CHANGE_TYPES.length} change types and the ${MUTATION_KINDS.length} mutation kinds`;
    expect(wrongCountsIn(right)).toEqual([]);
    expect(wrongCountsIn('one of the change types; 3 tools')).toEqual([]);
    expect(wrongCountsIn(`line\nthe ${CHANGE_TYPES.length - 1} change types`)).toHaveLength(1);
    expect(wrongCountsIn('the twelve mutation kinds')[0]).toMatch(/^1: "twelve mutation kinds.*MUTATION_KINDS .* has \d+$/);
    for (const noun of ['frame functions', 'callable functions', 'functions the editor may call']) {
      expect(wrongCountsIn(`the ${FRAME_FUNCTION_NAMES.length} ${noun}`), noun).toEqual([]);
      expect(wrongCountsIn(`the ${FRAME_FUNCTION_NAMES.length - 1} ${noun}`), noun).toHaveLength(1);
    }
  });
});

describe('the repository', () => {
  it('states no count in README.md or docs/ that the code has outgrown', () => {
    expect(wrongDocCounts()).toEqual([]);
  });
});
