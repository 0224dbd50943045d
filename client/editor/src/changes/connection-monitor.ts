/**
 * Follows whether the studio server answers (the machine of `connection-state.ts`) for the page's life: it hears of
 * every call that got no answer, checks lightly while idle and quicker while the server is gone, and once the server
 * answers again takes its new token before saying the studio is back. The change engine waits on it before each
 * write; the banner, the toolbar and the frames read its store.
 */
import { createStore } from 'zustand/vanilla';
import { onServerUnreachable, refreshStudioToken, serverAnswers } from '../api/studio-client.js';
import { editsPaused, INITIAL_CONNECTION, nextCheckDelay, nextConnection, type ConnectionEvent, type ConnectionState } from './connection-state.js';

/** What the monitor needs of the server; the page's own calls by default, a fake in tests. */
export interface ConnectionProbe {
  /** Whether the server answers at all (never rejects). */
  answers(): Promise<boolean>;
  /** Takes the token of the server's current start; answers whether it changed. */
  refreshToken(): Promise<boolean>;
  /** Hears of every call that got no answer; returns the stop. */
  onUnreachable(listener: () => void): () => void;
}

const pageProbe: ConnectionProbe = { answers: serverAnswers, refreshToken: refreshStudioToken, onUnreachable: onServerUnreachable };

/** What the change engine asks of the connection. */
export interface ConnectionGate {
  /** Resolves at once while the server answers, else once it answers again with this page's token. */
  whenOnline(): Promise<void>;
  /** A call got no answer: the studio is offline from now until a check says otherwise. */
  reportUnreachable(): void;
  isOnline(): boolean;
}

export class ConnectionMonitor implements ConnectionGate {
  readonly store = createStore<ConnectionState>(() => INITIAL_CONNECTION);
  private timer: ReturnType<typeof setTimeout> | null = null;
  private waiting: Array<() => void> = [];
  private stops: Array<() => void> = [];
  private checking = false;

  constructor(private readonly probe: ConnectionProbe = pageProbe) {}

  /** Starts listening and checking; returns the stop. */
  start(): () => void {
    this.stops.push(this.probe.onUnreachable(() => this.reportUnreachable()));
    if (typeof document !== 'undefined') {
      // A hidden page checks nothing; shown again, it checks at once.
      const onVisibility = () => {
        if (document.visibilityState === 'visible') void this.check();
      };
      document.addEventListener('visibilitychange', onVisibility);
      this.stops.push(() => document.removeEventListener('visibilitychange', onVisibility));
    }
    this.schedule();
    return () => this.stop();
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  isOnline(): boolean {
    return !editsPaused(this.store.getState());
  }

  whenOnline(): Promise<void> {
    if (this.isOnline()) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  reportUnreachable(): void {
    const wasOnline = this.isOnline();
    this.dispatch({ type: 'unreachable' });
    // The first failure is checked again soon, not at the idle pace.
    if (wasOnline) this.schedule();
  }

  /** Checks now whether the server answers (also what the timer runs). */
  async check(): Promise<void> {
    if (this.checking || this.store.getState().status === 'resyncing') return;
    this.checking = true;
    try {
      const answers = await this.probe.answers();
      this.dispatch({ type: answers ? 'answered' : 'unreachable' });
      if (this.store.getState().status === 'resyncing') await this.resync();
    } finally {
      this.checking = false;
      this.schedule();
    }
  }

  private async resync(): Promise<void> {
    try {
      const changed = await this.probe.refreshToken();
      this.dispatch({ type: 'resynced', changed });
    } catch {
      this.dispatch({ type: 'resync-failed' });
    }
  }

  private dispatch(event: ConnectionEvent): void {
    const next = nextConnection(this.store.getState(), event);
    if (next === this.store.getState()) return;
    this.store.setState(next, true);
    if (!editsPaused(next)) for (const resolve of this.waiting.splice(0)) resolve();
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const delay = nextCheckDelay(this.store.getState());
    if (delay === null || this.stops.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
      void this.check();
    }, delay);
  }
}
