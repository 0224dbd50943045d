import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionMonitor, type ConnectionProbe } from './connection-monitor.js';
import { IDLE_CHECK_MS, OFFLINE_CHECK_MAX_MS } from './connection-state.js';

interface FakeProbe extends ConnectionProbe {
  up: boolean;
  tokenChanged: boolean;
  checks: number;
  refreshes: number;
  callFails(): void;
}

function fakeProbe(): FakeProbe {
  const listeners = new Set<() => void>();
  const probe: FakeProbe = {
    up: true,
    tokenChanged: true,
    checks: 0,
    refreshes: 0,
    answers: async () => {
      probe.checks++;
      return probe.up;
    },
    refreshToken: async () => {
      probe.refreshes++;
      if (!probe.up) throw new Error('down');
      return probe.tokenChanged;
    },
    onUnreachable: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    callFails: () => listeners.forEach((listener) => listener()),
  };
  return probe;
}

describe('ConnectionMonitor', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a failed call pauses edits; checks find the server back, take its token, and let the waiting writes go', async () => {
    const probe = fakeProbe();
    const monitor = new ConnectionMonitor(probe);
    const stop = monitor.start();
    await expect(monitor.whenOnline()).resolves.toBeUndefined();

    probe.up = false;
    probe.callFails();
    expect(monitor.isOnline()).toBe(false);
    let released = false;
    void monitor.whenOnline().then(() => (released = true));
    await vi.advanceTimersByTimeAsync(OFFLINE_CHECK_MAX_MS * 3);
    expect(released).toBe(false);
    expect(monitor.store.getState().status).toBe('offline');
    const checksWhileDown = probe.checks;
    expect(checksWhileDown).toBeGreaterThan(1);

    probe.up = true;
    await vi.advanceTimersByTimeAsync(OFFLINE_CHECK_MAX_MS);
    expect(released).toBe(true);
    expect(probe.refreshes).toBe(1);
    expect(monitor.store.getState()).toMatchObject({ status: 'online', reconnects: 1, restarted: true });
    stop();
  });

  it('while all is well it checks only at the idle pace, and a failed check also finds the server gone', async () => {
    const probe = fakeProbe();
    const monitor = new ConnectionMonitor(probe);
    const stop = monitor.start();
    await vi.advanceTimersByTimeAsync(IDLE_CHECK_MS * 3 + 10);
    expect(probe.checks).toBe(3);
    probe.up = false;
    await vi.advanceTimersByTimeAsync(IDLE_CHECK_MS);
    expect(monitor.store.getState().status).toBe('offline');
    stop();
    const checks = probe.checks;
    await vi.advanceTimersByTimeAsync(IDLE_CHECK_MS * 3);
    expect(probe.checks).toBe(checks);
  });

  it('a server that answers but whose page cannot be read stays offline', async () => {
    const probe = fakeProbe();
    probe.refreshToken = async () => {
      probe.refreshes++;
      throw new Error('the studio page answered 500');
    };
    const monitor = new ConnectionMonitor(probe);
    const stop = monitor.start();
    probe.callFails();
    await vi.advanceTimersByTimeAsync(OFFLINE_CHECK_MAX_MS * 2);
    expect(probe.refreshes).toBeGreaterThan(0);
    expect(monitor.isOnline()).toBe(false);
    stop();
  });
});
