/**
 * A text edited in place ends, written, at any click outside it. A click in another place of the same frame is
 * the frame's own to see; a click in the editor (the empty canvas, a panel, the toolbar) never reaches the frame, so
 * the editor tells the frame being edited to end its edit (`COMMIT_TEXT_EDIT_EVENT`). Otherwise the typed text
 * stayed in the frame while the file kept the old one.
 */
import { COMMIT_TEXT_EDIT_EVENT } from '@contracts/frame-protocol.js';
import { frameIdOfKey, useEditorStore } from '../state/editor-store';
import type { FrameChannel } from './frame-registry';

/** Listens on the editor's document for the page's life; answers the removal of the listener. */
export function endTextEditOnEditorPointer(frames: { channel(frameId: string): FrameChannel | undefined }, page: Document): () => void {
  const onPointerDown = () => {
    const editing = useEditorStore.getState().textEditing;
    const channel = editing ? frames.channel(frameIdOfKey(editing.elementKey) ?? '') : undefined;
    // Capture phase, before the canvas or a panel acts on the click: the edit ends first, as in the frame.
    channel?.call('dispatchEvent', { eventName: COMMIT_TEXT_EDIT_EVENT, detail: null }).catch(() => {
      // A frame that went away took its edit with it.
    });
  };
  page.addEventListener('pointerdown', onPointerDown, { capture: true });
  return () => page.removeEventListener('pointerdown', onPointerDown, { capture: true });
}
