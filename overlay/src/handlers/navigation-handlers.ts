/**
 * The page as a page: Back, Forward and Refresh from the frame's title bar, events the editor dispatches in it
 * (the start of an in-place text edit), and its error status.
 */
import type { FrameFunctionHandlers } from '@contracts/frame-protocol.js';
import { checkHydrationStatus } from '../hydration.js';
import type { OverlayParts } from '../overlay-parts.js';

type NavigationHandlers = Pick<FrameFunctionHandlers, 'goBack' | 'goForward' | 'refresh' | 'dispatchEvent' | 'checkIfHydrationError'>;

export function navigationHandlers({ store, channel }: OverlayParts): NavigationHandlers {
  return {
    goBack() {
      // Only with a referrer: without one, Back would leave the studio frame's page altogether.
      if (!document.referrer) return { navigated: false };
      history.back();
      return { navigated: true };
    },
    goForward() {
      history.forward();
      return { navigated: true };
    },
    refresh() {
      setTimeout(() => location.reload(), 0);
      return { refreshing: true };
    },
    dispatchEvent({ eventName, detail }) {
      if (typeof eventName !== 'string' || !eventName) return { dispatched: false };
      return { dispatched: window.dispatchEvent(new CustomEvent(eventName, { detail })) };
    },
    checkIfHydrationError() {
      const status = checkHydrationStatus(store.query.framework);
      channel.post('HYDRATION_STATUS', status);
      return status;
    },
  };
}
