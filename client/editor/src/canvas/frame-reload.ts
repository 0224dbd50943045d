/**
 * A frame shows its route again once the studio is back after losing the server (docs/editor.md#connection): a new
 * start of the server brings a new Vite and a new overlay, so the frame is loaded afresh at the address it showed;
 * after a mere break in the connection, only a frame whose overlay is not ready is.
 */
import { useEffect, type RefObject } from 'react';
import { useEditorServices } from '../services/editor-services';
import { useEditorStore } from '../state/editor-store';
import { frameSrc } from '@contracts/frame-query.js';
import { displayAddress } from './frame-address';

export function useFrameReloadAfterReconnect(frameId: string, savedRoute: string, iframeRef: RefObject<HTMLIFrameElement | null>): void {
  const { connection } = useEditorServices();
  useEffect(
    () =>
      connection.store.subscribe((state, previous) => {
        if (state.reconnects === previous.reconnects) return;
        const runtime = useEditorStore.getState().frames[frameId];
        if (!state.restarted && runtime?.ready) return;
        const route = runtime?.href ? displayAddress(runtime.href) : savedRoute;
        if (iframeRef.current) iframeRef.current.src = frameSrc(route, frameId);
      }),
    [connection, frameId, savedRoute, iframeRef],
  );
}
