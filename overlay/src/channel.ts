/**
 * Posting to the studio parent: always to its exact origin, never `*`, and always marked as this
 * overlay's message so the parent can tell them from other windows' traffic. See docs/editor.md#delivery-and-checks.
 */
import { FRAME_MESSAGE_SOURCE, type FrameToParentPayloads, type FrameToParentType } from '@contracts/frame-protocol.js';

export interface Channel {
  post<Type extends FrameToParentType>(type: Type, payload: FrameToParentPayloads[Type]): void;
  debug(...parts: unknown[]): void;
}

export function createChannel(parentWindow: Window, parentOrigin: string, debugLog: boolean): Channel {
  return {
    post(type, payload) {
      parentWindow.postMessage({ source: FRAME_MESSAGE_SOURCE, type, payload }, parentOrigin);
    },
    debug(...parts) {
      if (debugLog) console.debug('[plantation-studio overlay]', ...parts);
    },
  };
}
