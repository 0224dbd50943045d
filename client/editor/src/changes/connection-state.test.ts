import { describe, expect, it } from 'vitest';
import { editsPaused, INITIAL_CONNECTION, nextCheckDelay, nextConnection, OFFLINE_CHECK_MAX_MS, type ConnectionEvent, type ConnectionState } from './connection-state.js';

const run = (events: ConnectionEvent[], from: ConnectionState = INITIAL_CONNECTION) => events.reduce(nextConnection, from);

describe('connection state', () => {
  it('goes offline on a call with no answer, resyncs once a check is answered, and counts the reconnect', () => {
    const offline = run([{ type: 'unreachable' }]);
    expect(offline).toMatchObject({ status: 'offline', failedChecks: 0 });
    expect(editsPaused(offline)).toBe(true);
    const resyncing = run([{ type: 'unreachable' }, { type: 'answered' }], offline);
    expect(resyncing).toMatchObject({ status: 'resyncing', failedChecks: 1 });
    expect(editsPaused(resyncing)).toBe(true);
    const back = nextConnection(resyncing, { type: 'resynced', changed: true });
    expect(back).toEqual({ status: 'online', failedChecks: 0, reconnects: 1, restarted: true });
    expect(editsPaused(back)).toBe(false);
    expect(run([{ type: 'unreachable' }, { type: 'answered' }, { type: 'resynced', changed: false }], back)).toMatchObject({ reconnects: 2, restarted: false });
  });

  it('stays offline when the token cannot be fetched, and ignores what does not apply', () => {
    const resyncing = run([{ type: 'unreachable' }, { type: 'answered' }]);
    expect(nextConnection(resyncing, { type: 'resync-failed' })).toMatchObject({ status: 'offline', failedChecks: 1 });
    expect(nextConnection(resyncing, { type: 'unreachable' })).toMatchObject({ status: 'offline' });
    expect(nextConnection(resyncing, { type: 'answered' })).toBe(resyncing);
    expect(nextConnection(INITIAL_CONNECTION, { type: 'answered' })).toBe(INITIAL_CONNECTION);
    expect(nextConnection(INITIAL_CONNECTION, { type: 'resynced', changed: true })).toBe(INITIAL_CONNECTION);
    const offline = run([{ type: 'unreachable' }]);
    expect(nextConnection(offline, { type: 'resynced', changed: true })).toBe(offline);
  });

  it('checks lightly while online, quicker while offline with a backoff up to a bound, and not while resyncing', () => {
    expect(nextCheckDelay(INITIAL_CONNECTION)).toBeGreaterThan(nextCheckDelay(run([{ type: 'unreachable' }]))!);
    const delays = [0, 1, 2, 3, 4, 10].map((failedChecks) => nextCheckDelay({ ...INITIAL_CONNECTION, status: 'offline', failedChecks })!);
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    expect(delays.at(-1)).toBe(OFFLINE_CHECK_MAX_MS);
    expect(nextCheckDelay({ ...INITIAL_CONNECTION, status: 'resyncing' })).toBeNull();
  });
});
