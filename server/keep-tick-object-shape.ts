/**
 * `keepTickObjectShape()`: keeps the hidden class of Node's `process.nextTick` objects alive for the life of the
 * process, so that a start-up heavy in garbage (Vite's) does not slow down every later `nextTick`, and with it every
 * HTTP request (each one takes several ticks in Node's streams).
 *
 * Why it is needed: `nextTick` builds each tick object with a literal whose first keys are symbols
 * (`{[async_id_symbol]: …, [trigger_async_id_symbol]: …, callback, args}`). V8 defines those keys one by one through
 * inline caches that hold the object's hidden classes only weakly. A full garbage collection that runs while no tick
 * object is alive frees those classes, and the next tick makes new ones; after a handful of such collections the
 * caches give up (megamorphic) and, for the rest of the process, every tick object is built in V8's runtime, hidden
 * class transitions included. Vite's start-up runs many full collections between ticks: with it, the mock's drone
 * page took about 40% more instructions per request than without it. One tick object kept alive keeps its classes
 * alive, so the caches stay monomorphic.
 */
import { createHook } from 'node:async_hooks';

let keptTickObject: object | undefined;

/** Idempotent, and cheap: one tick, seen by an async hook that is enabled only around it. */
export function keepTickObjectShape(): void {
  if (keptTickObject) return;
  // The init hook is the public way to see a tick object; it is disabled again at once, so nothing else in the
  // process runs with hooks on (they would tax every promise and callback).
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject') keptTickObject ??= resource as object;
    },
  });
  hook.enable();
  try {
    process.nextTick(noop);
  } finally {
    hook.disable();
  }
}

function noop(): void {}
