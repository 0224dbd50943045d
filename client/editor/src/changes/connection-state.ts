/**
 * Whether the studio server can be reached, as a small state machine (docs/editor.md#connection): `online`, edits are
 * sent and a light check runs now and then while idle; `offline`, a call or a check got no answer, so edits wait
 * and checks come quicker, backing off; `resyncing`, the server answers again and the page takes its new start's
 * token before edits go on. Each return to `online` counts as a reconnect (frames reload, the selection is found
 * again); `restarted` says whether the server's token changed, i.e. it is a new process.
 */

export type ConnectionStatus = 'online' | 'offline' | 'resyncing';

export interface ConnectionState {
  status: ConnectionStatus;
  /** Checks that failed in a row while offline: the next one waits longer. */
  failedChecks: number;
  /** How many times the studio came back online after losing the server. */
  reconnects: number;
  /** Whether the last reconnect found a new start of the server (a new token). */
  restarted: boolean;
}

export type ConnectionEvent =
  /** A call or a check got no answer at all. */
  | { type: 'unreachable' }
  /** A check was answered. */
  | { type: 'answered' }
  /** The page has the token of the server's current start (`changed`: a new one). */
  | { type: 'resynced'; changed: boolean }
  | { type: 'resync-failed' };

export const INITIAL_CONNECTION: ConnectionState = { status: 'online', failedChecks: 0, reconnects: 0, restarted: false };

export function nextConnection(state: ConnectionState, event: ConnectionEvent): ConnectionState {
  switch (state.status) {
    case 'online':
      return event.type === 'unreachable' ? { ...state, status: 'offline', failedChecks: 0 } : state;
    case 'offline':
      if (event.type === 'unreachable') return { ...state, failedChecks: state.failedChecks + 1 };
      return event.type === 'answered' ? { ...state, status: 'resyncing' } : state;
    case 'resyncing':
      if (event.type === 'resynced') return { ...state, status: 'online', failedChecks: 0, reconnects: state.reconnects + 1, restarted: event.changed };
      if (event.type === 'resync-failed' || event.type === 'unreachable') return { ...state, status: 'offline', failedChecks: state.failedChecks + 1 };
      return state;
    default:
      return state.status satisfies never;
  }
}

/** The light check while all is well: one cheap `HEAD` now and then, never a busy poll. */
export const IDLE_CHECK_MS = 5_000;
/** The first check after the server was lost, then twice as long each time, up to `OFFLINE_CHECK_MAX_MS`. */
export const OFFLINE_CHECK_FIRST_MS = 250;
export const OFFLINE_CHECK_MAX_MS = 2_000;

/** How long until the next check; null while the page resyncs (that step ends by itself). */
export function nextCheckDelay(state: ConnectionState): number | null {
  switch (state.status) {
    case 'online':
      return IDLE_CHECK_MS;
    case 'offline':
      return Math.min(OFFLINE_CHECK_MAX_MS, OFFLINE_CHECK_FIRST_MS * 2 ** state.failedChecks);
    case 'resyncing':
      return null;
    default:
      return state.status satisfies never;
  }
}

/** Edits and undo/redo go to the server only when it is known to answer with this page's token. */
export function editsPaused(state: ConnectionState): boolean {
  return state.status !== 'online';
}
