/**
 * Tells the server when the studio's selection changes (`agentBridgeSelection`), so it can tell agents that follow it;
 * what the selection is, the server asks only when an agent wants it. At most one report per animation frame: a
 * selection is often set in steps (the multi-selection, then the primary key), and a drag across the layers selects
 * many times a second.
 */
import { useEditorStore, type EditorState } from '../state/editor-store';

type NextFrame = (run: () => void) => unknown;

/** A new selection, not the same keys in a new array (every write's id remap makes one). */
function selectionChanged(state: EditorState, previous: EditorState): boolean {
  if (state.selectedKey !== previous.selectedKey) return true;
  const [now, before] = [state.multiSelectedKeys, previous.multiSelectedKeys];
  return now !== before && (now.length !== before.length || now.some((key, index) => key !== before[index]));
}

/** Calls `report` once in the animation frame after each run of selection changes; returns the stop. */
export function reportSelectionChanges(report: () => void, nextFrame: NextFrame = (run) => requestAnimationFrame(run)): () => void {
  let queued = false;
  let stopped = false;
  const unsubscribe = useEditorStore.subscribe((state, previous) => {
    if (queued || !selectionChanged(state, previous)) return;
    queued = true;
    nextFrame(() => {
      queued = false;
      if (!stopped) report();
    });
  });
  return () => {
    stopped = true;
    unsubscribe();
  };
}
