import { describe, expect, it } from 'vitest';
import { CHANGE_STATES, type ChangeRecord } from '@contracts/studio-api.js';
import { changeRows, changeStateLabel, isProcessed } from './change-state-label';

describe('change state labels', () => {
  it('names every lifecycle state in words', () => {
    expect(CHANGE_STATES.map(changeStateLabel)).toEqual(['Pending', 'Instant update sent', 'Instant update finished', 'Succeeded', 'Failed']);
    expect(CHANGE_STATES.filter(isProcessed)).toEqual(['succeeded', 'failed']);
  });
});

describe('changeRows', () => {
  const record = (id: string, at: number): ChangeRecord => ({ id, type: 'ADD_CLASS', humanName: `Record ${id}`, state: 'succeeded', files: ['src/a.tsx'], at });
  const item = (id: string, createdAt: number, state: 'pending' | 'failed' = 'pending') => ({
    id,
    humanName: `Item ${id}`,
    state,
    files: [],
    createdAt,
    ...(state === 'failed' ? { error: 'The file changed on disk' } : {}),
  });

  it('shows this session newest first, then the earlier saved records newest first, each change once', () => {
    const rows = changeRows([item('b', 10), item('c', 20, 'failed')], [record('a', 1), record('b', 10), record('z', 5)]);
    expect(rows.map((row) => [row.id, row.saved])).toEqual([
      ['c', false],
      ['b', false],
      ['z', true],
      ['a', true],
    ]);
    expect(rows[0]).toMatchObject({ humanName: 'Item c', state: 'failed', error: 'The file changed on disk' });
  });
});
