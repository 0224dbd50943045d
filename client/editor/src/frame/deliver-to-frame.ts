/**
 * How a message reaches a frame's overlay. The console shares the studio's origin, so the message is
 * dispatched on the frame's window as the `message` event `postMessage` would have brought, but at once.
 *
 * Why not `postMessage`: Chromium renders right after an input event, before it runs a message posted while the
 * event was handled, so an instant update sent from a key press was painted a frame late (it is due in the
 * next frame). Dispatched, the overlay applies it in the key press's own task. Nothing is weakened: only code of
 * the frame's own origin can dispatch events on its window, and the overlay still checks the event's origin and
 * source as for a posted one. Messages to one frame keep their order, since every one goes the same way. See
 * docs/editor.md#delivery-and-checks.
 */

/** The frame's window as far as delivery needs it; a cross-origin window throws on anything but `postMessage`. */
export interface FrameWindowLike {
  postMessage(message: unknown, targetOrigin: string): void;
}

interface DispatchingWindow extends FrameWindowLike {
  structuredClone<T>(value: T): T;
  dispatchEvent(event: Event): boolean;
  MessageEvent: typeof MessageEvent;
}

/** The frame's own realm, when this page may reach into it (same origin, and a real window). */
function sameOriginWindow(target: FrameWindowLike, origin: string): DispatchingWindow | null {
  if (typeof window === 'undefined' || origin !== window.location.origin) return null;
  try {
    const candidate = target as Partial<DispatchingWindow>;
    return typeof candidate.dispatchEvent === 'function' && typeof candidate.MessageEvent === 'function' && typeof candidate.structuredClone === 'function'
      ? (candidate as DispatchingWindow)
      : null;
  } catch {
    // A window of another origin after all (the frame navigated away): it can only be posted to.
    return null;
  }
}

/**
 * Delivers `message` to the frame as a `message` event from this window and origin: dispatched at once into a
 * same-origin frame (as a copy made in the frame's own realm, as posting would), posted otherwise.
 */
export function deliverToFrame(target: FrameWindowLike, message: unknown, origin: string): void {
  const frame = sameOriginWindow(target, origin);
  if (!frame) {
    target.postMessage(message, origin);
    return;
  }
  const event = new frame.MessageEvent('message', { data: frame.structuredClone(message), origin: window.location.origin, source: window });
  frame.dispatchEvent(event);
}
