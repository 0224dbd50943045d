/**
 * Asks the selection's frame for something (computed styles, matched rules, the live class list, a component's
 * state) and asks again when the selection changes or a new nav tree arrives (hot reload, an instant update), so
 * what the inspector shows is never older than the frame's last tree. A late answer for an older question is
 * dropped. A new element is asked about at once; the same element after a new tree only once the trees have
 * stopped coming for a moment (`FRAME_QUERY_REFRESH_DELAY_MS`): an edit brings a tree for its instant update and
 * another for its hot reload, and asking in between (the matched rules walk every stylesheet) took the main
 * thread the frame needed for that hot reload.
 */
import { useEffect, useRef, useState } from 'react';
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import type { FrameChannel } from '../frame/frame-registry';
import { useEditorServices } from '../services/editor-services';

/**
 * How long the same element's answer waits after a new tree before it is asked for again. Shorter than the
 * overlay's 300 ms between a page change and its next tree, so a page that keeps changing still gets
 * its answers refreshed. See docs/editor.md#nav-tree.
 */
export const FRAME_QUERY_REFRESH_DELAY_MS = 250;

/** A question the inspector put to a frame: about which element, and with what else it depended on. */
export interface FrameQuestion {
  frameId: string | null;
  elementKey: string | null;
  extraDependency: unknown;
}

/** Whether `next` only asks again what `previous` asked (a new tree came): such a refresh waits for the trees to settle. */
export function isRefreshOf(previous: FrameQuestion, next: FrameQuestion): boolean {
  return previous.elementKey !== null && previous.frameId === next.frameId && previous.elementKey === next.elementKey && Object.is(previous.extraDependency, next.extraDependency);
}

export type FrameQuery<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: string } | { status: 'no-frame' };

export function useFrameQuery<T>(
  frameId: string | null,
  elementKey: string | null,
  navTree: NavTreeNode | null,
  ask: (channel: FrameChannel, elementKey: string) => Promise<T>,
  extraDependency: unknown = null,
): FrameQuery<T> {
  const { frames } = useEditorServices();
  const [state, setState] = useState<{ key: string | null; query: FrameQuery<T> }>({ key: null, query: { status: 'loading' } });
  const askRef = useRef(ask);
  askRef.current = ask;
  const asked = useRef<FrameQuestion>({ frameId: null, elementKey: null, extraDependency: undefined });
  useEffect(() => {
    if (!frameId || !elementKey) return;
    const channel = frames.channel(frameId);
    if (!channel) {
      setState({ key: elementKey, query: { status: 'no-frame' } });
      return;
    }
    let current = true;
    // The frame's channel as it is when asked: a delayed refresh may come after the frame reloaded.
    const ask = () =>
      askRef.current(frames.channel(frameId) ?? channel, elementKey).then(
        (data) => current && setState({ key: elementKey, query: { status: 'ready', data } }),
        (error: unknown) => current && setState({ key: elementKey, query: { status: 'error', error: error instanceof Error ? error.message : String(error) } }),
      );
    // Only a new tree for the element already shown is a refresh; a new element or question is asked at once.
    const question = { frameId, elementKey, extraDependency };
    const refresh = isRefreshOf(asked.current, question);
    asked.current = question;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let frame: number | null = null;
    if (refresh) {
      // The same element's last answer stays on screen meanwhile: no flicker on every hot reload.
      timer = setTimeout(() => void ask(), FRAME_QUERY_REFRESH_DELAY_MS);
    } else {
      setState((previous) => (previous.key === elementKey && previous.query.status === 'ready' ? previous : { key: elementKey, query: { status: 'loading' } }));
      // Once the selection is painted: the frame runs on this page's thread, and its answer (the matched rules walk
      // every stylesheet) would otherwise come before the inspector naming the element is shown.
      frame = requestAnimationFrame(() => {
        frame = null;
        timer = setTimeout(() => void ask(), 0);
      });
    }
    return () => {
      current = false;
      if (timer) clearTimeout(timer);
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [frames, frameId, elementKey, navTree, extraDependency]);
  return state.key === elementKey ? state.query : { status: 'loading' };
}
