/**
 * The source facts of an element, waited for when the frame has just shown it: a key pressed right after a paste or
 * a hot reload names an element whose lookup is still on its way, and refusing it then would lose the person's input.
 */
import type { ElementSourceInfo } from '@contracts/studio-api.js';
import { useEditorStore, type EditorState } from './editor-store';

/** How long a command waits for a lookup in flight before it says the element has no source. */
export const ELEMENT_INFO_WAIT_MS = 8_000;

type Known = { info: ElementSourceInfo } | { info: null };

function knownIn(state: Pick<EditorState, 'elementInfo' | 'withoutSource'>, codebaseId: string): Known | undefined {
  if (state.withoutSource[codebaseId]) return { info: null };
  const info = state.elementInfo[codebaseId];
  return info ? { info } : undefined;
}

/** The element's facts as soon as the editor has them; null when the server found no source or none came in time. */
export function elementInfoWhenKnown(codebaseId: string, timeoutMs = ELEMENT_INFO_WAIT_MS): Promise<ElementSourceInfo | null> {
  const now = knownIn(useEditorStore.getState(), codebaseId);
  if (now) return Promise.resolve(now.info);
  return new Promise((resolve) => {
    const finish = (info: ElementSourceInfo | null) => {
      stop();
      clearTimeout(timer);
      resolve(info);
    };
    const stop = useEditorStore.subscribe((state) => {
      const known = knownIn(state, codebaseId);
      if (known) finish(known.info);
    });
    const timer = setTimeout(() => finish(null), timeoutMs);
  });
}
