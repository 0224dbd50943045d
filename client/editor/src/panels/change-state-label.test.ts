import { describe, expect, it } from 'vitest';
import { CHANGE_STATES, type HistoryItem } from '@contracts/studio-api.js';
import { changeRows, changeStateLabel, isProcessed } from './change-state-label';

describe('change state labels', () => {
  it('names every lifecycle state in words', () => {
    expect(CHANGE_STATES.map(changeStateLabel)).toEqual(['Pending', 'Instant update sent', 'Instant update finished', 'Succeeded', 'Failed']);
    expect(CHANGE_STATES.filter(isProcessed)).toEqual(['succeeded', 'failed']);
    expect((['written', 'undone', 'changed-on-disk', 'missing'] as const).map(changeStateLabel)).toEqual(['Written', 'Undone', 'Changed on disk', 'File missing']);
  });
});

describe('changeRows', () => {
  const step = (id: string, state: HistoryItem['state'] = 'ready'): HistoryItem => ({ id, name: `Add class ${id}`, kind: 'addClass', at: '2026-01-01T10:00:00.000Z', files: ['src/a.tsx'], state });
  const item = (id: string, state: 'succeeded' | 'failed' = 'succeeded', extra: { type?: string; historyId?: string } = {}) => ({
    id,
    type: 'ADD_CLASS',
    humanName: `Item ${id}`,
    state,
    files: [],
    ...(state === 'failed' ? { error: 'The file changed on disk' } : {}),
    ...extra,
  });

  it("shows this session newest first, then the history's steps newest first (undone ones come later in the timeline), each step once", () => {
    const rows = changeRows(
      [item('b', 'succeeded', { historyId: 'h2' }), item('c', 'failed'), item('u', 'succeeded', { type: 'UNDO', historyId: 'h1' })],
      { done: [step('h0'), step('h1')], undone: [step('h2'), step('h3')] },
    );
    expect(rows.map((row) => [row.humanName, row.state, row.saved])).toEqual([
      ['Item u', 'succeeded', false],
      ['Item c', 'failed', false],
      ['Item b', 'succeeded', false],
      ['Add class h3', 'undone', true],
      ['Add class h1', 'written', true],
      ['Add class h0', 'written', true],
    ]);
    expect(rows[1]).toMatchObject({ error: 'The file changed on disk' });
  });

  it('offers to undo each written step, done and unchanged since, not an undo, a failure or an undone step', () => {
    const rows = changeRows(
      [item('a', 'succeeded', { historyId: 'h1' }), item('b', 'succeeded', { historyId: 'h2' }), item('c', 'failed'), item('u', 'succeeded', { type: 'UNDO', historyId: 'h2' })],
      { done: [step('h0'), step('h1'), step('h4', 'changed-on-disk')], undone: [step('h2')] },
    );
    expect(rows.map((row) => [row.humanName, row.step ?? null])).toEqual([
      ['Item u', null],
      ['Item c', null],
      ['Item b', { id: 'h2', undoable: false }],
      ['Item a', { id: 'h1', undoable: true }],
      ['Add class h4', { id: 'h4', undoable: false }],
      ['Add class h0', { id: 'h0', undoable: true }],
    ]);
  });

  it('a step whose files changed or are gone says so, and that its undo or redo is refused', () => {
    const rows = changeRows([], { done: [step('a', 'changed-on-disk')], undone: [step('b', 'missing')] });
    expect(rows).toMatchObject([
      { humanName: 'Add class b', state: 'missing', error: 'A file it wrote is gone: its redo is refused.' },
      { humanName: 'Add class a', state: 'changed-on-disk', error: expect.stringContaining('changed on disk since: its undo is refused') },
    ]);
    expect(changeRows([item('a')], null)).toHaveLength(1);
  });
});

describe('who made each row', () => {
  const step = (id: string, by?: 'agent' | 'studio'): HistoryItem => ({ id, name: `Step ${id}`, kind: 'addClass', at: '2026-01-01T10:00:00.000Z', files: ['src/a.tsx'], state: 'ready', ...(by ? { by } : {}) });
  const item = (id: string, by?: 'agent') => ({ id, type: 'ADD_CLASS', humanName: `Item ${id}`, state: 'succeeded' as const, files: [], ...(by ? { by } : {}) });

  it("marks an agent's change of this session, and a step the history says an agent wrote", () => {
    const rows = changeRows([item('a', 'agent'), item('b')], { done: [step('h1', 'agent'), step('h2')], undone: [] });
    expect(rows.map((row) => [row.humanName, row.by])).toEqual([
      ['Item b', undefined],
      ['Item a', 'agent'],
      ['Step h2', undefined],
      ['Step h1', 'agent'],
    ]);
  });

  it("marks a step written before a reload by the canvas's record of it when the history does not say", () => {
    const records = [
      { type: 'ADD_CLASS', by: 'agent' as const, historyId: 'h1' },
      // An agent's undo names the step it undid, which stays the maker's.
      { type: 'UNDO', by: 'agent' as const, historyId: 'h2' },
    ];
    const rows = changeRows([], { done: [step('h1')], undone: [step('h2')] }, records);
    expect(rows.map((row) => [row.humanName, row.by])).toEqual([
      ['Step h2', undefined],
      ['Step h1', 'agent'],
    ]);
  });
});
