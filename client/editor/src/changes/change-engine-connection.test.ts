import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultCanvasDocument, type HistoryStatus } from '@contracts/studio-api.js';
import { StudioCallError, UNREACHABLE_CODE, type StudioServer } from '../api/studio-client.js';
import { ElementLookups } from '../frame/element-lookups.js';
import { FrameRegistry } from '../frame/frame-registry.js';
import { useEditorStore } from '../state/editor-store.js';
import { ChangeEngine, UNDO_NEEDS_SERVER } from './change-engine.js';
import type { ConnectionGate } from './connection-monitor.js';

const A = 'tempo-0f8b5c2e-3d4a-5b6c-8d7e-9f0a1b2c3d4e';

/** A connection that is lost on `lose()` or on a reported call, and back on `reconnect()`. */
function fakeConnection() {
  let online = true;
  let waiting: Array<() => void> = [];
  const gate = {
    reports: 0,
    isOnline: () => online,
    whenOnline: () => (online ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
    reportUnreachable: () => {
      gate.reports++;
      online = false;
    },
    lose: () => (online = false),
    reconnect: () => {
      online = true;
      for (const resolve of waiting.splice(0)) resolve();
      waiting = [];
    },
  } satisfies ConnectionGate & Record<string, unknown>;
  return gate;
}

const written: Array<{ path: string; body: unknown }> = [];
let history: HistoryStatus = { undoCount: 0, redoCount: 0, done: [], undone: [] };
let dropNextAnswer = false;

async function serverCall(path: string, init: { method?: string; body?: unknown } = {}): Promise<unknown> {
  if (path.endsWith('/history')) return history;
  written.push({ path, body: init.body });
  const name = (init.body as { changeName: string }).changeName;
  history = { ...history, undoCount: history.undoCount + 1, done: [...history.done, { id: `h${written.length}`, name, kind: 'addClass', at: new Date().toISOString(), files: ['src/a.tsx'], state: 'ready' }] };
  if (dropNextAnswer) {
    // Written, and the connection breaks before the answer.
    dropNextAnswer = false;
    throw new StudioCallError('The studio server cannot be reached (Failed to fetch)', 0, UNREACHABLE_CODE);
  }
  return { changedFiles: [{ path: 'src/a.tsx', beforeHash: 'a', afterHash: 'b' }], prevIdToNewIdMap: {}, addedIds: [] };
}

let connection: ReturnType<typeof fakeConnection>;
let engine: ChangeEngine;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  written.length = 0;
  history = { undoCount: 0, redoCount: 0, done: [], undone: [] };
  dropNextAnswer = false;
  const server: StudioServer = { call: serverCall as StudioServer['call'], canWriteSource: () => true };
  const frames = new FrameRegistry();
  connection = fakeConnection();
  engine = new ChangeEngine({ frames, lookups: new ElementLookups(frames, server), server, connection });
  useEditorStore.setState({ notices: [], frames: {} });
  useEditorStore.getState().setCanvas(defaultCanvasDocument('default'));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  engine.dispose();
  vi.restoreAllMocks();
});

describe('the change engine without its server', () => {
  it('keeps edits made while the server is gone pending, and writes them in order once it is back', async () => {
    connection.lose();
    const first = engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'p-4', addingTailwindClass: true });
    const second = engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'italic', addingTailwindClass: true });
    await flush();
    expect(written).toEqual([]);
    expect(engine.store.getState().items.map((item) => item.state)).toEqual(['pending', 'pending']);
    connection.reconnect();
    expect(await first).toMatchObject({ state: 'succeeded' });
    expect(await second).toMatchObject({ state: 'succeeded' });
    expect(written.map((call) => (call.body as { changeName: string }).changeName)).toEqual(['Add class p-4', 'Add class italic']);
  });

  it('a write whose answer was lost is not sent again when the history shows it written, and is not failed', async () => {
    dropNextAnswer = true;
    const change = engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'p-4', addingTailwindClass: true });
    await flush();
    expect(connection.reports).toBe(1);
    connection.reconnect();
    expect(await change).toMatchObject({ state: 'succeeded', files: ['src/a.tsx'] });
    expect(written).toHaveLength(1);
  });

  it('refuses undo and redo up front while the server is gone, saying why', async () => {
    await engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'p-4', addingTailwindClass: true });
    connection.lose();
    expect(await engine.undoLast()).toMatchObject({ state: 'failed', error: UNDO_NEEDS_SERVER });
    expect(await engine.redoLast()).toMatchObject({ state: 'failed', error: UNDO_NEEDS_SERVER });
    expect(written).toHaveLength(1);
    expect(useEditorStore.getState().notices.at(-1)?.text).toContain(UNDO_NEEDS_SERVER);
  });
});
