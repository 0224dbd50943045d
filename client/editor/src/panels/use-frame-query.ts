/**
 * Asks the selection's frame for something (computed styles, matched rules, the live class list, a component's
 * state) and asks again when the selection changes or a new nav tree arrives (hot reload, an instant update), so
 * what the inspector shows is never older than the frame's last tree. A late answer for an older question is
 * dropped.
 */
import { useEffect, useRef, useState } from 'react';
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import { frameChannel, type FrameChannel } from '../frame/frame-registry';

export type FrameQuery<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: string } | { status: 'no-frame' };

export function useFrameQuery<T>(
  frameId: string | null,
  elementKey: string | null,
  navTree: NavTreeNode | null,
  ask: (channel: FrameChannel, elementKey: string) => Promise<T>,
  extraDependency: unknown = null,
): FrameQuery<T> {
  const [state, setState] = useState<{ key: string | null; query: FrameQuery<T> }>({ key: null, query: { status: 'loading' } });
  const askRef = useRef(ask);
  askRef.current = ask;
  useEffect(() => {
    if (!frameId || !elementKey) return;
    const channel = frameChannel(frameId);
    if (!channel) {
      setState({ key: elementKey, query: { status: 'no-frame' } });
      return;
    }
    let current = true;
    // The same element's last answer stays on screen while it is asked again: no flicker on every hot reload.
    setState((previous) => (previous.key === elementKey && previous.query.status === 'ready' ? previous : { key: elementKey, query: { status: 'loading' } }));
    askRef.current(channel, elementKey).then(
      (data) => current && setState({ key: elementKey, query: { status: 'ready', data } }),
      (error: unknown) => current && setState({ key: elementKey, query: { status: 'error', error: error instanceof Error ? error.message : String(error) } }),
    );
    return () => {
      current = false;
    };
  }, [frameId, elementKey, navTree, extraDependency]);
  return state.key === elementKey ? state.query : { status: 'loading' };
}
