/**
 * Work the editor can show a frame later: its bookkeeping after an edit (the change list, undo and redo) is
 * rendered after the next paint, so the frame's instant update, which shares this main thread when the console is
 * same-origin, paints first.
 */

/** The longest a deferred run waits when no frame comes (a hidden tab paints nothing). */
export const AFTER_PAINT_FALLBACK_MS = 100;

/**
 * Runs `run` once, in a task after the next paint (and `delayMs` after it), or after the fallback delay when no
 * frame comes, whichever is first.
 */
export function afterNextPaint(run: () => void, delayMs = 0): void {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    run();
  };
  const fallback = setTimeout(go, AFTER_PAINT_FALLBACK_MS + delayMs);
  // An animation frame callback runs just before its paint; a task queued from it runs after that paint.
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(go, delayMs));
}

type Listener<S> = (state: S, previous: S) => void;

interface ObservableStore<S> {
  getState(): S;
  subscribe(listener: Listener<S>): () => void;
}

/**
 * A store's `subscribe` whose listeners hear of changes after the next paint (and `delayMs` after it), all
 * changes until then at once (with the state before the first of them as `previous`): at most one render per
 * paint and delay, however often the store changes. Made for React's `useSyncExternalStore`, which reads the
 * current state when told, so nothing is lost, and reads the current state too when a component renders for
 * another reason meanwhile. Not for controlled inputs, whose value must follow each keystroke.
 */
export function subscribeAfterPaint<S>(store: ObservableStore<S>, delayMs = 0): (listener: Listener<S>) => () => void {
  const listeners = new Set<Listener<S>>();
  let previous: S | null = null;
  let stopSource: (() => void) | null = null;
  const notify = () => {
    const before = previous as S;
    previous = null;
    const state = store.getState();
    for (const listener of [...listeners]) listener(state, before);
  };
  return (listener) => {
    listeners.add(listener);
    stopSource ??= store.subscribe((_state, before) => {
      if (previous !== null) return;
      previous = before;
      afterNextPaint(notify, delayMs);
    });
    return () => {
      listeners.delete(listener);
      if (listeners.size > 0) return;
      stopSource?.();
      stopSource = null;
    };
  };
}
