import { describe, expect, it } from 'vitest';
import type { HistoryItem, HistoryStatus } from '@contracts/studio-api.js';
import { StudioCallError, UNREACHABLE_CODE } from '../api/studio-client.js';
import type { ConnectionGate } from './connection-monitor.js';
import { changeNameOf, saveQueue, showsWritten, takeSavedQueue, waitingChanges, writeWhenReachable } from './pending-writes.js';

class MemoryStorage implements Storage {
  private readonly values = new Map<string, string>();
  get length() {
    return this.values.size;
  }
  clear() {
    this.values.clear();
  }
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
}

/** A gate that is offline from the first report until `reconnect()`. */
function fakeGate() {
  let online = true;
  let waiters: Array<() => void> = [];
  const gate = {
    reports: 0,
    isOnline: () => online,
    whenOnline: () => (online ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    reportUnreachable: () => {
      gate.reports++;
      online = false;
    },
    reconnect: () => {
      online = true;
      for (const resolve of waiters) resolve();
      waiters = [];
    },
  } satisfies ConnectionGate & Record<string, unknown>;
  return gate;
}

const unreachable = () => new StudioCallError('The studio server cannot be reached (Failed to fetch)', 0, UNREACHABLE_CODE);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('writeWhenReachable', () => {
  it('a write with no answer waits for the server, then is sent again when the history does not show it', async () => {
    const gate = fakeGate();
    let sends = 0;
    const written = writeWhenReachable(
      async () => {
        sends++;
        if (sends === 1) throw unreachable();
        return 'answer';
      },
      gate,
      async () => null,
    );
    await flush();
    expect(gate.reports).toBe(1);
    expect(sends).toBe(1);
    gate.reconnect();
    await expect(written).resolves.toBe('answer');
    expect(sends).toBe(2);
  });

  it('is not sent twice when the history shows the server wrote it before the connection broke', async () => {
    const gate = fakeGate();
    let sends = 0;
    const written = writeWhenReachable(
      async () => {
        sends++;
        throw unreachable();
      },
      gate,
      async () => 'from the history',
    );
    await flush();
    gate.reconnect();
    await expect(written).resolves.toBe('from the history');
    expect(sends).toBe(1);
  });

  it("the server's refusals are the caller's, at once", async () => {
    const gate = fakeGate();
    const refusal = new StudioCallError('The file changed on disk', 409, 'CONFLICT');
    await expect(writeWhenReachable(() => Promise.reject(refusal), gate, async () => null)).rejects.toBe(refusal);
    expect(gate.reports).toBe(0);
  });
});

const item = (name: string, at: string): HistoryItem => ({ id: `h-${name}`, name, kind: 'addClass', at, files: ['src/a.tsx'], state: 'ready' });
const history = (done: HistoryItem[], undone: HistoryItem[] = []): HistoryStatus => ({ undoCount: done.length, redoCount: undone.length, done, undone });

describe('showsWritten', () => {
  const made = Date.parse('2026-01-01T10:00:00.000Z');
  const change = { type: 'ADD_CLASS' as const, humanName: 'Add class italic', createdAt: made };

  it('a write: its name on the newest done item, written after it was made, one more than the page knew', () => {
    expect(showsWritten(change, { undoCount: 1, redoCount: 0 }, history([item('Add class p-4', '2026-01-01T09:59:59.000Z'), item('Add class italic', '2026-01-01T10:00:00.020Z')]))).toBe(true);
    expect(showsWritten(change, { undoCount: 1, redoCount: 0 }, history([item('Add class p-4', '2026-01-01T09:59:59.000Z')]))).toBe(false);
    // The same name written before this change was made is another change.
    expect(showsWritten(change, { undoCount: 0, redoCount: 0 }, history([item('Add class italic', '2026-01-01T09:59:00.000Z')]))).toBe(false);
    expect(showsWritten(change, { undoCount: 1, redoCount: 0 }, history([item('Add class italic', '2026-01-01T10:00:00.020Z')]))).toBe(false);
  });

  it('undo and redo by the counts moving from those the page knew', () => {
    const known = { undoCount: 2, redoCount: 0 };
    expect(showsWritten({ ...change, type: 'UNDO' }, known, { undoCount: 1, redoCount: 1 })).toBe(true);
    expect(showsWritten({ ...change, type: 'UNDO' }, known, { undoCount: 2, redoCount: 0 })).toBe(false);
    expect(showsWritten({ ...change, type: 'REDO' }, { undoCount: 1, redoCount: 1 }, { undoCount: 2, redoCount: 0 })).toBe(true);
    expect(showsWritten({ ...change, type: 'UNDO' }, null, { undoCount: 1, redoCount: 1 })).toBe(false);
  });
});

describe('the waiting changes across pages', () => {
  const stored = (id: string, state: 'pending' | 'succeeded' | 'instant-update-finished', consumed = false) => ({
    id,
    type: 'ADD_CLASS' as const,
    changeFields: { codebaseId: 'tempo-x', className: id },
    humanName: `Add class ${id}`,
    createdAt: 1,
    state,
    consumed,
  });

  it('are the queued changes not yet ended, in queue order, the one whose request left marked sent', () => {
    const items = [stored('a', 'succeeded', true), stored('b', 'instant-update-finished', true), stored('c', 'pending')];
    const queuedSteps = [
      { id: 'b', step: { kind: 'write' as const, id: 'b' } },
      { id: 'c', step: { kind: 'write' as const, id: 'c' } },
    ];
    expect(waitingChanges({ items: items as never, queuedSteps }).map((change) => [change.humanName, change.sent])).toEqual([
      ['Add class b', true],
      ['Add class c', false],
    ]);
  });

  it("keep an agent's change the agent's", () => {
    const items = [{ ...stored('b', 'pending'), by: 'agent' as const }, stored('c', 'pending')];
    const queuedSteps = items.map((item) => ({ id: item.id, step: { kind: 'write' as const, id: item.id } }));
    expect(waitingChanges({ items: items as never, queuedSteps }).map((change) => [change.humanName, change.by])).toEqual([
      ['Add class b', 'agent'],
      ['Add class c', undefined],
    ]);
  });

  it('are kept per canvas and taken once', () => {
    const storage = new MemoryStorage();
    const changes = [{ type: 'ADD_CLASS' as const, changeFields: {}, humanName: 'Add class b', createdAt: 1, sent: true }];
    saveQueue(storage, { canvasId: 'one', counts: { undoCount: 1, redoCount: 0 }, changes });
    expect(takeSavedQueue(storage, 'two')).toBeNull();
    expect(takeSavedQueue(storage, 'one')).toEqual({ canvasId: 'one', counts: { undoCount: 1, redoCount: 0 }, changes });
    expect(takeSavedQueue(storage, 'one')).toBeNull();
    saveQueue(storage, { canvasId: 'one', counts: null, changes: [] });
    expect(storage.length).toBe(0);
    storage.setItem('plantation-studio.pending.one', '{not json');
    expect(takeSavedQueue(storage, 'one')).toBeNull();
  });
});

describe('changeNameOf', () => {
  it('is one line of plain text within the contract limit', () => {
    expect(changeNameOf('Add class italic')).toBe('Add class italic');
    expect(changeNameOf('Edit text\nsecond\tline')).toBe('Edit text second line');
    expect(changeNameOf('x'.repeat(300))).toHaveLength(200);
    expect(changeNameOf('\n')).toBe('Change');
  });
});
