/**
 * Says, above everything, when the studio server cannot be reached: edits made meanwhile wait (and how many), undo
 * and redo are off, and the studio reconnects by itself. Gone once the server answers again.
 */
import { useStore } from 'zustand';
import { useChangeStore, useEditorServices } from './services/editor-services';

export const SERVER_LOST_TEXT = 'The studio server is not reachable — edits are paused; reconnecting…';

export function ConnectionBanner() {
  const { connection } = useEditorServices();
  const status = useStore(connection.store, (state) => state.status);
  const waiting = useChangeStore((state) => state.queuedSteps.length);
  if (status === 'online') return null;
  return (
    <div role="alert" aria-label="Connection" className="flex shrink-0 items-center gap-3 border-b border-amber-500/50 bg-amber-950 px-3 py-1.5 text-xs text-amber-100">
      <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-amber-400" />
      <span className="flex-1">{SERVER_LOST_TEXT}</span>
      {waiting > 0 ? <span>{waiting === 1 ? '1 edit waits' : `${waiting} edits wait`} and will be written when the server is back</span> : null}
    </div>
  );
}
